import type { AccountId } from '../../../core/orders';
import type { AccountSnapshot } from './account-snapshot';
import type { OrderToCheck } from './order-limits';

/**
 * The one check every order passes before it is placed, in the paper broker and the live broker
 * alike (safety/ builds it): the trading halt first, then the trader's risk limits. A refusal is a
 * sentence the trader can act on; null lets the order through to the broker's own limits.
 */
export interface OrderGate {
  /** Why no order may be placed at all now (an Emergency Stop or a circuit breaker); null when trading. */
  haltRefusal(order: Pick<OrderToCheck, 'side' | 'symbol'>): string | null;
  /** The risk limit this order would break, given the account as it stands; null when within every one. */
  riskRefusal(account: AccountId, order: OrderToCheck, snapshot: AccountSnapshot): string | null;
}
