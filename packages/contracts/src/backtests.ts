import { z } from 'zod';
import { allocationStrategySchema } from './allocation';
import { ratiosNoteSchema } from './analytics';
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

// The replies, as engines/backtest/backtest-view.ts builds them: money in rupees, times ISO.

const rupees = z.number().finite();

const backtestChargesSchema = z.object({
  brokerage: rupees,
  stt: rupees,
  exchange_transaction: rupees,
  sebi_fee: rupees,
  gst: rupees,
  stamp_duty: rupees,
  total: rupees,
});

export const backtestOrderSchema = z.object({
  at: z.string(),
  symbol: z.string(),
  side: z.enum(['BUY', 'SELL']),
  quantity: z.number().int(),
  /** Average fill price; null when nothing filled. */
  price: rupees.nullable(),
  product: z.enum(['I', 'D']),
  status: z.enum(['PENDING', 'FILLED', 'CANCELLED', 'REJECTED']),
  strategy: z.string(),
  reject_reason: z.string().nullable(),
  charges: backtestChargesSchema,
});
export type BacktestOrder = z.infer<typeof backtestOrderSchema>;

/** A closed trade: a FIFO round trip, as the Performance screen pairs the account's fills. */
export const backtestTradeSchema = z.object({
  symbol: z.string(),
  /** The entry order's strategy. */
  strategy: z.string(),
  /** The exit order's: exit:target, exit:stop_loss, exit:max_hold, or the signal that sold. */
  exit_reason: z.string(),
  quantity: z.number().int(),
  entry_at: z.string(),
  exit_at: z.string(),
  entry_price: rupees,
  exit_price: rupees,
  /** quantity × (exit − entry). */
  gross_pnl: rupees,
  /** This trade's part of its entry and exit contract notes. */
  charges: rupees,
  net_pnl: rupees,
  holding_minutes: z.number().int().nonnegative(),
});
export type BacktestTrade = z.infer<typeof backtestTradeSchema>;

export const backtestEquityPointSchema = z.object({
  /** The first point is the starting capital at the first bar's open, before any trade. */
  at: z.string(),
  equity: rupees,
  /** Below the running peak, percent points (0 at a peak). */
  drawdown_percent: z.number(),
  /** The starting capital held in the NIFTY 50 from the first open; null without the index. */
  nifty_50: rupees.nullable(),
});
export type BacktestEquityPoint = z.infer<typeof backtestEquityPointSchema>;

/** The Performance screen's monthly row, with the month's charges. */
export const backtestMonthSchema = z.object({
  /** YYYY-MM (IST). */
  month: z.string(),
  pnl: rupees,
  return_percent: z.number(),
  trades: z.number().int(),
  win_rate: z.number().nullable(),
  charges: rupees,
});
export type BacktestMonth = z.infer<typeof backtestMonthSchema>;

/** The Performance screen's metric figures (the same names and formulas) over the run. */
export const backtestMetricsSchema = z.object({
  total_return: rupees,
  total_return_percent: z.number(),
  annualized_return: z.number().nullable(),
  win_rate: z.number().nullable(),
  total_trades: z.number().int(),
  winning_trades: z.number().int(),
  losing_trades: z.number().int(),
  avg_win: rupees.nullable(),
  avg_loss: rupees.nullable(),
  largest_win: rupees.nullable(),
  largest_loss: rupees.nullable(),
  profit_factor: z.number().nullable(),
  expectancy: rupees.nullable(),
  sharpe_ratio: z.number().nullable(),
  sortino_ratio: z.number().nullable(),
  calmar_ratio: z.number().nullable(),
  /** Of the equity after every replayed minute, percent points, positive. */
  max_drawdown: z.number(),
  max_drawdown_amount: rupees,
  volatility: z.number().nullable(),
  /** Set when Sharpe, Sortino, Calmar and volatility are withheld: a run of under 30 sessions. */
  ratios_note: ratiosNoteSchema,
  avg_hold_time_hours: z.number().nullable(),
  risk_free_rate: z.number(),
});
export type BacktestMetrics = z.infer<typeof backtestMetricsSchema>;

