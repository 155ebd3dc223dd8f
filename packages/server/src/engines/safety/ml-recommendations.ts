import { type RiskLimits, riskLevelOf } from '@td/contracts';

/** The risk engine's score (/api/risk/metrics: ml_risk_score and its basis). */
export type EngineRiskScore =
  | { score: number | null; basis: string }
  /** The engine cannot measure right now (no market prices): its sentence. */
  | { unavailable: string };

export interface RecommendationInputs {
  engine: EngineRiskScore | null;
  /** NIFTY 50's annualised one-minute volatility (percent), null until measurable. */
  niftyVolatility: number | null;
  report: Omit<RiskLimits, 'ml_recommendations'>;
  nextReview: number;
}

const FALLBACK_BASIS =
  'the mean of NIFTY 50 one-minute volatility / 40 %, drawdown / its limit and the largest stock / its limit';

/**
 * spec part 1 §3 "Risk limits" ml_recommendations, from measured inputs until the ML service scores
 * risk: the risk engine's score when it has one, else a score of this engine's own inputs; cash
 * 10 % + 40 % × score; sizing = the maximum position size × (1 − score / 2).
 */
export function mlRecommendations(inputs: RecommendationInputs): RiskLimits['ml_recommendations'] {
  const { report, niftyVolatility: volatility, engine } = inputs;
  if (engine && 'unavailable' in engine) return unscored(inputs, engine.unavailable);
  const engineScore = engine?.score ?? null;
  const score = engineScore ?? fallbackScore(volatility, report);
  const basis =
    engineScore !== null ? `risk engine: ${engine!.basis}` : `this engine's fallback: ${FALLBACK_BASIS}`;
  const rounded = score === null ? null : Math.round(score * 100) / 100;
  return {
    current_risk_score: rounded,
    risk_level: rounded === null ? null : riskLevelOf(rounded),
    recommended_cash_allocation: rounded === null ? null : Math.round(10 + 40 * rounded),
    market_regime: regimeOf(volatility),
    suggested_position_sizing:
      rounded === null
        ? null
        : Math.round(report.position_limits.max_position_size * (1 - rounded / 2) * 10) / 10,
    next_review_date: new Date(inputs.nextReview).toISOString(),
    basis: `Measured, not from the ML service. Score from ${basis}; cash 10 % + 40 % × score; position sizing = maximum position size × (1 − score / 2), percent of capital.`,
  };
}

/**
 * While the risk engine cannot measure (its routes answer 503), no score at all: a score of another
 * formula would sit on the screen beside the engine's last good one and disagree with it.
 */
function unscored(inputs: RecommendationInputs, why: string): RiskLimits['ml_recommendations'] {
  const reason = why.charAt(0).toLowerCase() + why.slice(1);
  return {
    current_risk_score: null,
    risk_level: null,
    recommended_cash_allocation: null,
    market_regime: regimeOf(inputs.niftyVolatility),
    suggested_position_sizing: null,
    next_review_date: new Date(inputs.nextReview).toISOString(),
    basis: `No risk score: ${reason}`,
  };
}

function fallbackScore(volatility: number | null, report: RecommendationInputs['report']): number | null {
  const parts = [
    volatility === null ? null : Math.min(1, volatility / 40),
    Math.min(1, report.usage.drawdown / report.loss_limits.max_drawdown_limit),
    Math.min(1, report.usage.largest_stock.percent / report.position_limits.max_single_stock),
  ].filter((value): value is number => value !== null);
  return parts.length ? parts.reduce((a, b) => a + b, 0) / parts.length : null;
}

/** The volatility regime by the circuit breaker's 40 % and research's 20 % "High" band. */
function regimeOf(volatility: number | null): string {
  if (volatility === null) return 'unknown (NIFTY 50 volatility needs 15 minutes of prices)';
  if (volatility > 40) return 'high volatility';
  if (volatility >= 20) return 'elevated volatility';
  return 'normal';
}
