// How much to invest today, how many shares each entry buys, and whether its charges are worth it.
export {
  type AiAllocation,
  type AiAllocationInput,
  FALLBACK_AI_PERCENT,
  recommendAllocation,
} from './ai-allocation';
export {
  type ChargesGate,
  chargesRefusal,
  minimumEconomicOrderPaise,
  roundTripChargesPaise,
} from './charges-gate';
export {
  type BudgetInput,
  type BudgetSource,
  type DailyBudget,
  MANUAL_PERCENT_LIMITS,
  percentOf,
  resolveDailyBudget,
  STRATEGY_PERCENT,
} from './daily-budget';
export {
  type AllocationContext,
  type AllocationSettings,
  type AllocationStrategy,
  DEFAULT_ALLOCATION_STRATEGY,
  DEFAULT_MAX_ROUND_TRIP_CHARGES_PCT,
  DEFAULT_RISK_BUDGET_PCT,
} from './loop-allocation';
export {
  type SizedEntry,
  type SizingOptions,
  type SizingPhase,
  type SkippedSignal,
  sizeOrders,
} from './size-orders';
