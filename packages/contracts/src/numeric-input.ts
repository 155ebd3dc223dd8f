import { z } from 'zod';

// Numbers as a trader types them into a form: plain decimals, checked for the places they may carry.

/** Plain decimal text as a person types it: "250000", "-3", "2.5", ".5". No hex, exponent or spaces inside. */
const PLAIN_DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/**
 * A finite number, or plain decimal text ("250000" from a form or a query string). Unlike z.coerce
 * and Number() it refuses null, '', booleans and lists, and text such as "0x10", "1e3" or "Infinity"
 * that Number() would read as some other amount: those reach the schema as text and fail its
 * "must be a number" sentence.
 */
export function numeric<T extends z.ZodType<number>>(schema: T) {
  return z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    const text = value.trim();
    return PLAIN_DECIMAL.test(text) ? Number(text) : value;
  }, schema);
}

/** True when `value` is exactly a decimal with at most `places` digits after the point (6e-323 is not). */
export function hasAtMostDecimals(value: number, places: number): boolean {
  return Number(value.toFixed(places)) === value;
}
