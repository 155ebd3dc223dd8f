import { databases } from '../../test-support/databases';
import { openRepositories, order, T0 } from './test-support/repository-fixture';

// Every repository runs on both stores: the same SQL, the same answers.
let open = databases[0]!.open;

describe.each(databases)('the orders repository on $name', (database) => {
  beforeAll(() => {
    open = database.open;
  });

  it('stores an order and reads it back as it was', () => {
    const { orders } = openRepositories(open());
    const placed = order('o1', { type: 'LIMIT', limitPrice: 1_500, simulatedReplay: true });
    orders.insert(placed);
    expect(orders.order('o1')).toEqual(placed);
    expect(orders.order('nope')).toBeUndefined();
    expect(orders.hasReplayedOrders('paper')).toBe(true);
    expect(orders.hasReplayedOrders('live')).toBe(false);
  });

  it('pages newest first with the count of all matches, filters by search, and sums a summary', () => {
    const { orders } = openRepositories(open());
    orders.insert(order('o1', { symbol: 'TCS', strategy: 'momentum' }, T0));
    orders.insert(order('o2', { symbol: 'INFY', strategy: 'manual' }, T0 + 1));
    orders.insert(order('o3', { symbol: 'A_B', strategy: 'manual' }, T0 + 2));
    const page = orders.page({ account: 'paper', limit: 2, offset: 0 });
    expect(page.total).toBe(3);
    expect(page.orders.map((o) => o.id)).toEqual(['o3', 'o2']);
    expect(
      orders.page({ account: 'paper', search: 'a_b', limit: 10, offset: 0 }).orders.map((o) => o.id),
    ).toEqual(['o3']);
    expect(
      orders.page({ account: 'paper', status: ['PENDING', 'FILLED'], from: T0 + 1, limit: 10, offset: 0 })
        .total,
    ).toBe(2);
    orders.addFill('o1', {
      filledQuantity: 10,
      averagePrice: 1_000,
      addedChargesPaise: 20,
      addedRealisedPnlPaise: 0,
      status: 'FILLED',
      updatedAt: T0 + 5,
    });
    expect(orders.summary({ account: 'paper' })).toEqual({
      total: 3,
      filled: 1,
      pending: 2,
      closed: 0,
      wins: 0,
      netPnlPaise: -20,
      chargesPaise: 20,
    });
    expect(orders.strategies('paper')).toEqual(['manual', 'momentum']);
  });

  it("reads one account's orders by rowid range, oldest first, and the newest rowid of any account", () => {
    const { orders, ledger } = openRepositories(open());
    ledger.ensureLiveAccount(T0);
    expect(orders.newestRowid()).toBe(0);
    orders.insert(order('o1', {}, T0 + 5));
    orders.insert(order('l1', { account: 'live' }, T0 + 1));
    orders.insert(order('o2', {}, T0));
    orders.insert(order('o3', {}, T0 + 9));
    expect(orders.newestRowid()).toBe(4);
    // Insertion order, not time order: a range read gives every order once, whatever its time.
    expect(orders.between('paper', 0, 4).map((o) => o.id)).toEqual(['o1', 'o2', 'o3']);
    expect(orders.between('paper', 1, 3).map((o) => o.id)).toEqual(['o2']);
    expect(orders.between('live', 0, 4)).toEqual([orders.order('l1')]);
    expect(orders.between('paper', 4, 9)).toEqual([]);
  });

  it('adds a fill to the running totals and reports closed sells in a time range', () => {
    const { orders } = openRepositories(open());
    orders.insert(order('s1', { side: 'SELL' }, T0));
    const totals = {
      filledQuantity: 4,
      averagePrice: 1_000,
      addedChargesPaise: 10,
      addedRealisedPnlPaise: 300,
    };
    orders.addFill('s1', { ...totals, status: 'PENDING', updatedAt: T0 + 1 });
    orders.addFill('s1', { ...totals, filledQuantity: 10, status: 'FILLED', updatedAt: T0 + 2 });
    expect(orders.order('s1')).toMatchObject({
      filledQuantity: 10,
      chargesPaise: 20,
      realisedPnlPaise: 600,
      status: 'FILLED',
      updatedAt: T0 + 2,
    });
    expect(orders.closedTradeCounts('paper', T0, T0 + 1)).toEqual({ trades: 1, wins: 1, losses: 0 });
    expect(orders.closedTradeCounts('paper', T0 + 1, T0 + 2)).toEqual({ trades: 0, wins: 0, losses: 0 });
    // Net of the sell's charges: 5 − 10 is a loss, 10 − 10 neither a win nor a loss.
    for (const [id, realised] of [
      ['s2', 5],
      ['s3', 10],
    ] as const) {
      orders.insert(order(id, { side: 'SELL' }, T0));
      orders.addFill(id, {
        filledQuantity: 1,
        averagePrice: 1_000,
        addedChargesPaise: 10,
        addedRealisedPnlPaise: realised,
        status: 'FILLED',
        updatedAt: T0 + 3,
      });
    }
    expect(orders.closedTradeCounts('paper', T0, T0 + 1)).toEqual({ trades: 3, wins: 1, losses: 1 });
  });

  it('lists and cancels the pending orders of one account only, and ends one with a reason', () => {
    const { orders, ledger } = openRepositories(open());
    ledger.ensureLiveAccount(T0);
    orders.insert(order('p1'));
    orders.insert(order('p2'));
    orders.insert(order('l1', { account: 'live' }));
    expect(orders.pendingOrderIds('paper').sort()).toEqual(['p1', 'p2']);
    orders.setStatus('p1', 'REJECTED', 'Too big', T0 + 1);
    expect(orders.order('p1')).toMatchObject({
      status: 'REJECTED',
      rejectReason: 'Too big',
      updatedAt: T0 + 1,
    });
    orders.cancelPending('paper', 'Account reset', T0 + 2);
    expect(orders.order('p2')).toMatchObject({
      status: 'CANCELLED',
      rejectReason: 'Account reset',
      updatedAt: T0 + 2,
    });
    expect(orders.pendingOrderIds('paper')).toEqual([]);
    expect(orders.pendingOrderIds('live')).toEqual(['l1']);
  });

  it("keeps a live order's Upstox id and brings it to what Upstox reports", () => {
    const { orders, ledger } = openRepositories(open());
    ledger.ensureLiveAccount(T0);
    const live = { ...order('l1', { account: 'live' }), brokerOrderId: null };
    orders.insert(live);
    orders.insert(order('l2', { account: 'live' }, T0 + 1));
    orders.setBrokerOrderId('l1', 'U-1');
    orders.setBrokerOrderId('l1', 'U-2');
    expect(orders.pendingLiveOrders().map((o) => [o.id, o.brokerOrderId])).toEqual([
      ['l1', 'U-2'],
      ['l2', null],
    ]);
    expect(
      orders.updateLiveOrder({ ...live, status: 'FILLED', filledQuantity: 10, averagePrice: 1_234 }),
    ).toBe(true);
    expect(orders.order('l1')).toMatchObject({ status: 'FILLED', filledQuantity: 10, averagePrice: 1_234 });
    orders.insert(order('p1'));
    expect(orders.updateLiveOrder({ ...live, id: 'p1' })).toBe(false);
  });
});
