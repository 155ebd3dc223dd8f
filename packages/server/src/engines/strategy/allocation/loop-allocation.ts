import type { VolatilityLevel } from '../../analytics/realised-volatility';

/** spec part 1 §3 "Allocation settings": how much of capital the loop may invest in a day. */
export type AllocationStrategy = 'conservative' | 'moderate' | 'aggressive' | 'ai_optimized';

/** The market readings ai_optimized rests on beside the run's own signals; null: not measured. */
export interface AllocationContext {
  volatility: { level: VolatilityLevel; percent: number | null } | null;
  /** How far the account's equity is below its running peak, percent points (0 at a peak). */
  drawdownPercent: number | null;
}

/**
 * spec part 1 §3 "Allocation settings", the part the loop reads on every run (money in paise).
 * Every field but the strategy is optional so a test or the replay can name only what it needs.
 */
export interface AllocationSettings {
  strategy: AllocationStrategy;
  /** Percent of capital a day; overrides the strategy when set. */
  manualPct?: number | null;
  /** A fixed amount a day, paise; overrides the percent and the strategy when set. */
  dailyAmountPaise?: number | null;
  /** The capital the percents apply to, paise; never more than the account's equity. Default: equity. */
  totalCapitalPaise?: number | null;
  /** spec part 1 §9 "Risk budget options": the most a day's new positions may lose at their stops, percent of capital. */
  riskBudgetPct?: number;
  /** Refuse an entry whose round-trip charges exceed this percent of its value. */
  maxRoundTripChargesPct?: number;
  context?: AllocationContext;
}

/** docs/decisions/0015: half a percent of an entry's value is the most its round trip may pay in charges. */
export const DEFAULT_MAX_ROUND_TRIP_CHARGES_PCT = 0.5;
/** spec part 1 §9 "Allocation defaults": daily risk budget 1.5 %. */
export const DEFAULT_RISK_BUDGET_PCT = 1.5;
export const DEFAULT_ALLOCATION_STRATEGY: AllocationStrategy = 'moderate';
