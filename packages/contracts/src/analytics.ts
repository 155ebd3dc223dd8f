import { z } from 'zod';
import { symbolSchema } from './market';

/** spec part 2 §9 "Performance periods"; `all` is shown as All Time. */
export const PERFORMANCE_PERIODS = ['day', 'week', 'month', 'quarter', 'year', 'all'] as const;
export const performancePeriodSchema = z.enum(PERFORMANCE_PERIODS, {
  error: `period must be one of ${PERFORMANCE_PERIODS.join(', ')}`,
});
export type PerformancePeriod = z.infer<typeof performancePeriodSchema>;

/**
 * The query both performance calls take. Filter narrows every figure to one strategy and/or one
 * symbol (the strategies the loop records on its orders; a symbol of the universe).
 */
export const performanceQuerySchema = z.object({
  period: performancePeriodSchema.default('all'),
  strategy: z.string().trim().min(1).max(64, 'strategy is at most 64 characters').optional(),
  symbol: symbolSchema.optional(),
});
export type PerformanceQuery = z.infer<typeof performanceQuerySchema>;

/** Which account a figure is computed from, and whether its prices are the simulator's. */
export const analyticsSourceSchema = z.object({
  account: z.enum(['paper', 'live']),
  trading_mode: z.enum(['mock', 'paper', 'live']),
  /** True when any price behind the figures came from the market simulator (mock mode, replayed history). */
  simulated: z.boolean(),
  /** One sentence for the screen, e.g. "Paper account, simulated prices". */
  description: z.string(),
});
export type AnalyticsSource = z.infer<typeof analyticsSourceSchema>;

const dayFigureSchema = z.object({ date: z.string(), pnl: z.number() });

/**
 * Under this many daily returns Sharpe, Sortino, Calmar and volatility are withheld (null): scaled by
 * √252, two sessions' noise reads like a verdict (a Sharpe of −218). `ratios_note` then says why.
 */
export const MIN_DAILY_RETURNS_FOR_RATIOS = 30;

/** Why the annualised ratios are null ("Needs 30 trading days; this period has 2"); null when they are not withheld. */
export const ratiosNoteSchema = z.string().nullable();

/**
 * spec part 2 §3 "Performance analytics data" plus what the spec's screen faked. Rupees; percents
 * as percent points (12.5 = 12.5 %); ratios plain. A figure that cannot be computed honestly (no
 * trades, no losses, a period under 30 days for CAGR, under 30 daily returns for the annualised ratios, a
 * flat curve) is null, never NaN or Infinity.
 */
export const performanceAnalyticsSchema = z.object({
  period: performancePeriodSchema,
  /** IST dates (YYYY-MM-DD) the period covers; null from with an empty ledger. */
  from: z.string().nullable(),
  to: z.string(),
  total_return: z.number(),
  total_return_percent: z.number(),
  annualized_return: z.number().nullable(),
  win_rate: z.number().nullable(),
  total_trades: z.number().int(),
  winning_trades: z.number().int(),
  losing_trades: z.number().int(),
  avg_win: z.number().nullable(),
  avg_loss: z.number().nullable(),
  largest_win: z.number().nullable(),
  largest_loss: z.number().nullable(),
  profit_factor: z.number().nullable(),
  expectancy: z.number().nullable(),
  sharpe_ratio: z.number().nullable(),
  sortino_ratio: z.number().nullable(),
  calmar_ratio: z.number().nullable(),
  /** Percent points, positive (a 12 % fall is 12). */
  max_drawdown: z.number(),
  max_drawdown_amount: z.number(),
  max_drawdown_peak_date: z.string().nullable(),
  max_drawdown_trough_date: z.string().nullable(),
  /** Annualised standard deviation of daily returns, percent points. */
  volatility: z.number().nullable(),
  /** Set when Sharpe, Sortino, Calmar and volatility are withheld: under MIN_DAILY_RETURNS_FOR_RATIOS returns. */
  ratios_note: ratiosNoteSchema,
  avg_hold_time_hours: z.number().nullable(),
  /** Share of the period's sessions with any position open, percent points. */
  exposure_time_percent: z.number().nullable(),
  best_day: dayFigureSchema.nullable(),
  worst_day: dayFigureSchema.nullable(),
  /** The annual risk-free rate Sharpe and Sortino use, percent points (a setting). */
  risk_free_rate: z.number(),
  source: analyticsSourceSchema,
});
export type PerformanceAnalytics = z.infer<typeof performanceAnalyticsSchema>;

