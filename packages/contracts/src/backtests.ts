import { z } from 'zod';
import { allocationStrategySchema } from './allocation';
import { backtestResultSchema } from './backtest-results';
import { calendarDateSchema } from './calendar-date';

// The strategy lab's backtests (docs/decisions/0054): one run at a time, over the server's history.

const percent = (field: string, max: number) =>
  z
    .number({ error: `${field} must be a number of percent, such as 2` })
    .finite(`${field} must be a number of percent, such as 2`)
    // Exits are checked in basis points: less than 0.01 % rounds to 0 and would fire at once.
    .gte(0.01, `${field} must be at least 0.01 %`)
    .max(max, `${field} must be at most ${max} %`);

/**
 * Where a backtest reads its one-minute bars: the simulator's generated history, or the candles
 * imported or fetched into historical_candles (docs/decisions/0056).
 */
export const BACKTEST_DATA = ['generated', 'stored'] as const;
export type BacktestData = (typeof BACKTEST_DATA)[number];

/**
 * What ranks the stocks in a backtest (docs/decisions/0058): the rules alone (momentum and mean
 * reversion); the rules with the ML ensemble at the say its measured edge before the range gives it,
 * as the live loop weighs it; or the ensemble at full say, to see what trading on it would have done.
 */
export const BACKTEST_SIGNALS = ['rules', 'ml', 'ml_full'] as const;
export type BacktestSignals = (typeof BACKTEST_SIGNALS)[number];

/** POST /api/backtests: the range, the symbols (none: all) and the settings tried; capital in rupees. */
export const backtestStartRequestSchema = z
  .object({
    data: z
      .enum(BACKTEST_DATA, {
        error: 'data must be generated (the simulator’s history) or stored (imported or fetched candles)',
      })
      .default('generated'),
    from: calendarDateSchema('from'),
    to: calendarDateSchema('to'),
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
    signals: z
      .enum(BACKTEST_SIGNALS, {
        error:
          'signals must be rules, ml (the ML ensemble at its measured say, as live) or ml_full (the ensemble at full say)',
      })
      .default('rules'),
    /** Whether the ML ensemble reads the news (its sentiment features and news model); only with ML signals. */
    news: z.boolean({ error: 'news must be true or false' }).default(true),
  })
  .strict()
  .refine(({ from, to }) => from <= to, {
    message: 'from must be on or before to: swap the two dates',
    path: ['to'],
  });
export type BacktestStartRequest = z.infer<typeof backtestStartRequestSchema>;

export const BACKTEST_STATUSES = ['running', 'complete', 'cancelled', 'failed'] as const;
export type BacktestStatus = (typeof BACKTEST_STATUSES)[number];

/** GET /api/backtests/:id (with `result`, null unless complete) and each run of GET /api/backtests (without). */
export const backtestRunSchema = z.object({
  id: z.string(),
  status: z.enum(BACKTEST_STATUSES),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  settings: backtestStartRequestSchema,
  progress: z.object({
    bars_done: z.number().int().nonnegative(),
    total_bars: z.number().int().nonnegative(),
    percent: z.number().min(0).max(100),
  }),
  result: backtestResultSchema.nullable().optional(),
  error: z.string().nullable(),
});
export type BacktestRun = z.infer<typeof backtestRunSchema>;

export const backtestRunListSchema = z.object({ runs: z.array(backtestRunSchema) });
export type BacktestRunList = z.infer<typeof backtestRunListSchema>;

/** The stream topic a run's progress is published on, a few frames a second at most. */
export const BACKTESTS_STREAM_TOPIC = 'backtests';

export const backtestProgressFrameSchema = z.object({
  id: z.string(),
  status: z.enum(BACKTEST_STATUSES),
  bars_done: z.number().int().nonnegative(),
  bars_total: z.number().int().nonnegative(),
  percent: z.number().min(0).max(100),
  /** Seconds left at the pace so far; null until there is a pace to go by. */
  eta_seconds: z.number().nonnegative().nullable(),
});
export type BacktestProgressFrame = z.infer<typeof backtestProgressFrameSchema>;
