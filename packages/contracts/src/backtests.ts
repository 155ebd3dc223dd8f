import { z } from 'zod';
import { allocationStrategySchema } from './allocation';

// The strategy lab's backtests (docs/decisions/0054): one run at a time, over the server's history.

const istDate = (field: 'from' | 'to') =>
  z
    .string({ error: `${field} is required, as a date like 2026-04-01` })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${field} must be a date like 2026-04-01`)
    .refine((text) => {
      const date = new Date(`${text}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
    }, `${field} is not a real calendar date`);

const percent = (field: string, max: number) =>
  z
    .number({ error: `${field} must be a number of percent, such as 2` })
    .finite(`${field} must be a number of percent, such as 2`)
    .gt(0, `${field} must be more than 0 %`)
    .max(max, `${field} must be at most ${max} %`);

/** POST /api/backtests: the range, the symbols (none: all) and the settings tried; capital in rupees. */
export const backtestStartRequestSchema = z
  .object({
    from: istDate('from'),
    to: istDate('to'),
    symbols: z
      .array(
        z.string({ error: 'each symbol must be text, such as INFY' }).regex(/^[A-Z0-9&-]{1,20}$/, {
          error: 'each symbol must be an NSE symbol in capitals, such as INFY',
        }),
        { error: 'symbols must be a list of NSE symbols, such as ["INFY", "TCS"]' },
      )
      .max(200, 'symbols lists at most 200 names')
      .default([]),
    capital: z
      .number({ error: 'capital must be a whole number of rupees, such as 1000000' })
      .int('capital must be a whole number of rupees, such as 1000000')
      // The paper limits keep ₹1,00,000 as the minimum balance: less capital could never buy.
      .min(
        150_000,
        'capital must be at least ₹1,50,000: the paper account keeps ₹1,00,000 as its minimum balance',
      )
      .max(10_000_000_000, 'capital is at most ₹10,00,00,00,000'),
    allocation_strategy: allocationStrategySchema.default('moderate'),
    min_confidence: z
      .number({ error: 'min_confidence must be a number from 0 to 1, such as 0.7' })
      .min(0, 'min_confidence must be from 0 to 1, such as 0.7')
      .max(1, 'min_confidence must be from 0 to 1, such as 0.7')
      .optional(),
    stop_loss_pct: percent('stop_loss_pct', 50).optional(),
    target_pct: percent('target_pct', 100).optional(),
    max_hold_minutes: z
      .number({ error: 'max_hold_minutes must be a whole number of minutes, such as 60' })
      .int('max_hold_minutes must be a whole number of minutes, such as 60')
      .min(1, 'max_hold_minutes must be at least 1')
      .max(375, 'max_hold_minutes is at most 375, a whole session')
      .optional(),
    product: z.enum(['I', 'D'], { error: 'product must be I (intraday) or D (delivery)' }).default('I'),
    brokerage_plan: z
      .enum(['flat', 'discount'], { error: 'brokerage_plan must be flat or discount' })
      .default('flat'),
  })
  .strict()
  .refine(({ from, to }) => from <= to, {
    message: 'from must be on or before to: swap the two dates',
    path: ['to'],
  });
export type BacktestStartRequest = z.infer<typeof backtestStartRequestSchema>;

export const BACKTEST_STATUSES = ['running', 'complete', 'cancelled', 'failed'] as const;
export type BacktestStatus = (typeof BACKTEST_STATUSES)[number];
