import type { z } from 'zod';
import { HttpError } from './errors';

/** Parses a request part with its shared schema; a failure becomes a 400 naming the field and the fix. */
export function validate<T extends z.ZodType>(schema: T, value: unknown, part = 'body'): z.infer<T> {
  // Parsed first without options: with any, zod leaves its compiled fast path (≈ 2 µs against 7 µs
  // for an order). Only a refused value is parsed again, reporting the input the sentence needs.
  const parsed = schema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  const issue = schema.safeParse(value ?? {}, { reportInput: true }).error?.issues[0];
  const field = issue?.path.length ? issue.path.join('.') : part;
  const message =
    issue?.code === 'invalid_type' && issue.input === undefined ? `${field} is required` : issue?.message;
  throw new HttpError(400, `Invalid ${field}: ${message ?? 'not accepted'}`, 'validation_failed', { field });
}
