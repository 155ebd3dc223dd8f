// Pre-trade limits and the overview's limits_status: the public surface of this folder.

export { formatRupeesForMessage } from '../../../core/money';
export type { AccountSnapshot, HeldPosition, PhaseCaps } from './account-snapshot';
export { type LimitsStatus, limitsStatus } from './limits-status';
export type { OrderGate } from './order-gate';
export {
  checkOrderLimits,
  type LimitCheckResult,
  type LimitRejectionCode,
  type OrderLimitInput,
  type OrderToCheck,
} from './order-limits';
export { checkRiskLimits, type LossPosition, type RiskLimitValues } from './risk-limit-check';
