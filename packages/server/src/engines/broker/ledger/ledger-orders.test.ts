import { LedgerError } from './ledger-error';
import {
  chargesOf,
  createLedgerFixture,
  type LedgerFixture,
  marketOrder,
  trade,
} from './test-support/ledger-fixture';

let fx: LedgerFixture;
beforeEach(() => {
  fx = createLedgerFixture();
  fx.ledger.openAccount('paper', 100_000_000);
});
afterEach(() => fx.db.close());

describe('placing and ending orders', () => {
  it('stores a pending order with every field the request gave', () => {
    const order = fx.ledger.placeOrder({
      account: 'paper',
      symbol: 'RELIANCE',
      side: 'BUY',
      type: 'LIMIT',
      quantity: 4,
      limitPrice: 245_000,
      strategy: 'momentum',
      simulatedReplay: true,
    });
    expect(order).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      account: 'paper',
      symbol: 'RELIANCE',
      side: 'BUY',
      type: 'LIMIT',
      quantity: 4,
      limitPrice: 245_000,
      product: 'D',
      status: 'PENDING',
      rejectReason: null,
      strategy: 'momentum',
      simulatedReplay: true,
      filledQuantity: 0,
      averagePrice: null,
      chargesPaise: 0,
      realisedPnlPaise: 0,
      createdAt: fx.clock.now(),
      updatedAt: fx.clock.now(),
    });
    expect(fx.ledger.order(order.id)).toEqual(order);
  });

  it('keeps a rejected order with its reason and refuses one without', () => {
    const order = fx.ledger.placeOrder(marketOrder('BUY', 'TCS', 1), 'REJECTED', 'Exceeds max position size');
    expect(order).toMatchObject({
      status: 'REJECTED',
      rejectReason: 'Exceeds max position size',
      limitPrice: null,
    });
    expect(() => fx.ledger.placeOrder(marketOrder('BUY', 'TCS', 1), 'REJECTED')).toThrow(
      'A rejected order needs its reason.',
    );
  });

  it('refuses an order with no limit price, no shares, or for an account that is not open', () => {
    expect(() => fx.ledger.placeOrder({ ...marketOrder('BUY', 'TCS', 1), type: 'LIMIT' })).toThrow(
      'A limit price must be a whole number of paise above zero.',
    );
    expect(() => fx.ledger.placeOrder(marketOrder('BUY', 'TCS', 1.5))).toThrow(LedgerError);
    expect(() => fx.ledger.placeOrder({ ...marketOrder('BUY', 'TCS', 1), account: 'live' })).toThrow(
      'The live account is not open.',
    );
  });

  it('cancels a pending order, keeping what already filled, and will not touch a finished one', () => {
    const order = fx.ledger.placeOrder(marketOrder('BUY', 'INFY', 10));
    fx.ledger.recordFill({
      orderId: order.id,
      quantity: 4,
      pricePaise: 150_000,
      charges: chargesOf(0),
      ts: 1,
    });
    fx.clock.advance(60_000);
    const cancelled = fx.ledger.setOrderStatus(order.id, 'CANCELLED', 'Cancelled by the trader');
    expect(cancelled).toMatchObject({
      status: 'CANCELLED',
      filledQuantity: 4,
      rejectReason: 'Cancelled by the trader',
    });
    expect(cancelled.updatedAt).toBe(fx.clock.now());
    expect(() => fx.ledger.setOrderStatus(order.id, 'REJECTED')).toThrow(
      `Order ${order.id} is already CANCELLED; only a pending order can change.`,
    );
  });
});

