import { z } from 'zod';
import { performancePeriodSchema, ratiosNoteSchema } from './analytics';
import { riskLevelSchema } from './safety';

/** spec part 1 §9 "ML risk score bands": low, medium, high (the schema is shared with the risk limits). */
export type RiskLevel = z.infer<typeof riskLevelSchema>;

/** spec part 1 §9 "ML risk score bands", as the thresholds a score is compared against. */
export const RISK_SCORE_BANDS = { lowBelow: 0.3, mediumBelow: 0.7 } as const;

export function riskLevelOf(score: number): RiskLevel {
  if (score < RISK_SCORE_BANDS.lowBelow) return 'low';
  return score < RISK_SCORE_BANDS.mediumBelow ? 'medium' : 'high';
}

/** spec part 1 §9 "Stress scenarios": NIFTY 50 falls of 10, 20 and 30 %. */
export const STRESS_DROPS_PERCENT = [10, 20, 30] as const;

export const RISK_RECOMMENDATIONS = ['hold', 'reduce', 'exit'] as const;
export const riskRecommendationSchema = z.enum(RISK_RECOMMENDATIONS);
export type RiskRecommendation = z.infer<typeof riskRecommendationSchema>;

/** Finite, or null where it cannot be computed honestly (never NaN or Infinity). */
const figure = z.number().finite().nullable();

/**
 * 1-day value at risk at 95 %, from today's positions replayed over the past sessions' returns.
 * Rupees are the loss (positive = money lost); percents are of the positions' value, in percent points.
 */
export const valueAtRiskSchema = z.object({
  /** −(5th percentile of the simulated daily P&L), linear interpolation (numpy / empyrical). */
  historical_rupees: figure,
  historical_pct: figure,
  /** 1.645 × the sample standard deviation of the same P&L (zero mean, RiskMetrics). */
  parametric_rupees: figure,
  parametric_pct: figure,
  /** Daily returns the figures rest on. */
  sessions: z.number().int().nonnegative(),
});
export type ValueAtRisk = z.infer<typeof valueAtRiskSchema>;

/** Rupees lost by today's positions if NIFTY 50 fell 10 / 20 / 30 %, each position scaled by its beta. */
export const stressTestSchema = z.object({
  scenario_1: figure,
  scenario_2: figure,
  scenario_3: figure,
});
export type StressTest = z.infer<typeof stressTestSchema>;

/**
 * The account's span Sharpe is computed over (decision 0061): the trailing quarter, Performance's Quarter
 * figure, because a month (≤ 23 sessions) never holds the 30 daily returns an annualised ratio needs.
 */
export const RISK_SHARPE_PERIOD = 'quarter' as const;

export const riskAccountSchema = z.enum(['paper', 'live']);
export const riskPriceSourceSchema = z.enum(['simulated', 'real']);

/**
 * spec part 1 §3 "Risk metrics". Rupees; percents in percent points (12.5 = 12.5 %); scores 0..1.
 * Two bases, both named: the account's own equity curve (max_drawdown and portfolio_return over the
 * trailing month, sharpe_ratio over the trailing quarter: the figures Performance shows for Month and
 * Quarter) and today's positions replayed over past sessions (volatility, var_95, beta, diversification,
 * stress_test, ml_risk_score).
 */
export const riskMetricsSchema = z.object({
  /** The deepest fall of the account's equity below its running peak in the trailing month, positive. */
  max_drawdown: figure,
  max_drawdown_rupees: figure,
  /** The trailing month's IST dates (YYYY-MM-DD) the account figures cover; from is null with an empty ledger. */
  account_window: z.object({ from: z.string().nullable(), to: z.string() }),
  /** The account's annualised Sharpe over sharpe_window; null under 30 daily returns, with sharpe_note saying why. */
  sharpe_ratio: figure,
  /** The span sharpe_ratio covers: Performance's period (RISK_SHARPE_PERIOD) and its IST dates. */
  sharpe_window: z.object({ period: performancePeriodSchema, from: z.string().nullable(), to: z.string() }),
  /** "Needs 30 trading days; this period has 10" while the window holds too few returns; else null. */
  sharpe_note: ratiosNoteSchema,
  /** The account's return over the trailing month, percent points and rupees. */
  portfolio_return: figure,
  portfolio_return_rupees: figure,
  /** Cash + holdings at the latest prices (the portfolio overview's figure). */
  portfolio_value: z.number().finite(),
  /** Today's positions at the latest prices: the money the position figures are about. */
  positions_value: z.number().finite(),
  positions_count: z.number().int().nonnegative(),
  /** Annualised (√252) sample standard deviation of the positions' simulated daily returns. */
  volatility: figure,
  var_95: valueAtRiskSchema,
  /** cov(portfolio, NIFTY 50) / var(NIFTY 50) over the common daily returns. */
  beta: figure,
  beta_benchmark: z.literal('NIFTY 50'),
  /** 0 (one stock, or perfectly correlated ones) .. 1; see diversification_method. */
  diversification_score: figure,
  diversification_method: z.string(),
  ml_risk_score: figure,
  /** Who scored it: the measured-inputs formula until the ML service offers its own. */
  ml_risk_source: z.enum(['measured_inputs', 'ml_service']),
  ml_risk_basis: z.string(),
  risk_level: riskLevelSchema.nullable(),
  stress_test: stressTestSchema,
  stress_drops_percent: z.array(z.number()),
  account: riskAccountSchema,
  source: riskPriceSourceSchema,
  /** Why figures are null, in a sentence (no positions, too little history); null when all are present. */
  note: z.string().nullable(),
  as_of: z.string(),
});
export type RiskMetrics = z.infer<typeof riskMetricsSchema>;

/** spec part 1 §3 "Position risk". Rupees; percents in percent points; scores 0..1. */
export const positionRiskSchema = z.object({
  symbol: z.string(),
  quantity: z.number().int(),
  avg_price: z.number().finite(),
  current_price: z.number().finite(),
  position_value: z.number().finite(),
  unrealized_pnl: z.number().finite(),
  unrealized_pnl_pct: figure,
  /** The stock's annualised volatility (√252 sample std of its daily returns). */
  price_volatility: figure,
  /** One session's standard deviation, percent points: what the stop and target are measured in. */
  daily_volatility_pct: figure,
  beta: figure,
  /** The position's share of all positions' value, percent points. */
  concentration_risk: z.number().finite(),
  /** 0..1, 1 = sold in well under a day; see liquidity_basis. */
  liquidity_score: figure,
  /** Mean traded value (volume × close) of the stock's last 20 sessions, rupees. */
  avg_daily_traded_value: figure,
  stop_loss_suggestion: figure,
  target_price: figure,
  ml_risk_score: figure,
  risk_level: riskLevelSchema.nullable(),
  recommendation: riskRecommendationSchema,
  /** The sentence of the rule that chose the recommendation, with the figures it compared. */
  recommendation_rule: z.string(),
});
export type PositionRisk = z.infer<typeof positionRiskSchema>;

export const positionRiskListSchema = z.object({
  positions: z.array(positionRiskSchema),
  account: riskAccountSchema,
  source: riskPriceSourceSchema,
  as_of: z.string(),
});
export type PositionRiskList = z.infer<typeof positionRiskListSchema>;
