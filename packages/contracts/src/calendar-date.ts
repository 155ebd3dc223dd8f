import { z } from 'zod';

/**
 * A YYYY-MM-DD request field that names a real calendar day (2026-02-30 is refused, where
 * `Date.parse` would roll it into March), with sentences that say what to send.
 */
export const calendarDateSchema = (field: string) =>
  z
    .string({ error: `${field} is required, as a date like 2026-04-01` })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${field} must be a date like 2026-04-01`)
    .refine((text) => {
      const date = new Date(`${text}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
    }, `${field} is not a real calendar date`);
