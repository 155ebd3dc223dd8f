/** The live broker's public surface: real orders through Upstox, paced, in paise. */

export { liveOrderStore } from './ledger-order-store';
export {
  LiveBroker,
  type LiveBrokerAccount,
  type LiveBrokerOptions,
  type LiveOrderStore,
  type LiveSyncResult,
} from './live-broker';
export { LiveBrokerError, type LiveBrokerErrorCode } from './live-broker-error';
export { livePositions } from './live-positions';
export {
  OrderRateLimitError,
  OrderThrottle,
  type OrderThrottleOptions,
  realClock,
  type ThrottleClock,
} from './order-throttle';
export { UpstoxNoAnswerError, UpstoxOrderClient, type UpstoxOrderClientOptions } from './upstox-order-client';
export {
  type LiveFill,
  type LiveOrder,
  orderStatusFromUpstox,
  paiseToRupees,
  parseUpstoxTime,
  rupeesToPaise,
} from './upstox-order-mapping';
export type * from './upstox-order-shapes';
