import { type LiveBrokerHarness, liveBrokerHarness, liveOrder } from './test-support/live-broker-harness';

describe('LiveBroker sync', () => {
  let h: LiveBrokerHarness;

  beforeEach(async () => {
    h = await liveBrokerHarness();
  });
  afterEach(() => h.fake.close());

  it('maps statuses, fills in paise and a rejected order’s reason', async () => {
    const filled = await h.broker.submit(liveOrder({ quantity: 10 }));
    const rejected = await h.broker.submit(liveOrder({ symbol: 'TCS', quantity: 1 }));
    const open = await h.broker.submit(liveOrder({ symbol: 'INFY', type: 'LIMIT', limitPrice: 150_000 }));
    h.fake.update(filled.brokerOrderId!, { status: 'complete', filled_quantity: 10, average_price: 1550.03 });
    h.fake.update(rejected.brokerOrderId!, {
      status: 'rejected',
      status_message: 'RMS:Margin Exceeds,Required:3200.00, Available:0.00',
    });
    h.fake.update(open.brokerOrderId!, { status: 'trigger pending' });
    h.fake.trades = [
      trade('T1', filled.brokerOrderId!, 6, 1550.05, '12-Jan-2026 10:00:01'),
      trade('T2', filled.brokerOrderId!, 4, 1550.0, '12-Jan-2026 10:00:02'),
    ];
    h.clock.t += 5_000;

    const result = await h.broker.sync();

    const byId = new Map(result.orders.map((o) => [o.id, o]));
    // 6 × ₹1,550.05 + 4 × ₹1,550.00 = ₹15,500.30 over 10 shares = ₹1,550.03
    expect(byId.get(filled.id)).toMatchObject({
      status: 'FILLED',
      filledQuantity: 10,
      averagePrice: 155_003,
    });
    expect(byId.get(filled.id)!.updatedAt).toBe(h.clock.t);
    expect(byId.get(rejected.id)).toMatchObject({
      status: 'REJECTED',
      rejectReason: 'RMS:Margin Exceeds,Required:3200.00, Available:0.00',
      averagePrice: null,
    });
    expect(byId.get(open.id)).toMatchObject({ status: 'PENDING', rejectReason: null });
    expect(result.fills).toEqual([
      expect.objectContaining({
        id: 'T1',
        orderId: filled.id,
        symbol: 'RELIANCE',
        quantity: 6,
        price: 155_005,
      }),
      expect.objectContaining({ id: 'T2', orderId: filled.id, quantity: 4, price: 155_000 }),
    ]);
    expect(result.fills[0]!.ts).toBe(Date.UTC(2026, 0, 12, 4, 30, 1)); // 10:00:01 IST
  });

  it('reads positions as holdings plus today’s delivery trades, in paise', async () => {
    h.fake.holdings = [
      {
        instrument_token: 'NSE_EQ|INE002A01018',
        quantity: 10,
        average_price: 1500.5,
        trading_symbol: 'RELIANCE',
      },
    ];
    h.fake.positions = [
      position('NSE_EQ|INE002A01018', { quantity: 5, day_buy_quantity: 5, day_buy_value: 7750.25 }),
      position('NSE_EQ|INE467B01029', {
        quantity: 2,
        day_buy_quantity: 3,
        day_buy_value: 9600,
        day_sell_quantity: 1,
        day_sell_value: 3250,
        realised: 50,
      }),
    ];
    const { positions } = await h.broker.sync();
    expect(positions).toEqual([
      // 10 × ₹1,500.50 + ₹7,750.25 = ₹22,755.25 for 15 shares
      {
        symbol: 'RELIANCE',
        quantity: 15,
        costPaise: 2_275_525,
        realisedPnlPaise: 0,
        openedAt: h.clock.t,
        updatedAt: h.clock.t,
      },
      // three bought for ₹9,600, one sold: two left at ₹3,200 each
      {
        symbol: 'TCS',
        quantity: 2,
        costPaise: 640_000,
        realisedPnlPaise: 5_000,
        openedAt: h.clock.t,
        updatedAt: h.clock.t,
      },
    ]);
  });

  it('finds an order whose placement went unanswered by its tag', async () => {
    h.fake.api.route('POST', /^\/v3\/order\/place$/, (request) => {
      const body = JSON.parse(request.body);
      h.fake.book.set('555', {
        order_id: '555',
        status: 'complete',
        instrument_token: body.instrument_token,
        transaction_type: 'BUY',
        order_type: 'MARKET',
        quantity: 5,
        filled_quantity: 5,
        average_price: 1551,
        price: 0,
        tag: body.tag,
      });
      return { status: 504, body: 'Gateway timeout' };
    });
    await expect(h.broker.submit(liveOrder())).rejects.toThrow(/may have been placed/);
    const { orders } = await h.broker.sync();
    expect(orders).toMatchObject([{ brokerOrderId: '555', status: 'FILLED', averagePrice: 155_100 }]);
  });

  it('gives up on an unanswered order Upstox has no record of after a minute', async () => {
    h.fake.api.route('POST', /^\/v3\/order\/place$/, () => ({ status: 504, body: 'Gateway timeout' }));
    await expect(h.broker.submit(liveOrder())).rejects.toThrow(/may have been placed/);
    expect((await h.broker.sync()).orders[0]!.status).toBe('PENDING');
    h.clock.t += 61_000;
    expect((await h.broker.sync()).orders[0]).toMatchObject({
      status: 'REJECTED',
      rejectReason: expect.stringMatching(/no record/),
    });
  });
});

function trade(id: string, orderId: string, quantity: number, price: number, at: string) {
  return {
    trade_id: id,
    order_id: orderId,
    instrument_token: 'NSE_EQ|INE002A01018',
    transaction_type: 'BUY' as const,
    quantity,
    average_price: price,
    exchange_timestamp: at,
    order_timestamp: '2026-01-12 10:00:00',
    trading_symbol: 'RELIANCE',
    product: 'D',
  };
}

function position(instrumentToken: string, fields: Partial<Record<string, number>>) {
  return {
    instrument_token: instrumentToken,
    product: 'D',
    quantity: 0,
    day_buy_quantity: 0,
    day_buy_value: 0,
    day_sell_quantity: 0,
    day_sell_value: 0,
    realised: 0,
    ...fields,
  };
}
