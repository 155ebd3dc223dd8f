import { until } from '../../../test-support/real-feed-harness';
import { LiveVenue } from './live-venue';
import { type LiveBrokerHarness, liveBrokerHarness, liveOrder } from './test-support/live-broker-harness';

describe('LiveVenue', () => {
  let h: LiveBrokerHarness;
  let marks: Map<string, number>;
  let closes: Map<string, number>;
  let venue: LiveVenue;
  let logged: { level: string; message: string; details: object }[];

  beforeEach(async () => {
    h = await liveBrokerHarness();
    marks = new Map([['RELIANCE', 150_000]]);
    closes = new Map([['RELIANCE', 148_000]]);
    logged = [];
    const record = (level: string) => (details: object, message: string) =>
      logged.push({ level, message, details });
    venue = new LiveVenue({
      broker: h.broker,
      marks: (symbol) => marks.get(symbol),
      previousClose: (symbol) => closes.get(symbol),
      now: () => h.clock.now(),
      log: { info: record('info'), warn: record('warn'), error: record('error') },
    });
  });
  afterEach(() => h.fake.close());

  it('reads nothing before its first refresh', () => {
    expect(venue.positions()).toEqual([]);
    expect(venue.cashPaise()).toBe(0);
    expect(venue.equityPaise()).toBe(0);
    expect(venue.dayPnlPaise()).toBe(0);
    expect(venue.snapshot()).toBeNull();
  });

  it('refreshes positions and funds from Upstox and values them at the market engine’s marks', async () => {
    h.fake.availableMarginRupees = 10_000;
    h.fake.holdings = [{ instrument_token: 'NSE_EQ|INE002A01018', quantity: 4, average_price: 1400 }];
    h.fake.positions = [
      {
        instrument_token: 'NSE_EQ|INE467B01029',
        quantity: 2,
        average_price: 3500,
        day_buy_quantity: 2,
        day_buy_value: 7000,
        day_sell_quantity: 0,
        day_sell_value: 0,
        realised: 0,
      } as never,
    ];
    await expect(venue.refresh()).resolves.toBe(true);
    expect(h.fake.requestsTo('GET', '/v2/order/retrieve-all')).toHaveLength(1);
    expect(venue.cashPaise()).toBe(1_000_000);
    expect(venue.positions().map((p) => [p.symbol, p.quantity, p.costPaise])).toEqual([
      ['RELIANCE', 4, 560_000],
      ['TCS', 2, 700_000],
    ]);
    // RELIANCE at its mark (4 × ₹1500), TCS has no mark so at cost (₹7000).
    expect(venue.equityPaise()).toBe(1_000_000 + 600_000 + 700_000);
    // Only RELIANCE has a mark and a previous close: 4 × ₹20.
    expect(venue.dayPnlPaise()).toBe(8_000);
    expect(venue.lastPrice('RELIANCE')).toBe(150_000);
    expect(venue.snapshot()?.takenAt).toBe(h.clock.t);
  });

  it('keeps the last good snapshot when a refresh fails, and says why', async () => {
    await venue.refresh();
    const before = venue.snapshot();
    h.fake.api.route('GET', /^\/v2\/user\/get-funds-and-margin$/, () => ({ status: 503, body: 'down' }));
    await expect(venue.refresh()).resolves.toBe(false);
    expect(venue.snapshot()).toEqual(before);
    expect(venue.lastError()).toMatch(/503|Upstox/);
  });

  it('returns the order PENDING at once and places it with Upstox in the background', async () => {
    const order = venue.submit(liveOrder({ account: 'paper', strategy: 'momentum' }));
    expect(order).toMatchObject({ account: 'live', status: 'PENDING', strategy: 'momentum', quantity: 5 });
    // The placement runs in the background: wait for Upstox's answer, however busy the machine.
    await until(() => h.broker.order(order.id)?.brokerOrderId, 'the Upstox order id');
    expect(h.fake.placed()).toHaveLength(1);
    expect(h.fake.placed()[0]!.tag).toBe(`GENERIC${order.id}`);
    expect(h.broker.order(order.id)?.brokerOrderId).toBe('260112000000001');
  });

  it('never throws on a refused order: refused locally it is REJECTED, refused by Upstox it is logged', async () => {
    const unknown = venue.submit(liveOrder({ symbol: 'NOSUCH' }));
    expect(unknown).toMatchObject({ status: 'REJECTED', symbol: 'NOSUCH' });
    expect(unknown.rejectReason).toMatch(/NOSUCH is not/);

    h.fake.api.route('POST', /^\/v3\/order\/place$/, () => ({
      status: 400,
      body: { status: 'error', errors: [{ errorCode: 'UDAPI1026', message: 'Insufficient funds' }] },
    }));
    const refused = venue.submit(liveOrder());
    expect(refused.status).toBe('PENDING');
    await until(() => h.broker.order(refused.id)?.status === 'REJECTED', 'the refusal');
    expect(h.broker.order(refused.id)?.status).toBe('REJECTED');
    expect(logged.some((line) => line.message === 'Upstox refused a live loop order')).toBe(true);

    h.fake.api.route('POST', /^\/v3\/order\/place$/, () => ({ status: 502, body: 'Bad gateway' }));
    expect(venue.submit(liveOrder()).status).toBe('PENDING');
    await until(() => logged.some((line) => line.level === 'error'), 'the error logged');
    expect(logged.some((line) => line.level === 'error')).toBe(true);
  });

  it('rejects every order without a usable session, and never calls Upstox', async () => {
    h.clock.t = Date.UTC(2026, 0, 12, 22, 0); // past the 03:30 IST expiry
    expect(venue.submit(liveOrder())).toMatchObject({ status: 'REJECTED' });
    await expect(venue.refresh()).resolves.toBe(false);
    expect(h.fake.api.requests).toEqual([]);
  });
});
