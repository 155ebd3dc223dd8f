import { DEFAULT_PRODUCT, type Order, type OrderRequest } from './orders';

/**
 * Thrown by OrdersRepository.insert when the account already holds an order under the key. The
 * unique index on (account, idempotency_key) decides it, so two instances racing with the same key
 * cannot both win; the caller's unit of work rolls back and the first order is the answer.
 */
export class DuplicateIdempotencyKeyError extends Error {
  constructor(
    readonly account: Order['account'],
    readonly idempotencyKey: string,
  ) {
    super(`The ${account} account already holds an order under idempotency key ${idempotencyKey}.`);
    this.name = 'DuplicateIdempotencyKeyError';
  }
}

/**
 * Whether `request` asks for the order that `order` records: the fields a client chooses, as they
 * were stored (a market order keeps no limit price, a missing product is delivery).
 */
export function isSameOrderRequest(order: Order, request: OrderRequest): boolean {
  const limitPrice = request.type === 'LIMIT' ? (request.limitPrice ?? null) : null;
  return (
    order.account === request.account &&
    order.symbol === request.symbol &&
    order.side === request.side &&
    order.type === request.type &&
    order.quantity === request.quantity &&
    order.limitPrice === limitPrice &&
    order.product === (request.product ?? DEFAULT_PRODUCT) &&
    order.strategy === request.strategy
  );
}
