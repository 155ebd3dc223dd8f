import { z } from 'zod';
import { calendarDateSchema } from './calendar-date';

/** The longest range one export covers: a year, leap day included. */
export const AUDIT_MAX_RANGE_DAYS = 366;

const DAY_MS = 86_400_000;

/** Days from one YYYY-MM-DD to another, both taken as the same time zone's midnight. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** GET /api/audit/orders(.csv): IST days `from` to `to`, both included, at most a year. */
export const auditOrdersQuerySchema = z
  .object({ from: calendarDateSchema('from'), to: calendarDateSchema('to') })
  .refine(({ from, to }) => from <= to, {
    message: 'from must be on or before to: swap the two dates',
    path: ['to'],
  })
  .refine(({ from, to }) => daysBetween(from, to) < AUDIT_MAX_RANGE_DAYS, {
    message: `the range is more than ${AUDIT_MAX_RANGE_DAYS} days: export a year at a time`,
    path: ['to'],
  });
export type AuditOrdersQuery = z.infer<typeof auditOrdersQuerySchema>;

export const ORDER_ORIGINS = ['loop', 'manual', 'close_all'] as const;
export type OrderOriginContract = (typeof ORDER_ORIGINS)[number];

/** One decision of the trail, as the screen lists it; money in rupees at the API edge. */
export const orderAuditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  account: z.enum(['paper', 'live']),
  origin: z.enum(ORDER_ORIGINS),
  decided_by: z.enum(['origin', 'halt', 'circuit_breaker', 'risk_limit', 'broker']),
  actor: z.string(),
  signal: z.string().nullable(),
  reasons: z.string().nullable(),
  order_id: z.string(),
  symbol: z.string(),
  side: z.enum(['BUY', 'SELL']),
  quantity: z.number().int(),
  price: z.number().nullable(),
  outcome: z.string(),
  detail: z.string().nullable(),
});
export type OrderAuditEntryContract = z.infer<typeof orderAuditEntrySchema>;
