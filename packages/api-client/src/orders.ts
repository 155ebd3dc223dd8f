import { useMutation } from '@tanstack/react-query';
import {
  IDEMPOTENCY_KEY_HEADER,
  type OrderRequestContract,
  okEnvelope,
  type PlacedOrderContract,
  placedOrderSchema,
} from '@td/contracts';
import type { ApiClient } from './api-client';
import { useApiClient } from './api-client-context';
import { isApiError } from './api-error';

/** What a trader's order form sends: the contract's fields, defaults optional. */
export type OrderInput = Pick<OrderRequestContract, 'symbol' | 'side' | 'quantity'> &
  Partial<Pick<OrderRequestContract, 'type' | 'limit_price' | 'strategy' | 'product'>>;

export interface PlaceOrderOptions {
  /** Sends after the first that went unanswered; default 2. */
  retries?: number;
  /** One key per trader action; default a fresh random UUID. */
  newKey?: () => string;
  signal?: AbortSignal;
}

const placedOrderReply = okEnvelope(placedOrderSchema);

/**
 * Whether the order may have been placed though no answer said so: no reply, a timeout, or the
 * server's storage failing to confirm. Only these are sent again; a refusal is an answer.
 */
function unanswered(error: unknown): boolean {
  if (!isApiError(error)) return false;
  return error.kind === 'network' || error.kind === 'timeout' || [502, 503, 504].includes(error.status ?? 0);
}

/**
 * Places one order for one trader action. The action gets one Idempotency-Key, and every resend
 * of it carries the same key, so an order whose answer was lost is never placed twice: the server
 * answers the resend with the order the first send placed.
 */
export async function placeOrder(
  api: ApiClient,
  order: OrderInput,
  { retries = 2, newKey = () => crypto.randomUUID(), signal }: PlaceOrderOptions = {},
): Promise<PlacedOrderContract> {
  const headers = { [IDEMPOTENCY_KEY_HEADER]: newKey() };
  for (let attempt = 0; ; attempt++) {
    try {
      const reply = await api.post('/api/orders', placedOrderReply, order, { headers, signal });
      return reply.data;
    } catch (error) {
      if (attempt >= retries || signal?.aborted || !unanswered(error)) throw error;
    }
  }
}

/** An order form's submit: each mutate() is one action with its own key. */
export function usePlaceOrder(options: Omit<PlaceOrderOptions, 'signal'> = {}) {
  const api = useApiClient();
  return useMutation({ mutationFn: (order: OrderInput) => placeOrder(api, order, options) });
}
