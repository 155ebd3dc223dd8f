import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PAPER_STARTING_BALANCE_PAISE } from '../../core/orders';
import { loadConfig } from '../../runtime/config';
import { buildTestApp, signInForTest, type TestApp } from '../../test-support';

let testApp: TestApp;
let dataDir: string;
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-orders-during-replay-'));
});
afterEach(async () => {
  await testApp.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const PREPARING =
  /^The paper account is being prepared from 3 sessions of history \(\d of 3 done\); orders open when it finishes\.$/;

interface FillRow {
  order_id: string;
  symbol: string;
  side: 'BUY' | 'SELL';
  quantity: number;
  price_paise: number;
  charges_paise: number;
  ts: number;
}

describe('orders racing the start-up replay on an empty data directory', () => {
  it('refuses every order until the replay ends, then fills them; every acknowledged fill stays in cash and positions', async () => {
    testApp = await buildTestApp({
      // An empty data directory, as `npm start` meets it on a fresh machine: the replay runs at start.
      databaseFile: path.join(dataDir, 'trading.db'),
      config: {
        replayHistory: true,
        tradingLoop: true,
        // The continuous demo session: the loop may trade as soon as the replay lets it, on any date.
        market: { ...loadConfig({}).market, historySessions: 3, ticksPerSecond: 0, continuousSession: true },
      },
    });
    const { app, services } = testApp;
    const { headers } = await signInForTest(testApp);
    await testApp.runtime.start();
    expect(services.paperPreparation.running).toBe(true);

    const acknowledged: string[] = [];
    const refusals: string[] = [];
    const manual = async (symbol = 'RELIANCE', quantity = 15) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/orders',
        headers,
        payload: { symbol, side: 'BUY', quantity },
      });
      if (response.statusCode === 201) acknowledged.push(response.json().data.id);
      else {
        expect([response.statusCode, response.json().error]).toEqual([503, expect.any(String)]);
        refusals.push(response.json().error);
      }
    };
    let loopRefusals = 0;
    while (services.paperPreparation.running) {
      // The loop's path (the paper venue) and the API, each turn of the event loop, as the replay runs.
      expect(services.tradingLoop.state().running).toBe(false);
      try {
        services.trading.placeOrder({
          ...{ account: 'paper', symbol: 'TCS', side: 'BUY', type: 'MARKET', quantity: 1 },
          strategy: 'ensemble',
        });
      } catch (error) {
        expect((error as Error).message).toMatch(PREPARING);
        loopRefusals += 1;
      }
      await Promise.all([manual(), manual()]);
    }
    expect(refusals.length).toBeGreaterThan(0);
    expect(loopRefusals).toBeGreaterThan(0);
    for (const sentence of refusals) expect(sentence).toMatch(PREPARING);
    // What was refused during the replay wrote nothing: every order so far is the replay's.
    const { orders } = services.ledger.orders({ account: 'paper', limit: 100_000, offset: 0 });
    expect(orders.filter((order) => !order.simulatedReplay && !acknowledged.includes(order.id))).toEqual([]);

    // The replay has finished: orders open (and the paper loop starts).
    for (const symbol of ['RELIANCE', 'TCS', 'INFY']) await manual(symbol, 2);
    // (The last pair above may have committed just after the replay ended: acknowledged, then, too.)
    expect(acknowledged.length).toBeGreaterThanOrEqual(3);

    const fills = services.db
      .prepare("SELECT * FROM fills WHERE account = 'paper' ORDER BY rowid")
      .all() as FillRow[];
    // cash = opening + Σ fills − charges
    const flows = fills.reduce(
      (sum, fill) =>
        sum + (fill.side === 'SELL' ? 1 : -1) * fill.quantity * fill.price_paise - fill.charges_paise,
      0,
    );
    expect(services.ledger.cashPaise('paper')).toBe(PAPER_STARTING_BALANCE_PAISE + flows);
    // each position = Σ its fills
    const held = new Map<string, number>();
    for (const fill of fills)
      held.set(fill.symbol, (held.get(fill.symbol) ?? 0) + (fill.side === 'BUY' ? 1 : -1) * fill.quantity);
    for (const position of services.ledger.positions('paper'))
      expect([position.symbol, position.quantity]).toEqual([position.symbol, held.get(position.symbol)]);
    for (const [symbol, quantity] of held)
      if (quantity !== 0) expect(services.ledger.position('paper', symbol)?.quantity).toBe(quantity);
    // every acknowledged fill is in both: booked as a fill, and nothing booked after it is dated before it
    for (const id of acknowledged) {
      const order = services.ledger.order(id)!;
      expect(order.status).toBe('FILLED');
      expect(fills.filter((fill) => fill.order_id === id).map((fill) => fill.quantity)).toEqual([
        order.quantity,
      ]);
    }
    const firstAcknowledged = fills.findIndex((fill) => acknowledged.includes(fill.order_id));
    const later = fills.slice(firstAcknowledged);
    for (let i = 1; i < later.length; i++) expect(later[i]!.ts).toBeGreaterThanOrEqual(later[i - 1]!.ts);
  }, 60_000);
});