/** The starting capital put into the NIFTY 50 at the first bar's open and held to the last close. */
export const backtestBuyAndHoldSchema = z.object({
  index: z.literal('NIFTY 50'),
  start_level: z.number(),
  end_level: z.number(),
  final_value: rupees,
  pnl: rupees,
  return_percent: z.number(),
});
export type BacktestBuyAndHold = z.infer<typeof backtestBuyAndHoldSchema>;

const share = z.number().min(0).max(1);

/** What the ML ensemble measured in a run with ML signals: out of sample before the range and within it. */
export const backtestMlSchema = z.object({
  signals: z.enum(['ml', 'ml_full']),
  news: z.boolean(),
  /** Its weight in the signal beside the two rules' (each ⅓), 0..1 of its ⅓. */
  say: share,
  say_reason: z.string(),
  /** Sessions before the range it was trained on, walk-forward. */
  trained_sessions: z.number().int().nonnegative(),
  /** That walk-forward's out-of-sample figures; null with too few sessions to score. */
  before: z
    .object({
      /** Sessions scored out of sample (the first few only train). */
      scored_sessions: z.number().int().nonnegative(),
      predictions: z.number().int().nonnegative(),
      accuracy: share,
      always_up_accuracy: share,
      coin_accuracy: share,
      edge: z.number(),
      edge_interval: z.tuple([z.number(), z.number()]).nullable(),
    })
    .nullable(),
  /** Headlines published in the range's sessions, the whole market's (the models read the 24 h up to each minute). */
  headlines: z.number().int().nonnegative(),
  /** The range's predictions, each resolved 30 minutes after it was made (out of sample). */
  predictions: z.number().int().nonnegative(),
  accuracy: share.nullable(),
  always_up_accuracy: share.nullable(),
  /** Each model's calls: coverage is the share of predictions where it had a view, accuracy over those. */
  models: z.array(
    z.object({
      name: z.string(),
      description: z.string(),
      views: z.number().int().nonnegative(),
      coverage: share,
      accuracy: share.nullable(),
    }),
  ),
});
export type BacktestMl = z.infer<typeof backtestMlSchema>;

/** A result carries at most this many orders and trades, the latest: a year's run closes thousands. */
export const BACKTEST_ROWS_SENT = 500;

/**
 * A complete run's figures: net P&L is final equity less capital, the charges already paid out of it.
 * Runs stored before trades, equity, monthly, metrics and buy_and_hold were recorded have none of them.
 */
export const backtestResultSchema = z.object({
  starting_capital: rupees,
  final_equity: rupees,
  net_pnl: rupees,
  charges: rupees,
  /** Value of every fill, both sides. */
  turnover: rupees,
  bars: z.number().int().nonnegative(),
  sessions: z.array(z.object({ date: z.string(), orders: z.number().int(), end_equity: rupees })),
  /** The latest BACKTEST_ROWS_SENT orders (all of them in runs stored before the cap); orders_total counts all. */
  orders: z.array(backtestOrderSchema),
  orders_total: z.number().int().nonnegative().optional(),
  orders_filled: z.number().int().nonnegative().optional(),
  /** The latest BACKTEST_ROWS_SENT closed trades; trades_total counts all, and the metrics are over all. */
  trades: z.array(backtestTradeSchema).optional(),
  trades_total: z.number().int().nonnegative().optional(),
  equity: z.array(backtestEquityPointSchema).optional(),
  /** Minutes between two equity points within a session. */
  equity_stride_minutes: z.number().int().positive().optional(),
  /** Past the coarsest stride the curve keeps one session end in this many (absent or 1: every one). */
  equity_stride_sessions: z.number().int().positive().optional(),
  buy_and_hold: backtestBuyAndHoldSchema.nullable().optional(),
  /** A run over stored candles: what its NIFTY 50 line is rebuilt from, or why it has none. */
  benchmark_note: z.string().nullable().optional(),
  metrics: backtestMetricsSchema.optional(),
  monthly: z.array(backtestMonthSchema).optional(),
  /** A run with ML signals: what the ensemble measured; null (or absent) for the rules alone. */
  ml: backtestMlSchema.nullable().optional(),
  errors: z.array(z.string()),
});
export type BacktestResult = z.infer<typeof backtestResultSchema>;

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
