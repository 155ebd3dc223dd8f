import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { backtestRunSchema, okEnvelope } from '@td/contracts';
import { buildTestApp, signInForTest, type TestApp } from '../../test-support';
import { createTestDatabase, type TestDatabase } from '../../test-support/postgres';

// Backtests over imported candles (decision 0056), in the worker thread, which reads the SQLite file
// through a connection of its own: so the database here is a file, not ':memory:'.

const HEADER = 'symbol,timestamp,open,high,low,close,volume';
let testApp: TestApp;
let dir: string;
let headers: { authorization: string };

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  testApp.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });

/** `minutes` one-minute rows from 09:15 IST, the minutes in `missing` left out, as a real feed's gaps. */
function csvRows(symbol: string, date: string, minutes: number, missing: number[] = []): string[] {
  const rows: string[] = [];
  for (let minute = 0; minute < minutes; minute++) {
    if (missing.includes(minute)) continue;
    const at = 9 * 60 + 15 + minute;
    const time = `${String(Math.floor(at / 60)).padStart(2, '0')}:${String(at % 60).padStart(2, '0')}`;
    const price = (1500 + minute * 0.5 + (minute % 7) * 0.35).toFixed(2);
    rows.push(`${symbol},${date} ${time},${price},${price},${price},${price},${1000 + minute}`);
  }
  return rows;
}

async function importMinutes(rows: string[]) {
  const reply = await call('POST', '/api/history/import', {
    format: 'ohlcv',
    interval: '1minute',
    csv: `${HEADER}\n${rows.join('\n')}\n`,
  });
  expect(reply.statusCode).toBe(200);
}

