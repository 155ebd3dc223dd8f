/** spec part 1 §3 "Allocation settings": how much of capital the loop may invest in a day. */
export type AllocationStrategy = 'conservative' | 'moderate' | 'aggressive' | 'ai_optimized';

/** spec part 1 §9 "Allocation strategies": percent of capital per day. */
export const STRATEGY_PERCENT: Readonly<Record<Exclude<AllocationStrategy, 'ai_optimized'>, number>> = {
  conservative: 1.5,
  moderate: 2.5,
  aggressive: 4.0,
};

export const DEFAULT_ALLOCATION_STRATEGY: AllocationStrategy = 'moderate';

/** spec part 1 §2 "Daily Investment Allocation": the limits panel's Minimum 1.0 % and Maximum 4.0 %. */
export const MANUAL_PERCENT_LIMITS = { min: 1.0, max: 4.0 } as const;

/**
 * The day's budget as a percent of capital. A manual percent overrides the strategy (kept within
 * the spec's 1–4 % limits, so a bad setting cannot bet the account). ai_optimized scales
 * linearly from conservative (1.5 %) to aggressive (4.0 %) with the average confidence (0..1) of
 * today's BUY signals: no convincing signals, spend little; strong ones, spend up to the cap.
 */
export function budgetPercent(
  strategy: AllocationStrategy,
  manualPct?: number | null,
  averageConfidence = 0,
): number {
  if (manualPct !== undefined && manualPct !== null && Number.isFinite(manualPct)) {
    return Math.min(MANUAL_PERCENT_LIMITS.max, Math.max(MANUAL_PERCENT_LIMITS.min, manualPct));
  }
  if (strategy !== 'ai_optimized') return STRATEGY_PERCENT[strategy];
  const confidence = Number.isFinite(averageConfidence) ? Math.min(1, Math.max(0, averageConfidence)) : 0;
  const { conservative, aggressive } = STRATEGY_PERCENT;
  return conservative + (aggressive - conservative) * confidence;
}

/**
 * The day's budget in paise: ₹25,000 on ₹10,00,000 under moderate. The percent is rounded to a
 * basis point and the product kept in integers, so 2.3 % of a round capital is not a paisa short.
 */
export function dailyBudget(
  capitalPaise: number,
  strategy: AllocationStrategy,
  manualPct?: number | null,
  averageConfidence = 0,
): number {
  if (!(capitalPaise > 0)) return 0;
  const basisPoints = Math.round(budgetPercent(strategy, manualPct, averageConfidence) * 100);
  return Math.floor((Math.floor(capitalPaise) * basisPoints) / 10_000);
}
