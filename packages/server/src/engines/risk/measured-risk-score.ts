// The risk score from measured inputs, until the ML service offers its own (docs/decisions/0013-risk-formulas.md).

/** Each input, as a fraction, is divided by its cap and clipped to 0..1 before it is weighted. */
export const RISK_SCORE_INPUTS = {
  /** Annualised volatility: 60 % a year or more scores 1. */
  volatility: { weight: 0.35, cap: 0.6 },
  /** 1-day historical VaR 95 % as a share of the value: 5 % or more scores 1. */
  valueAtRisk: { weight: 0.25, cap: 0.05 },
  /** Concentration (Σ w² for a portfolio, the weight for a position): all in one stock scores 1. */
  concentration: { weight: 0.2, cap: 1 },
  /** Max drawdown over the last month: 20 % or more scores 1. */
  drawdown: { weight: 0.2, cap: 0.2 },
} as const;

export type RiskScoreInputs = Record<keyof typeof RISK_SCORE_INPUTS, number>;

const percent = (value: number) => `${(value * 100).toFixed(1)} %`;

/**
 * Σ weight × min(1, max(0, input / cap)); 0 (calm) .. 1 (every input at or past its cap). Null when
 * any input is missing: a score from part of its inputs would read as calmer than it is.
 */
export function measuredRiskScore(
  inputs: {
    [K in keyof RiskScoreInputs]: number | null;
  },
): { score: number; basis: string } | null {
  let score = 0;
  for (const key of Object.keys(RISK_SCORE_INPUTS) as (keyof RiskScoreInputs)[]) {
    const value = inputs[key];
    if (value === null || !Number.isFinite(value)) return null;
    const { weight, cap } = RISK_SCORE_INPUTS[key];
    score += weight * Math.min(1, Math.max(0, value / cap));
  }
  const basis =
    `measured inputs: volatility ${percent(inputs.volatility!)} (35 %, capped at 60 %), ` +
    `VaR ${percent(inputs.valueAtRisk!)} (25 %, capped at 5 %), ` +
    `concentration ${inputs.concentration!.toFixed(2)} (20 %), ` +
    `drawdown ${percent(inputs.drawdown!)} (20 %, capped at 20 %)`;
  return { score, basis };
}
