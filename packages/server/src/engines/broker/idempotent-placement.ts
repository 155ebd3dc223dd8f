import { HttpError } from '../../core/errors';
import { DuplicateIdempotencyKeyError, isSameOrderRequest } from '../../core/idempotency';
import type { AccountId, Order, OrderRequest } from '../../core/orders';

/** Where the first order under a key is read back from (the Ledger). */
export interface KeyedOrders {
  orderByKey(account: AccountId, idempotencyKey: string): Order | undefined;
}

/** The order a request placed, or the one its key placed before (`replayed`: nothing new was placed). */
export interface Placement {
  order: Order;
  replayed: boolean;
}

/**
 * What a reused key with a different request gets. A client reusing a key for another order is
 * refused (409); the loop's repeat of a decision after a failover is answered with the order that
 * decision placed, even if its quantity came out different this time: the decision was carried out.
 */
export type OnDifferentRequest = 'refuse' | 'original';

export class IdempotencyKeyReusedError extends HttpError {
  constructor(key: string, original: Order) {
    super(
      409,
      `Idempotency key ${key} was already used for a different order (${original.side} ${original.quantity} ${original.symbol}, ${original.id}); send a new key for a new order.`,
      'idempotency_key_reused',
      { orderId: original.id },
    );
  }
}

function answer(request: OrderRequest, original: Order, onDifferent: OnDifferentRequest): Placement {
  if (onDifferent === 'refuse' && !isSameOrderRequest(original, request))
    throw new IdempotencyKeyReusedError(request.idempotencyKey!, original);
  return { order: original, replayed: true };
}

/** The first order under the key, after the unique index refused a second one. */
function theOneThatWon(orders: KeyedOrders, request: OrderRequest, error: unknown): Order {
  if (!(error instanceof DuplicateIdempotencyKeyError)) throw error;
  const original = orders.orderByKey(request.account, request.idempotencyKey!);
  // The index refused the insert, so the row exists: not finding it would be a storage fault.
  if (!original) throw error;
  return original;
}

/**
 * Places `request` once per idempotency key. The read first only spares the checks and the batch a
 * known retry; two requests racing past it are settled by the unique index, whose refusal rolls the
 * loser's unit of work back and answers it with the winner's order. Without a key: placed as ever.
 */
export async function placeOnce(
  request: OrderRequest,
  orders: KeyedOrders,
  place: (request: OrderRequest) => Promise<Order>,
  onDifferent: OnDifferentRequest = 'refuse',
): Promise<Placement> {
  const key = request.idempotencyKey;
  if (key === undefined) return { order: await place(request), replayed: false };
  const earlier = orders.orderByKey(request.account, key);
  if (earlier) return answer(request, earlier, onDifferent);
  try {
    return { order: await place(request), replayed: false };
  } catch (error) {
    return answer(request, theOneThatWon(orders, request, error), onDifferent);
  }
}

/** placeOnce for a synchronous placement (the trading loop's). */
export function placeOnceNow(
  request: OrderRequest,
  orders: KeyedOrders,
  place: (request: OrderRequest) => Order,
  onDifferent: OnDifferentRequest = 'refuse',
): Placement {
  const key = request.idempotencyKey;
  if (key === undefined) return { order: place(request), replayed: false };
  const earlier = orders.orderByKey(request.account, key);
  if (earlier) return answer(request, earlier, onDifferent);
  try {
    return { order: place(request), replayed: false };
  } catch (error) {
    return answer(request, theOneThatWon(orders, request, error), onDifferent);
  }
}
