/**
 * The part of zod the browser builds call, shared as `zod` instead of the whole package. A shared
 * module is never tree-shaken, so sharing zod itself shipped every locale, JSON Schema and the
 * compiler on the first load (docs/decisions/0040). A schema that needs another `z.` function
 * lists it here first; zod-browser.test.ts fails when a source file calls one that is missing.
 * Types come from zod itself: consumers still `import { z } from 'zod'`.
 */
import {
  array,
  boolean,
  coerce,
  discriminatedUnion,
  email,
  enum as enumOf,
  iso,
  literal,
  looseObject,
  NEVER,
  number,
  object,
  partialRecord,
  preprocess,
  record,
  string,
  tuple,
  union,
  url,
  ZodError,
  ZodType,
} from 'zod-complete';

export const z = {
  array,
  boolean,
  coerce,
  discriminatedUnion,
  email,
  enum: enumOf,
  iso,
  literal,
  looseObject,
  NEVER,
  number,
  object,
  partialRecord,
  preprocess,
  record,
  string,
  tuple,
  union,
  url,
  ZodError,
  ZodType,
};
