import { Writable } from 'node:stream';
import type { Order } from '../../../core/orders';
import { buildTestApp, signInForTest, type TestApp } from '../../../test-support';
import { brokenInvariants } from '../ledger/test-support/ledger-invariants';

/** The real services, started: the resting-order timer runs every second as in production. */
let testApp: TestApp;
let headers: { authorization: string };
let logLines: string[];

beforeEach(async () => {
  logLines = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  testApp = await buildTestApp({ config: { replayHistory: false, tradingLoop: false }, logStream });
  await testApp.runtime.start();
  ({ headers } = await signInForTest(testApp));
});
afterEach(() => testApp.close());

/** The market trades `symbol` at `rupees` (a tick through the real pipeline). */
function trade(symbol: string, rupees: number) {
  const now = testApp.services.market.clock.now();
  testApp.services.market.pipeline.process({
    symbol,
    ltp: Math.round(rupees * 100),
    ltq: 1,
    volume: 1,
    previousClose: Math.round(rupees * 100),
    exchangeTs: now,
    receivedTs: now,
    source: 'simulator',
  });
}

async function limitOrder(side: 'BUY' | 'SELL', symbol: string, quantity: number, limitPrice: number) {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers,
    payload: { symbol, side, type: 'LIMIT', quantity, limit_price: limitPrice },
  });
  return response.json().data as Order;
}

/** Waits for the timer to move the order off PENDING (it runs once a second). */
async function settled(id: string): Promise<Order> {
  // Elapsed time, not the date: the timer runs on real time whatever the app's clock says.
  const deadline = performance.now() + 10_000;
  for (;;) {
    const order = testApp.services.ledger.order(id)!;
    if (order.status !== 'PENDING' || performance.now() > deadline) return order;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('resting paper orders, checked by the running services every second', () => {
  it('fills a resting buy limit once the price reaches it, and books the cash and the holding', async () => {
    const { ledger } = testApp.services;
    trade('INFY', 1500);
    const placed = await limitOrder('BUY', 'INFY', 2, 1450);
    expect(placed.status).toBe('PENDING');
    const cashBefore = ledger.cashPaise('paper');

    trade('INFY', 1449.5);
    const filled = await settled(placed.id);

    expect(filled).toMatchObject({ status: 'FILLED', filledQuantity: 2, averagePrice: 144_950 });
    expect(ledger.cashPaise('paper')).toBe(cashBefore - 2 * 144_950 - filled.chargesPaise);
    expect(ledger.position('paper', 'INFY')?.quantity).toBe(2);
    expect(brokenInvariants(testApp.services.db, ledger, 'paper')).toEqual([]);
  });

  it('rejects, with the reason on the order, a resting sell whose charges the cash and proceeds cannot pay', async () => {
    const { ledger } = testApp.services;
    trade('ITC', 5);
    const bought = await limitOrder('BUY', 'ITC', 1, 5);
    expect(bought.status).toBe('FILLED');
    ledger.setBalance('paper', 0);
    const placed = await limitOrder('SELL', 'ITC', 1, 6);
    expect(placed.status).toBe('PENDING');

    // ₹6 of proceeds cannot pay ₹20 brokerage: before, the ledger's refusal was thrown out of the timer.
    trade('ITC', 6);
    const rejected = await settled(placed.id);

    expect(rejected.status).toBe('REJECTED');
    expect(rejected.rejectReason).toMatch(/could not be filled at ₹6\. The charges on this sale of ITC/);
    expect(ledger.cashPaise('paper')).toBe(0);
    expect(ledger.position('paper', 'ITC')?.quantity).toBe(1);
    expect(ledger.fills(placed.id)).toEqual([]);
    expect(brokenInvariants(testApp.services.db, ledger, 'paper')).toEqual([]);
    // The timer is still running: a later order still fills.
    ledger.setBalance('paper', 1_000_000_00);
    trade('TCS', 3000);
    const next = await limitOrder('BUY', 'TCS', 1, 2990);
    trade('TCS', 2990);
    expect((await settled(next.id)).status).toBe('FILLED');
  });

  it('logs, with the symbol, whatever a check throws, and keeps checking every second', async () => {
    trade('SBIN', 800);
    await limitOrder('BUY', 'SBIN', 1, 700);
    let calls = 0;
    jest.spyOn(testApp.services.paperBroker, 'onPrice').mockImplementation(() => {
      calls += 1;
      throw new Error('disk on fire');
    });

    const deadline = performance.now() + 10_000;
    while (calls < 2 && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));

    expect(calls).toBeGreaterThanOrEqual(2);
    const logged = logLines.map((line) => JSON.parse(line)).filter((line) => line.timer === 'resting-orders');
    expect(logged[0]).toMatchObject({
      symbol: 'SBIN',
      err: expect.objectContaining({ message: 'disk on fire' }),
    });
  });
});
