// A few zod-free readers for replies the shell must check before zod has arrived (the session check
// and the dashboard's figures, docs/decisions/0046). Each reads exactly what its zod schema reads:
// unknown keys dropped, NaN and ±Infinity refused; first-figures-replies.test.ts holds them to it.

export const INVALID: unique symbol = Symbol('invalid');
export type Reader<T> = (value: unknown) => T | typeof INVALID;
type Read<R> = R extends Reader<infer T> ? T : never;

/** The `safeParse` shape ApiClient takes, as a zod schema has it. */
export interface ReplyCheck<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const number: Reader<number> = (v) => (typeof v === 'number' && Number.isFinite(v) ? v : INVALID);
export const integer: Reader<number> = (v) => (Number.isSafeInteger(v) ? (v as number) : INVALID);
export const string: Reader<string> = (v) => (typeof v === 'string' ? v : INVALID);
export const boolean: Reader<boolean> = (v) => (typeof v === 'boolean' ? v : INVALID);
export const literal =
  <T extends string | boolean>(expected: T): Reader<T> =>
  (v) =>
    v === expected ? expected : INVALID;
export const oneOf =
  <T extends string>(values: readonly T[]): Reader<T> =>
  (v) =>
    (values as readonly unknown[]).includes(v) ? (v as T) : INVALID;
export const optional =
  <T>(read: Reader<T>): Reader<T | undefined> =>
  (v) =>
    v === undefined ? undefined : read(v);
/** `read`, or `fallback` when the value is missing, as zod's `.default(fallback)`. */
export const withDefault =
  <T>(read: Reader<T>, fallback: T): Reader<T> =>
  (v) =>
    v === undefined ? fallback : read(v);
export const nullable =
  <T>(read: Reader<T>): Reader<T | null> =>
  (v) =>
    v === null ? null : read(v);

/** An object of the given fields; other keys are dropped, as z.object does. */
export function object<S extends Record<string, Reader<unknown>>>(
  shape: S,
): Reader<{ [K in keyof S]: Read<S[K]> }> {
  return (v) => {
    if (!isRecord(v)) return INVALID;
    const out: Record<string, unknown> = {};
    for (const [key, read] of Object.entries(shape)) {
      const value = read(v[key]);
      if (value === INVALID) return INVALID;
      if (value !== undefined) out[key] = value;
    }
    return out as { [K in keyof S]: Read<S[K]> };
  };
}

/** Every one of `keys` and no other, as z.record over a z.enum of keys does. */
export const recordOf =
  <K extends string, T>(keys: readonly K[], read: Reader<T>): Reader<Record<K, T>> =>
  (v) => {
    if (!isRecord(v) || Object.keys(v).some((key) => !(keys as readonly string[]).includes(key)))
      return INVALID;
    const out = {} as Record<K, T>;
    for (const key of keys) {
      const value = read(v[key]);
      if (value === INVALID) return INVALID;
      out[key] = value;
    }
    return out;
  };

export const replyCheck = <T>(read: Reader<T>): ReplyCheck<T> => ({
  safeParse(value) {
    const data = read(value);
    return data === INVALID ? { success: false } : { success: true, data };
  },
});
