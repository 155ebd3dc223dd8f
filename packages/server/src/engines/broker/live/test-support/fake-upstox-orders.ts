import {
  FakeUpstoxApi,
  type RecordedRequest,
} from '../../../market/providers/upstox/test-support/fake-upstox-api';
import type {
  UpstoxHoldingRow,
  UpstoxOrderRow,
  UpstoxPlaceOrderBody,
  UpstoxPositionRow,
  UpstoxTradeRow,
} from '../upstox-order-shapes';

const ENDED = new Set(['complete', 'cancelled', 'rejected']);

const ok = (data: unknown) => ({ status: 200, body: { status: 'success', data, metadata: { latency: 12 } } });

/**
 * FakeUpstoxApi (a real HTTP server on 127.0.0.1) with Upstox's order and portfolio endpoints: an
 * in-memory order book where a placed order starts 'open' (or as `placedStatus` says), and days'
 * trades, positions and holdings a test fills in. A cancel of an order that has ended is refused, as
 * Upstox does. Tests override any answer through `api.route`, which wins over these defaults.
 */
export class FakeUpstoxOrders {
  readonly api = new FakeUpstoxApi();
  readonly book = new Map<string, UpstoxOrderRow>();
  trades: UpstoxTradeRow[] = [];
  positions: UpstoxPositionRow[] = [];
  holdings: UpstoxHoldingRow[] = [];
  /** The equity segment's available margin, rupees. */
  availableMarginRupees = 250_000.5;
  /** How long a place call waits before Upstox answers it; the order is in the book from the start. */
  placeAnswerDelayMs = 0;
  /** The status a newly placed order takes, given its tag ('complete': filled at once). */
  placedStatus: (tag: string) => string = () => 'open';
  private nextOrderId = 260_112_000_000_001;

  async listen(): Promise<string> {
    const url = await this.api.listen();
    this.api.route('POST', /^\/v3\/order\/place$/, (request) => {
      const body = JSON.parse(request.body) as UpstoxPlaceOrderBody;
      const orderId = String(this.nextOrderId++);
      const row = rowFor(orderId, body);
      row.status = this.placedStatus(body.tag);
      if (row.status === 'complete') {
        Object.assign(row, { filled_quantity: body.quantity, pending_quantity: 0, average_price: 2500 });
      }
      this.book.set(orderId, row);
      const answer = ok({ order_ids: [orderId] });
      if (this.placeAnswerDelayMs <= 0) return answer;
      return new Promise((resolve) => setTimeout(() => resolve(answer), this.placeAnswerDelayMs));
    });
    this.api.route('PUT', /^\/v3\/order\/modify$/, (request) => {
      const body = JSON.parse(request.body) as { order_id: string };
      return ok({ order_id: body.order_id });
    });
    this.api.route('DELETE', /^\/v3\/order\/cancel$/, (request) => {
      const orderId = request.query.get('order_id') ?? '';
      const row = this.book.get(orderId);
      if (!row) return notFound(orderId);
      if (ENDED.has(row.status)) return cannotCancel(orderId, row.status);
      row.status = 'cancelled';
      return ok({ order_id: orderId });
    });
    this.api.route('GET', /^\/v2\/order\/details$/, (request) => {
      const row = this.book.get(request.query.get('order_id') ?? '');
      return row ? ok(row) : notFound(request.query.get('order_id') ?? '');
    });
    this.api.route('GET', /^\/v2\/order\/retrieve-all$/, () => ok([...this.book.values()]));
    this.api.route('GET', /^\/v2\/order\/trades\/get-trades-for-day$/, () => ok(this.trades));
    this.api.route('GET', /^\/v2\/portfolio\/short-term-positions$/, () => ok(this.positions));
    this.api.route('GET', /^\/v2\/portfolio\/long-term-holdings$/, () => ok(this.holdings));
    this.api.route('GET', /^\/v2\/user\/get-funds-and-margin$/, () =>
      ok({
        equity: {
          used_margin: 0,
          payin_amount: 0,
          span_margin: 0,
          adhoc_margin: 0,
          notional_cash: 0,
          available_margin: this.availableMarginRupees,
          exposure_margin: 0,
        },
      }),
    );
    return url;
  }

  /**
   * Puts an order in the book as if it had been placed with `tag` (an order Upstox took but whose
   * answer never arrived, or one placed before a restart); returns its Upstox id.
   */
  add(tag: string, patch: Partial<UpstoxOrderRow> = {}): string {
    const orderId = String(this.nextOrderId++);
    const body: UpstoxPlaceOrderBody = {
      quantity: 5,
      product: 'D',
      validity: 'DAY',
      price: 0,
      tag,
      instrument_token: 'NSE_EQ|INE002A01018',
      order_type: 'MARKET',
      transaction_type: 'BUY',
      disclosed_quantity: 0,
      trigger_price: 0,
      is_amo: false,
    };
    this.book.set(orderId, { ...rowFor(orderId, body), ...patch });
    return orderId;
  }

  /** The orders in the book with this status. */
  withStatus(status: string): UpstoxOrderRow[] {
    return [...this.book.values()].filter((row) => row.status === status);
  }

  /** The bodies of every place call, parsed, in order. */
  placed(): UpstoxPlaceOrderBody[] {
    return this.requestsTo('POST', '/v3/order/place').map((r) => JSON.parse(r.body) as UpstoxPlaceOrderBody);
  }

  requestsTo(method: string, path: string): RecordedRequest[] {
    return this.api.requests.filter((r) => r.method === method && r.path === path);
  }

  /** Moves an order on, as the exchange would. */
  update(orderId: string, patch: Partial<UpstoxOrderRow>): void {
    const row = this.book.get(orderId);
    if (!row) throw new Error(`The fake has no order ${orderId}`);
    Object.assign(row, patch);
  }

  close(): Promise<void> {
    return this.api.close();
  }
}

function rowFor(orderId: string, body: UpstoxPlaceOrderBody): UpstoxOrderRow {
  return {
    order_id: orderId,
    status: 'open',
    instrument_token: body.instrument_token,
    transaction_type: body.transaction_type,
    order_type: body.order_type,
    quantity: body.quantity,
    filled_quantity: 0,
    pending_quantity: body.quantity,
    average_price: 0,
    price: body.price,
    status_message: null,
    status_message_raw: null,
    tag: body.tag,
    product: body.product,
    trading_symbol: body.instrument_token.split('|')[1] ?? body.instrument_token,
    exchange_order_id: '1300000012345678',
    order_timestamp: '2026-01-12 10:15:07',
    exchange_timestamp: '12-Jan-2026 10:15:07',
  };
}

function notFound(orderId: string) {
  return {
    status: 400,
    body: {
      status: 'error',
      errors: [
        { errorCode: 'UDAPI100010', message: `Order not found: ${orderId}`, error_code: 'UDAPI100010' },
      ],
    },
  };
}

function cannotCancel(orderId: string, status: string) {
  const message = `Order ${orderId} is already ${status === 'complete' ? 'completed' : status} and cannot be cancelled.`;
  return {
    status: 400,
    body: { status: 'error', errors: [{ errorCode: 'UDAPI100040', message, error_code: 'UDAPI100040' }] },
  };
}
