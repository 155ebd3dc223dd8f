import { PAPER_STARTING_BALANCE_PAISE } from '../../../core/orders';
import { sqlLedgerStorage } from '../../../storage/sql/ledger-storage';
import { type Db, openDatabase } from '../../../storage/sqlite/database';
import { Ledger } from '../ledger';
import { brokenInvariants } from '../ledger/test-support/ledger-invariants';
import { liveOrderStore } from './ledger-order-store';
import { LiveBroker } from './live-broker';
import { LiveVenue } from './live-venue';
import { type LiveBrokerHarness, liveBrokerHarness, liveOrder } from './test-support/live-broker-harness';
import { UpstoxOrderClient } from './upstox-order-client';

// Live orders in the ledger: recorded as placed and as Upstox moves them, never as cash or positions.
describe('LiveBroker keeping its orders in the ledger', () => {
  let h: LiveBrokerHarness;
  let db: Db;
  let ledger: Ledger;

  beforeEach(async () => {
    h = await liveBrokerHarness();
    db = openDatabase(':memory:');
    ledger = new Ledger(sqlLedgerStorage(db), () => h.clock.now());
    ledger.openAccount('paper', PAPER_STARTING_BALANCE_PAISE);
    h.broker.keepOrdersIn(liveOrderStore(ledger));
  });
  afterEach(async () => {
    try {
      expect(brokenInvariants(db, ledger, 'paper')).toEqual([]);
      // The live account's orders carry Upstox's figures and no fills here; its cash and entries stay 0.
      if (ledger.isOpen('live'))
        expect([ledger.cashPaise('live'), ledger.entriesSum('live')]).toEqual([0, 0]);
    } finally {
      db.close();
      await h.fake.close();
    }
  });

  const liveOrders = () => ledger.orders({ account: 'live', limit: 100, offset: 0 }).orders;

  it('records the order PENDING before Upstox is asked, then its Upstox id, and moves no money', async () => {
    const { order, placed } = h.broker.begin(liveOrder({ quantity: 5 }));
    expect(ledger.order(order.id)).toMatchObject({ account: 'live', status: 'PENDING', quantity: 5 });
    const confirmed = await placed;
    expect(ledger.pendingLiveOrders()).toEqual([
      expect.objectContaining({ id: order.id, brokerOrderId: confirmed.brokerOrderId }),
    ]);
    // Upstox's account is the truth for the live account's money and holdings: none of it is here.
    expect(ledger.cashPaise('live')).toBe(0);
    expect(ledger.entriesSum('live')).toBe(0);
    expect(ledger.positions('live')).toEqual([]);
    expect(ledger.fills()).toEqual([]);
    expect(ledger.cashPaise('paper')).toBe(PAPER_STARTING_BALANCE_PAISE);
  });

  it('follows each sync: filled with its average price, rejected with Upstox’s reason', async () => {
    const filled = await h.broker.submit(liveOrder({ quantity: 10 }));
    const refused = await h.broker.submit(liveOrder({ symbol: 'TCS', quantity: 1 }));
    h.fake.update(filled.brokerOrderId!, { status: 'complete', filled_quantity: 10, average_price: 1550.03 });
    h.fake.update(refused.brokerOrderId!, { status: 'rejected', status_message: 'RMS:Margin Exceeds' });
    h.clock.t += 5_000;
    await h.broker.sync();
    expect(ledger.order(filled.id)).toMatchObject({
      status: 'FILLED',
      filledQuantity: 10,
      averagePrice: 155_003,
      updatedAt: h.clock.t,
    });
    expect(ledger.order(refused.id)).toMatchObject({
      status: 'REJECTED',
      rejectReason: 'RMS:Margin Exceeds',
    });
    expect(ledger.pendingLiveOrders()).toEqual([]);
    expect(liveOrders()).toHaveLength(2);
  });

  it('keeps an order Upstox refused outright, and one that never reached Upstox, with the reason', async () => {
    h.fake.api.route('POST', /^\/v3\/order\/place$/, () => ({
      status: 400,
      body: { status: 'error', errors: [{ errorCode: 'UDAPI1', message: 'Insufficient funds' }] },
    }));
    const refused = await h.broker.submit(liveOrder());
    expect(ledger.order(refused.id)).toMatchObject({
      status: 'REJECTED',
      rejectReason: expect.stringMatching(/Insufficient funds/),
    });
    h.fake.api.route('POST', /^\/v3\/order\/place$/, () => ({
      status: 401,
      body: { status: 'error', errors: [] },
    }));
    await expect(h.broker.submit(liveOrder({ symbol: 'INFY' }))).rejects.toThrow();
    const notPlaced = liveOrders().find((order) => order.symbol === 'INFY')!;
    expect(notPlaced).toMatchObject({
      status: 'REJECTED',
      rejectReason: expect.stringMatching(/^Not placed: /),
    });
  });

  it('after a restart follows the orders still pending, and the venue holds the loop off them', async () => {
    const pending = await h.broker.submit(liveOrder({ quantity: 3 }));
    // A new broker over the same ledger, as after a restart: it knows the order without Upstox.
    const restarted = new LiveBroker({
      account: h.account,
      client: new UpstoxOrderClient({
        baseUrl: h.account.rest.baseUrl,
        accessToken: () => h.account.session()?.accessToken ?? null,
      }),
      now: () => h.clock.now(),
      store: liveOrderStore(ledger),
    });
    expect(restarted.order(pending.id)).toMatchObject({
      status: 'PENDING',
      brokerOrderId: pending.brokerOrderId,
    });
    const venue = new LiveVenue({ broker: restarted, marks: () => undefined });
    expect([...venue.pendingOrderSymbols()]).toEqual(['RELIANCE']);

    h.fake.update(pending.brokerOrderId!, { status: 'complete', filled_quantity: 3, average_price: 1500 });
    await restarted.sync();
    expect(ledger.order(pending.id)).toMatchObject({
      status: 'FILLED',
      filledQuantity: 3,
      averagePrice: 150_000,
    });
    expect([...venue.pendingOrderSymbols()]).toEqual([]);
  });

  it('lets a day order of an earlier day lapse, so it holds nothing off the next day', async () => {
    const yesterday = h.clock.now() - 24 * 3_600_000;
    ledger.recordLiveOrder({
      ...liveOrder({ type: 'LIMIT', limitPrice: 100_000 }),
      limitPrice: 100_000,
      simulatedReplay: false,
      product: 'D',
      id: 'LVyesterday0000001',
      brokerOrderId: '250111000000042', // not in today's Upstox order book
      status: 'PENDING',
      rejectReason: null,
      filledQuantity: 0,
      averagePrice: null,
      chargesPaise: 0,
      realisedPnlPaise: 0,
      createdAt: yesterday,
      updatedAt: yesterday,
    });
    h.broker.keepOrdersIn(liveOrderStore(ledger));
    expect([...h.broker.pendingSymbols()]).toEqual(['RELIANCE']);
    await h.broker.sync();
    expect(ledger.order('LVyesterday0000001')).toMatchObject({
      status: 'CANCELLED',
      rejectReason: expect.stringMatching(/trading day ended/),
    });
    expect([...h.broker.pendingSymbols()]).toEqual([]);
  });
});
