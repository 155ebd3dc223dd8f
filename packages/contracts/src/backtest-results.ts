import { z } from 'zod';
import { ratiosNoteSchema } from './analytics';

// A finished backtest's figures (docs/decisions/0054, 0058): the result GET /api/backtests/:id carries.
// As engines/backtest/backtest-view.ts builds them: money in rupees, times ISO.

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
