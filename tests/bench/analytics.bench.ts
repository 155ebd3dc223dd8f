import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Ledger } from '../../packages/server/src/engines/broker/ledger';
import { sqlLedgerStorage } from '../../packages/server/src/storage/sql/ledger-storage';
import { openDatabase } from '../../packages/server/src/storage/sqlite/database';
import { measureGet, signIn, startApiServer, stopApiServer, timedRequest, waitForHealth } from './http-bench';
import { metric } from './metric';

/** The ledger: this many closed trades over five years. */
const TRADES = Number(process.env.BENCH_TRADES ?? 100_000);
const YEARS = 5;
/** The goal for each p99: this many ms, and at most this many times the /api/health floor. */
const GOAL = { p99: 25, ratio: 10 };
const PERIODS = ['day', 'week', 'month', 'quarter', 'year', 'all'] as const;
const SYMBOLS = [
  'RELIANCE',
  'TCS',
  'INFY',
  'HDFCBANK',
  'ICICIBANK',
  'SBIN',
  'ITC',
  'LT',
  'AXISBANK',
  'WIPRO',
];
const STRATEGIES = ['momentum', 'mean_reversion', 'breakout'];
const DAY_MS = 86_400_000;
const IST_MS = 330 * 60_000;

/** A small deterministic generator, so every run seeds the same ledger. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * Writes the ledger straight into the database the server will open: the paper account opened five
 * years ago, then TRADES buy/sell pairs of 10 shares on weekdays (mostly intraday, some held 1–5
 * days), each fill with its order, charges and cash entries, and the cash the entries sum to.
 */
export function seedLedger(file: string, now: number): void {
  const db = openDatabase(file);
  const start = now - YEARS * 365 * DAY_MS;
  new Ledger(sqlLedgerStorage(db), () => start).openAccount('paper', 50_000_000_00);
  const weekdays: number[] = [];
  for (
    let day = Math.floor((start + IST_MS) / DAY_MS) + 1;
    day < Math.floor((now + IST_MS) / DAY_MS);
    day += 1
  ) {
    const weekday = new Date(day * DAY_MS).getUTCDay();
    if (weekday !== 0 && weekday !== 6) weekdays.push(day);
  }
  const next = random(20261125);
  const order = db.prepare(
    `INSERT INTO orders (id, account, symbol, side, type, quantity, status, strategy, filled_quantity,
       average_price_paise, charges_paise, created_at, updated_at)
     VALUES (?, 'paper', ?, ?, 'MARKET', 10, 'FILLED', ?, 10, ?, ?, ?, ?)`,
  );
  const fill = db.prepare(
    `INSERT INTO fills (id, order_id, account, symbol, side, quantity, price_paise, charges_json, charges_paise, ts)
     VALUES (?, ?, 'paper', ?, ?, 10, ?, '{}', ?, ?)`,
  );
  const entry = db.prepare(
    `INSERT INTO ledger_entries (account, ts, kind, amount_paise, order_id, fill_id) VALUES ('paper', ?, ?, ?, ?, ?)`,
  );
  const rows: { ts: number; symbol: string; side: 'BUY' | 'SELL'; price: number; strategy: string }[] = [];
  for (let i = 0; i < TRADES; i += 1) {
    const day = weekdays[Math.floor((i / TRADES) * weekdays.length)]!;
    // 09:20 … 14:00 IST
    const entryTs = day * DAY_MS - IST_MS + (9 * 60 + 20 + Math.floor(next() * 280)) * 60_000;
    const overnight = next() < 0.3;
    const exitTs = overnight
      ? entryTs + (1 + Math.floor(next() * 5)) * DAY_MS
      : entryTs + (1 + Math.floor(next() * 80)) * 60_000;
    const symbol = SYMBOLS[Math.floor(next() * SYMBOLS.length)]!;
    const strategy = STRATEGIES[Math.floor(next() * STRATEGIES.length)]!;
    const price = Math.round((1_000 + 2_000 * next()) * 100);
    rows.push({ ts: entryTs, symbol, side: 'BUY', price, strategy });
    rows.push({
      ts: Math.min(exitTs, now - 60_000),
      symbol,
      side: 'SELL',
      price: Math.round(price * (0.98 + 0.041 * next())),
      strategy,
    });
  }
  rows.sort((a, b) => a.ts - b.ts);
  db.transaction(() => {
    rows.forEach((row, i) => {
      const id = `bench-${String(i).padStart(7, '0')}`;
      const charges = 2_000 + Math.round(row.price * 10 * 0.0005);
      order.run(id, row.symbol, row.side, row.strategy, row.price, charges, row.ts, row.ts);
      fill.run(`${id}-f`, id, row.symbol, row.side, row.price, charges, row.ts);
      const value = row.price * 10;
      entry.run(
        row.ts,
        row.side === 'BUY' ? 'buy' : 'sell',
        row.side === 'BUY' ? -value : value,
        id,
        `${id}-f`,
      );
      entry.run(row.ts, 'charges', -charges, id, `${id}-f`);
    });
    db.exec(
      "UPDATE accounts SET cash_paise = (SELECT SUM(amount_paise) FROM ledger_entries WHERE account = 'paper') WHERE id = 'paper'",
    );
  })();
  db.close();
}

