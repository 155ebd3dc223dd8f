// How much to invest today and how many shares each entry buys.
export {
  type AllocationStrategy,
  budgetPercent,
  DEFAULT_ALLOCATION_STRATEGY,
  dailyBudget,
  MANUAL_PERCENT_LIMITS,
  STRATEGY_PERCENT,
} from './daily-budget';
export {
  type SizedEntry,
  type SizingOptions,
  type SizingPhase,
  type SkippedSignal,
  sizeOrders,
} from './size-orders';
