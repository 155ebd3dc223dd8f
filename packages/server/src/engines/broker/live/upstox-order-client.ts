import { MarketDataError } from '../../market/market-types';
import { type UpstoxErrorBody, upstoxErrorFromResponse } from '../../market/providers/upstox/upstox-errors';
import { OrderThrottle } from './order-throttle';
import type {
  UpstoxEnvelope,
  UpstoxFundsAndMargin,
  UpstoxHoldingRow,
  UpstoxModifyOrderBody,
  UpstoxOrderRow,
  UpstoxPlaceOrderBody,
  UpstoxPositionRow,
  UpstoxTradeRow,
} from './upstox-order-shapes';

export interface UpstoxOrderClientOptions {
  /** Default https://api.upstox.com; tests point it at a local fake. */
  baseUrl?: string;
  /** Read on every call, so a fresh sign-in takes effect at once. Never logged. */
  accessToken: () => string | null;
  /** Shared by place, modify and cancel: Upstox counts them together. */
  throttle?: OrderThrottle;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/**
 * The request may or may not have reached Upstox (no answer, a timeout, a 5xx, a body that is not
 * JSON). For an order this means "look at the order book", never "send it again".
 */
export class UpstoxNoAnswerError extends MarketDataError {
  constructor(message: string) {
    super(message, 'upstream_error');
    this.name = 'UpstoxNoAnswerError';
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Upstox's order and portfolio calls on fetch. Written beside UpstoxRestClient rather than on it:
 * that client's request() is private and speaks only GET/POST. Errors are the market adapter's typed
 * Upstox errors (UpstoxAuthError on 401, UpstoxRateLimitError on 429, UpstoxApiError otherwise).
 */
export class UpstoxOrderClient {
  readonly baseUrl: string;
  readonly throttle: OrderThrottle;
  private readonly fetch: typeof fetch;
  private readonly timeoutMs: number;

  constructor(private readonly options: UpstoxOrderClientOptions) {
    this.baseUrl = (options.baseUrl ?? 'https://api.upstox.com').replace(/\/+$/, '');
    this.throttle = options.throttle ?? new OrderThrottle();
    this.fetch = options.fetch ?? globalThis.fetch;
    this.timeoutMs = options.timeoutMs ?? 10_000;
  }

  /**
   * POST /v3/order/place; Upstox's order ids (one, or several when slice splits the order).
   * `beforeSend` runs inside the throttle, immediately before each attempt, and may throw to stop it.
   */
  async placeOrder(body: UpstoxPlaceOrderBody, beforeSend?: () => void): Promise<string[]> {
    const place = async () => {
      const envelope = await this.request<UpstoxEnvelope<{ order_ids?: string[] }>>(
        'POST',
        '/v3/order/place',
        body,
      );
      return envelope.data?.order_ids ?? [];
    };
    // Before a retry after 429: an order Upstox took despite the 429 is in its book by our tag, and
    // is not sent twice. A failed look-up stops the retry (the sync finds the order by its tag later).
    const placedAlready = async () => {
      if (!body.tag) return undefined;
      const book = await this.orderBook().catch((error: unknown) => {
        throw new UpstoxNoAnswerError(
          `Upstox answered 429 and its order book could not be read to check before trying again (${(error as Error).message})`,
        );
      });
      const rows = book.filter((row) => row.tag === body.tag);
      return rows.length > 0 ? rows.map((row) => row.order_id) : undefined;
    };
    const ids = await this.throttle.run(place, beforeSend, placedAlready);
    if (ids.length === 0)
      throw new UpstoxNoAnswerError('Upstox accepted the order but returned no order id.');
    return ids;
  }

  /** PUT /v3/order/modify; `beforeSend` as for placeOrder. */
  async modifyOrder(body: UpstoxModifyOrderBody, beforeSend?: () => void): Promise<string> {
    const envelope = await this.throttle.run(
      () => this.request<UpstoxEnvelope<{ order_id?: string }>>('PUT', '/v3/order/modify', body),
      beforeSend,
    );
    return envelope.data?.order_id ?? body.order_id;
  }

  /** DELETE /v3/order/cancel?order_id=… — a request: the order shows cancelled once the exchange agrees. */
  async cancelOrder(orderId: string): Promise<string> {
    const path = `/v3/order/cancel?order_id=${encodeURIComponent(orderId)}`;
    const envelope = await this.throttle.run(() =>
      this.request<UpstoxEnvelope<{ order_id?: string }>>('DELETE', path),
    );
    return envelope.data?.order_id ?? orderId;
  }

  /** GET /v2/order/details?order_id=… — the order's latest state. */
  async orderDetails(orderId: string): Promise<UpstoxOrderRow> {
    const path = `/v2/order/details?order_id=${encodeURIComponent(orderId)}`;
    return (await this.request<UpstoxEnvelope<UpstoxOrderRow>>('GET', path)).data;
  }

  /** GET /v2/order/retrieve-all — every order of the day, one row per order. */
  async orderBook(): Promise<UpstoxOrderRow[]> {
    return (await this.request<UpstoxEnvelope<UpstoxOrderRow[]>>('GET', '/v2/order/retrieve-all')).data ?? [];
  }

  /** GET /v2/order/trades/get-trades-for-day — every execution of the day. */
  async tradesForDay(): Promise<UpstoxTradeRow[]> {
    const path = '/v2/order/trades/get-trades-for-day';
    return (await this.request<UpstoxEnvelope<UpstoxTradeRow[]>>('GET', path)).data ?? [];
  }

  /** GET /v2/portfolio/short-term-positions — today's positions. */
  async shortTermPositions(): Promise<UpstoxPositionRow[]> {
    const path = '/v2/portfolio/short-term-positions';
    return (await this.request<UpstoxEnvelope<UpstoxPositionRow[]>>('GET', path)).data ?? [];
  }

  /** GET /v2/portfolio/long-term-holdings — delivered shares in the demat account. */
  async longTermHoldings(): Promise<UpstoxHoldingRow[]> {
    const path = '/v2/portfolio/long-term-holdings';
    return (await this.request<UpstoxEnvelope<UpstoxHoldingRow[]>>('GET', path)).data ?? [];
  }

  /**
   * GET /v2/user/get-funds-and-margin?segment=SEC — the equity segment's funds; available_margin is the
   * cash that can buy shares now, rupees.
   */
  async equityFunds(): Promise<{ availableMarginRupees: number }> {
    const path = '/v2/user/get-funds-and-margin?segment=SEC';
    const data = (await this.request<UpstoxEnvelope<UpstoxFundsAndMargin>>('GET', path)).data;
    const available = data?.equity?.available_margin;
    if (typeof available !== 'number' || !Number.isFinite(available)) {
      throw new UpstoxNoAnswerError('Upstox sent funds without an equity available margin.');
    }
    return { availableMarginRupees: available };
  }

  private async request<T>(method: Method, path: string, json?: unknown): Promise<T> {
    const token = this.options.accessToken();
    if (!token) throw new MarketDataError('Upstox is not signed in: no access token.', 'auth_required');
    const headers: Record<string, string> = { Accept: 'application/json', Authorization: `Bearer ${token}` };
    if (path.startsWith('/v2/')) headers['Api-Version'] = '2.0';
    if (json !== undefined) headers['Content-Type'] = 'application/json';
    let response: Response;
    try {
      response = await this.fetch(`${this.baseUrl}${path}`, {
        method,
        headers,
        body: json === undefined ? undefined : JSON.stringify(json),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new UpstoxNoAnswerError(`Upstox did not answer: ${(error as Error).message}.`);
    }
    const body = (await response.json().catch(() => null)) as (T & UpstoxErrorBody) | null;
    if (response.status >= 500) {
      throw new UpstoxNoAnswerError(`Upstox failed with HTTP ${response.status}.`);
    }
    if (!response.ok || body?.status === 'error') {
      throw upstoxErrorFromResponse(response.status, body, response.headers.get('retry-after'));
    }
    if (body === null) throw new UpstoxNoAnswerError('Upstox sent a response that is not JSON.');
    return body;
  }
}