/**
 * GET /api/performance/analytics and /returns for every period on a ledger of 100,000 closed trades
 * over five years, and /api/research/analysis when the server has it, through HTTP on the real server
 * (a process of its own), against GET /api/health measured in the same run.
 */
export async function run() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-bench-analytics-'));
  const seedStart = performance.now();
  seedLedger(path.join(dataDir, 'trading.db'), Date.now());
  metric('seed_ledger', (performance.now() - seedStart) / 1000, 's');
  const { apiUrl, server } = await startApiServer({ dataDir });
  try {
    await waitForHealth(apiUrl, server);
    const token = await signIn(apiUrl, dataDir);

    // The first call reads the whole ledger and builds the history; later ones reuse it until the ledger changes.
    const cold = await timedRequest(apiUrl, 'GET', '/api/performance/analytics?period=all', token);
    const trades = JSON.parse(cold.body).data.total_trades as number;
    metric('closed_trades', trades, 'trades', 0);
    metric('analytics_first_call_rebuild', cold.ms, 'ms');

    const floor = (await measureGet(apiUrl, '/api/health'))!;
    metric('health_p50', floor.p50, 'ms', 2);
    metric('health_p99', floor.p99, 'ms', 2);
    const misses: string[] = [];
    const report = (name: string, figures: { p50: number; p99: number }) => {
      const ratio = figures.p99 / floor.p99;
      metric(`${name}_p50`, figures.p50, 'ms', 2);
      metric(`${name}_p99`, figures.p99, 'ms', 2);
      metric(`${name}_p99_vs_health`, ratio, 'x', 1);
      if (figures.p99 > GOAL.p99 || ratio > GOAL.ratio) misses.push(name);
    };
    for (const endpoint of ['analytics', 'returns'] as const) {
      for (const period of PERIODS) {
        report(
          `${endpoint}_${period}`,
          (await measureGet(apiUrl, `/api/performance/${endpoint}?period=${period}`, token))!,
        );
      }
    }
    report(
      'analytics_all_filtered',
      (await measureGet(
        apiUrl,
        '/api/performance/analytics?period=all&strategy=momentum&symbol=TCS',
        token,
      ))!,
    );
    // A new trade changes the ledger: the next call reads only the rows added and rebuilds the history.
    const orderResponse = await fetch(`${apiUrl}/api/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        symbol: 'RELIANCE',
        side: 'BUY',
        type: 'MARKET',
        quantity: 1,
        strategy: 'manual',
      }),
    });
    if (!orderResponse.ok) throw new Error(`order: ${orderResponse.status} ${await orderResponse.text()}`);
    const afterTrade = await timedRequest(apiUrl, 'GET', '/api/performance/analytics?period=all', token);
    metric('analytics_first_call_after_a_new_trade', afterTrade.ms, 'ms');
    const research = await measureGet(apiUrl, '/api/research/analysis', token);
    if (research) report('research_analysis', research);
    else console.log('research_analysis: skipped (the server has no /api/research/analysis)');
    console.log(
      misses.length === 0
        ? `goal: every p99 ≤ ${GOAL.p99} ms and ≤ ${GOAL.ratio}× the health floor — met`
        : `goal: every p99 ≤ ${GOAL.p99} ms and ≤ ${GOAL.ratio}× the health floor — missed by ${misses.join(', ')}`,
    );
  } finally {
    await stopApiServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