describe('reading orders, fills and activity', () => {
  const placeAt = (at: number, symbol: string, side: 'BUY' | 'SELL' = 'BUY') => {
    fx.clock.set(at);
    return trade(fx, side, symbol, 1, 10_000);
  };

  it('pages orders newest first with a total, filtered by status, symbol and time', () => {
    const ids = [1, 2, 3, 4, 5].map((at) => placeAt(at * 1000, at % 2 ? 'INFY' : 'TCS').id);
    fx.clock.set(6000);
    const pending = fx.ledger.placeOrder(marketOrder('BUY', 'INFY', 1));

    const first = fx.ledger.orders({ account: 'paper', limit: 2, offset: 0 });
    expect(first.total).toBe(6);
    expect(first.orders.map((order) => order.id)).toEqual([pending.id, ids[4]]);
    const third = fx.ledger.orders({ account: 'paper', limit: 2, offset: 4 });
    expect(third.orders.map((order) => order.id)).toEqual([ids[1], ids[0]]);

    const infy = fx.ledger.orders({
      account: 'paper',
      symbol: 'INFY',
      status: 'FILLED',
      limit: 10,
      offset: 0,
    });
    expect(infy).toEqual({ total: 3, orders: [ids[4], ids[2], ids[0]].map((id) => fx.ledger.order(id!)) });
    const window = fx.ledger.orders({ account: 'paper', from: 2000, to: 4000, limit: 10, offset: 0 });
    expect(window.orders.map((order) => order.id)).toEqual([ids[2], ids[1]]);
    expect(fx.ledger.orders({ account: 'paper', status: 'PENDING', limit: 10, offset: 0 }).total).toBe(1);
    expect(fx.ledger.orders({ account: 'live', limit: 10, offset: 0 })).toEqual({ orders: [], total: 0 });
    expect(() => fx.ledger.orders({ account: 'paper', limit: 0, offset: 0 })).toThrow(LedgerError);
  });

  it('lists fills in time order and the latest activity newest first with its value', () => {
    const buy = placeAt(1000, 'SBIN');
    fx.clock.set(2000);
    trade(fx, 'SELL', 'SBIN', 1, 12_500);
    expect(fx.ledger.fills().map((fill) => fill.side)).toEqual(['BUY', 'SELL']);
    expect(fx.ledger.fills(buy.id)).toHaveLength(1);
    expect(fx.ledger.recentActivity('paper', 1)).toEqual([
      {
        id: expect.any(String),
        side: 'SELL',
        symbol: 'SBIN',
        quantity: 1,
        price: 12_500,
        value: 12_500,
        timestamp: 2000,
      },
    ]);
  });

  it('counts closed trades as wins and losses net of the sale’s charges', () => {
    fx.clock.set(1000);
    trade(fx, 'BUY', 'A', 10, 10_000);
    trade(fx, 'SELL', 'A', 2, 11_000, 100); // +2,000 − 100: a win
    fx.clock.set(2000);
    trade(fx, 'SELL', 'A', 2, 10_010, 100); // +20 − 100: a loss once charges count
    trade(fx, 'SELL', 'A', 2, 9_000); // −2,000: a loss
    trade(fx, 'SELL', 'A', 2, 10_000); // break-even: neither
    fx.ledger.placeOrder(marketOrder('SELL', 'A', 2)); // never filled: not a trade
    expect(fx.ledger.tradeStats('paper')).toEqual({ trades: 4, wins: 1, losses: 2, winRate: 0.25 });
    expect(fx.ledger.tradeStats('paper', 2000)).toEqual({ trades: 3, wins: 0, losses: 2, winRate: 0 });
    expect(fx.ledger.tradeStats('paper', 0, 1000)).toEqual({ trades: 0, wins: 0, losses: 0, winRate: null });
  });
});

describe('pending orders among many filled ones', () => {
  it('finds only the pending ones of a symbol, newest first, and the filled ones stay out of their index', () => {
    for (let i = 0; i < 30; i++) trade(fx, 'BUY', 'TCS', 1, 300_000);
    const limit = (limitPrice: number) =>
      fx.ledger.placeOrder({
        account: 'paper',
        symbol: 'TCS',
        side: 'BUY',
        type: 'LIMIT',
        quantity: 1,
        limitPrice,
        strategy: 'manual',
      });
    const older = limit(290_000);
    const newer = limit(295_000);
    fx.ledger.setOrderStatus(limit(280_000).id, 'CANCELLED');

    const pending = fx.ledger.orders({
      account: 'paper',
      status: 'PENDING',
      symbol: 'TCS',
      limit: 100,
      offset: 0,
    });
    expect(pending.total).toBe(2);
    expect(pending.orders.map((order) => order.id)).toEqual([newer.id, older.id]);
    const indexed = fx.db
      .prepare(
        "SELECT COUNT(*) AS n FROM orders INDEXED BY orders_pending WHERE account = 'paper' AND status = 'PENDING'",
      )
      .get() as { n: number };
    expect(indexed.n).toBe(2);
    expect(fx.ledger.orders({ account: 'paper', status: 'FILLED', limit: 1, offset: 0 }).total).toBe(30);
  });
});