export const equityPointSchema = z.object({
  date: z.string(),
  /** Cash + holdings marked at the session's close, rupees. */
  equity: z.number(),
  /** The day's P&L with deposits and withdrawals netted out, rupees. */
  pnl: z.number(),
  return_percent: z.number(),
  /** Below the running peak, percent points (0 at a peak, positive below it). */
  drawdown_percent: z.number(),
  trades: z.number().int(),
});

export const monthlyReturnSchema = z.object({
  /** YYYY-MM (IST). */
  month: z.string(),
  return_percent: z.number(),
  pnl: z.number(),
  trades: z.number().int(),
  win_rate: z.number().nullable(),
});

export const groupPerformanceSchema = z.object({
  /** The symbol or the strategy. */
  name: z.string(),
  trades: z.number().int(),
  winning_trades: z.number().int(),
  win_rate: z.number().nullable(),
  pnl: z.number(),
  avg_pnl: z.number().nullable(),
  largest_win: z.number().nullable(),
  largest_loss: z.number().nullable(),
});

export const performanceReturnsSchema = z.object({
  period: performancePeriodSchema,
  equity: z.array(equityPointSchema),
  monthly: z.array(monthlyReturnSchema),
  stocks: z.array(groupPerformanceSchema),
  strategies: z.array(groupPerformanceSchema),
  /** What Filter may choose from: every strategy and symbol with a closed trade in the account. */
  filters: z.object({ strategies: z.array(z.string()), symbols: z.array(z.string()) }),
  source: analyticsSourceSchema,
});
export type PerformanceReturns = z.infer<typeof performanceReturnsSchema>;

/** spec part 1 §3 "Research analysis", with the reasons and risk the trader needs to act on it. */
export const researchRecommendationSchema = z.object({
  symbol: z.string(),
  signal: z.enum(['BUY', 'SELL', 'HOLD']),
  /** The loop also trades Bank NIFTY members outside the NIFTY 50; the screen shows NIFTY 50 first. */
  in_nifty_50: z.boolean(),
  /** 0..1. */
  confidence: z.number(),
  score: z.number(),
  /** Rupees: the last price, and where the exit rules would take profit and cut the loss. */
  price: z.number(),
  target: z.number().nullable(),
  stop: z.number().nullable(),
  /** The stop's distance below the price, rupees and percent points. */
  risk: z.number().nullable(),
  risk_percent: z.number().nullable(),
  risk_band: z.enum(['Low', 'Moderate', 'High']).nullable(),
  reasons: z.array(z.string()),
});
export type ResearchRecommendation = z.infer<typeof researchRecommendationSchema>;

export const researchAnalysisSchema = z.object({
  market_sentiment: z.enum(['Bullish', 'Bearish', 'Neutral']),
  /** Why: breadth (advancers vs decliners of the NIFTY 50) and news sentiment when the ML service has it. */
  sentiment_basis: z.string(),
  advancers: z.number().int(),
  decliners: z.number().int(),
  trend_direction: z.enum(['Uptrend', 'Downtrend', 'Sideways']),
  trend_basis: z.string(),
  volatility_level: z.enum(['Low', 'Moderate', 'High', 'Unknown']),
  /** Annualised realised volatility of NIFTY 50, percent points; null without enough closes. */
  volatility_percent: z.number().nullable(),
  volatility_basis: z.string(),
  recommendations: z.array(researchRecommendationSchema),
  strategy: z.string(),
  as_of: z.string(),
  source: z.string(),
  simulated: z.boolean(),
});
export type ResearchAnalysis = z.infer<typeof researchAnalysisSchema>;