describe('POST /api/backtests with data stored', () => {
  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-stored-backtest-'));
    testApp = await buildTestApp({ databaseFile: path.join(dir, 'trading.db') });
    ({ headers } = await signInForTest(testApp));
  });
  afterEach(async () => {
    await testApp.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('replays the imported one-minute bars in the worker, gaps and all, and keeps the result', async () => {
    await importMinutes([
      ...csvRows('INFY', '2025-12-31', 90, [10, 11, 45]),
      ...csvRows('TCS', '2025-12-31', 90, [0, 1]),
      ...csvRows('INFY', '2026-01-02', 90, [89]),
    ]);
    const started = await call('POST', '/api/backtests', {
      data: 'stored',
      from: '2025-12-29',
      to: '2026-01-02',
      capital: 1_000_000,
    });
    expect(started.statusCode).toBe(202);
    const total = 87 + 88 + 89;
    expect(started.json().data.progress.total_bars).toBe(total);
    await testApp.services.backtests.idle();
    const reply = (await call('GET', `/api/backtests/${started.json().data.id}`)).json();
    expect(okEnvelope(backtestRunSchema).safeParse(reply).error).toBeUndefined();
    expect(reply.data).toMatchObject({
      status: 'complete',
      error: null,
      settings: { data: 'stored', from: '2025-12-29', to: '2026-01-02' },
      progress: { bars_done: total, total_bars: total, percent: 100 },
    });
    expect(reply.data.result.bars).toBe(total);
    expect(reply.data.result.sessions.map((s: { date: string }) => s.date)).toEqual([
      '2025-12-31',
      '2026-01-02',
    ]);
    expect(reply.data.result.errors).toEqual([]);
    // The run's own ledger, not the trader's: the paper account's orders are untouched.
    expect(testApp.services.ledger.orders({ account: 'paper', limit: 1, offset: 0 }).total).toBe(0);
  });

  it('runs over stored candles while the feed is a real one, where generated history is refused', async () => {
    await importMinutes(csvRows('TCS', '2026-01-02', 30));
    const market = testApp.services.market;
    const real = { ...market.simulator };
    Object.defineProperty(market, 'activeProvider', { get: () => real, configurable: true });
    const generated = await call('POST', '/api/backtests', {
      from: '2026-01-02',
      to: '2026-01-02',
      capital: 1_000_000,
    });
    expect(generated.statusCode).toBe(409);
    expect(generated.json().error).toContain('or choose your imported / fetched candles');
    const stored = await call('POST', '/api/backtests', {
      data: 'stored',
      from: '2026-01-02',
      to: '2026-01-02',
      capital: 1_000_000,
    });
    expect(stored.statusCode).toBe(202);
    await testApp.services.backtests.idle();
  });

  it('sweeps over the stored candles too, on a real feed, fitting and holding out stored sessions', async () => {
    await importMinutes([
      ...csvRows('INFY', '2025-12-30', 60),
      ...csvRows('INFY', '2025-12-31', 60, [5]),
      ...csvRows('INFY', '2026-01-02', 60),
    ]);
    const market = testApp.services.market;
    const real = { ...market.simulator };
    Object.defineProperty(market, 'activeProvider', { get: () => real, configurable: true });
    const started = await call('POST', '/api/backtests/sweeps', {
      data: 'stored',
      from: '2025-12-29',
      to: '2026-01-02',
      capital: 1_000_000,
      grid: { target_pct: [1, 2] },
      in_sample_share: 0.7,
    });
    expect(started.statusCode).toBe(202);
    // Two combinations × (60 + 59 in-sample bars + 60 held out): the stored bars, not the generated ones.
    expect(started.json().data.progress.total_bars).toBe(2 * (60 + 59 + 60));
    await testApp.services.backtestSweeps.idle();
    const sweep = (await call('GET', `/api/backtests/sweeps/${started.json().data.id}`)).json().data;
    expect(sweep.status).toBe('complete');
    expect(sweep.result.in_sample).toEqual({ from: '2025-12-30', to: '2025-12-31', sessions: 2 });
    expect(sweep.result.out_of_sample).toEqual({ from: '2026-01-02', to: '2026-01-02', sessions: 1 });
  });

  it.each([
    [
      { from: '2025-11-03', to: '2025-11-07' },
      'No stored one-minute bars between 2025-11-03 and 2025-11-07: the stored one-minute bars cover INFY 2026-01-02 to 2026-01-02.',
    ],
    [
      { from: '2026-01-02', to: '2026-01-02', symbols: ['TCS'] },
      'No stored one-minute bars for TCS: one-minute bars are stored for INFY.',
    ],
    [{ from: '2026-01-02', to: '2026-01-02', data: 'daily' }, 'data must be generated'],
  ])('answers 400 with a sentence for %j', async (payload, message) => {
    await importMinutes(csvRows('INFY', '2026-01-02', 5));
    const reply = await call('POST', '/api/backtests', { data: 'stored', capital: 1_000_000, ...payload });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().error).toContain(message);
    expect((await call('GET', '/api/backtests')).json().data.runs).toEqual([]);
  });
});

describe('POST /api/backtests with data stored on PostgreSQL', () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase();
    testApp = await buildTestApp({ config: { databaseUrl: database.url } });
    ({ headers } = await signInForTest(testApp));
  });
  afterEach(async () => {
    await testApp.close();
    await database.drop();
  });

  it('replays the imported bars in the worker, which connects to the shared database itself', async () => {
    await importMinutes([...csvRows('INFY', '2026-01-02', 45, [7]), ...csvRows('TCS', '2026-01-02', 45)]);
    const started = await call('POST', '/api/backtests', {
      data: 'stored',
      from: '2026-01-02',
      to: '2026-01-02',
      capital: 1_000_000,
    });
    expect(started.statusCode).toBe(202);
    await testApp.services.backtests.idle();
    const run = (await call('GET', `/api/backtests/${started.json().data.id}`)).json().data;
    expect(run).toMatchObject({
      status: 'complete',
      error: null,
      progress: { bars_done: 89, total_bars: 89 },
    });
  });
});
