import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { constituents } from '../../packages/server/src/engines/market/instruments';
import { measureGet, signIn, startApiServer, stopApiServer, timedRequest, waitForHealth } from './http-bench';
import { metric } from './metric';

/** One year of daily closes: 253 generated sessions give 252 daily returns. */
const HISTORY_SESSIONS = 253;
/** The goals: each p99 ≤ 25 ms and ≤ 10× the /api/health floor; Emergency Stop ≤ 1 s. */
const GOAL = { p99: 25, ratio: 10, stopMs: 1_000 };
/** About this much of each of the 50 stocks (₹7.5 lakh of the ₹10 lakh paper account). */
const POSITION_PAISE = 15_000_00;
const PENDING_ORDERS = 1_000;

async function ok<T>(apiUrl: string, method: 'GET' | 'POST', url: string, token?: string, body?: unknown) {
  const response = await timedRequest(apiUrl, method, url, token, body);
  if (response.status >= 300)
    throw new Error(`${method} ${url}: ${response.status} ${response.body.slice(0, 300)}`);
  return JSON.parse(response.body) as T;
}

/** p50 and p99 of the timed GETs; the risk routes must exist. */
async function measure(apiUrl: string, url: string, token?: string): Promise<{ p50: number; p99: number }> {
  const figures = await measureGet(apiUrl, url, token);
  if (!figures) throw new Error(`${url}: 404`);
  return figures;
}

/** Opens a position of about ₹15,000 in each of the 50 NIFTY 50 stocks, at market through the paper broker. */
async function buyFifty(apiUrl: string, token: string): Promise<Map<string, number>> {
  const symbols = constituents('NIFTY_50').map((c) => c.symbol);
  const limits = await ok<{ data: Record<string, number> }>(
    apiUrl,
    'GET',
    '/api/trading/paper-limits',
    token,
  );
  await ok(apiUrl, 'POST', '/api/trading/paper-limits', token, {
    ...limits.data,
    max_positions_count: 100,
    max_portfolio_exposure: 1,
  });
  const quotes = await ok<{ data: { symbol: string; ltp: number }[] }>(
    apiUrl,
    'GET',
    `/api/market/quotes?symbols=${symbols.map(encodeURIComponent).join(',')}`,
    token,
  );
  const prices = new Map(quotes.data.map((quote) => [quote.symbol, quote.ltp]));
  for (const symbol of symbols) {
    const quantity = Math.max(1, Math.floor(POSITION_PAISE / prices.get(symbol)!));
    await ok(apiUrl, 'POST', '/api/orders', token, { symbol, side: 'BUY', type: 'MARKET', quantity });
  }
  return prices;
}

/**
 * 1,000 resting paper limit orders (buys at half the price, never filled), then Emergency Stop: the time
 * from sending it to its acknowledgement, and how many orders it cancelled. Skipped while the server
 * has no POST /api/risk/emergency-stop.
 */
async function emergencyStop(apiUrl: string, token: string, prices: Map<string, number>): Promise<boolean> {
  const probe = await timedRequest(apiUrl, 'POST', '/api/risk/emergency-stop', token, {});
  if (probe.status === 404) {
    console.log('emergency_stop: skipped (the server has no POST /api/risk/emergency-stop)');
    return true;
  }
  const symbols = [...prices.keys()];
  const placing = performance.now();
  for (let i = 0; i < PENDING_ORDERS; i += 1) {
    const symbol = symbols[i % symbols.length]!;
    const limit = Math.max(0.05, Math.round(prices.get(symbol)! / 2 / 5) * 0.05);
    await ok(apiUrl, 'POST', '/api/orders', token, {
      symbol,
      side: 'BUY',
      type: 'LIMIT',
      quantity: 1,
      limit_price: Number(limit.toFixed(2)),
    });
  }
  metric('pending_orders_placed', PENDING_ORDERS, 'orders', 0);
  metric('pending_orders_place_time', (performance.now() - placing) / 1000, 's', 1);
  const stop = await timedRequest(apiUrl, 'POST', '/api/risk/emergency-stop', token, {
    reason: 'Benchmark: Emergency Stop with 1,000 pending paper orders',
    close_positions: false,
  });
  if (stop.status !== 200) throw new Error(`emergency-stop: ${stop.status} ${stop.body.slice(0, 300)}`);
  const halt = JSON.parse(stop.body).data as {
    cancelled_orders?: number;
    halt?: { cancelled_orders?: number };
  };
  metric('emergency_stop_ack', stop.ms, 'ms', 1);
  metric(
    'emergency_stop_cancelled_orders',
    halt.cancelled_orders ?? halt.halt?.cancelled_orders ?? Number.NaN,
    'orders',
    0,
  );
  await timedRequest(apiUrl, 'POST', '/api/risk/resume', token, { reason: 'benchmark done' });
  return stop.ms <= GOAL.stopMs;
}

/**
 * GET /api/risk/metrics and /api/risk/positions with 50 positions over a year of daily closes for 50
 * stocks and NIFTY 50, through HTTP on the real server (a process of its own), against GET /api/health
 * measured in the same run; then Emergency Stop with 1,000 pending paper orders.
 */
export async function run() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-bench-risk-'));
  const { apiUrl, server } = await startApiServer({
    dataDir,
    env: {
      SIMULATOR_HISTORY_SESSIONS: String(HISTORY_SESSIONS),
      SIMULATOR_CONTINUOUS_SESSION: 'true',
    },
  });
  try {
    await waitForHealth(apiUrl, server);
    const token = await signIn(apiUrl, dataDir);
    const prices = await buyFifty(apiUrl, token);

    const cold = await timedRequest(apiUrl, 'GET', '/api/risk/metrics', token);
    if (cold.status !== 200) throw new Error(`/api/risk/metrics: ${cold.status} ${cold.body.slice(0, 300)}`);
    const figures = JSON.parse(cold.body).data;
    metric('positions', figures.positions_count, 'positions', 0);
    metric('var_sessions', figures.var_95.sessions, 'returns', 0);
    metric('risk_first_call_reads_closes', cold.ms, 'ms');

    const floor = await measure(apiUrl, '/api/health');
    metric('health_p50', floor.p50, 'ms', 2);
    metric('health_p99', floor.p99, 'ms', 2);
    const misses: string[] = [];
    for (const [name, url] of [
      ['risk_metrics', '/api/risk/metrics'],
      ['risk_positions', '/api/risk/positions'],
    ] as const) {
      const figuresOf = await measure(apiUrl, url, token);
      const ratio = figuresOf.p99 / floor.p99;
      metric(`${name}_p50`, figuresOf.p50, 'ms', 2);
      metric(`${name}_p99`, figuresOf.p99, 'ms', 2);
      metric(`${name}_p99_vs_health`, ratio, 'x', 1);
      if (figuresOf.p99 > GOAL.p99 || ratio > GOAL.ratio) misses.push(name);
    }
    if (!(await emergencyStop(apiUrl, token, prices))) misses.push('emergency_stop');
    console.log(
      misses.length === 0
        ? `goal: risk p99 ≤ ${GOAL.p99} ms and ≤ ${GOAL.ratio}× the health floor, Emergency Stop ≤ ${GOAL.stopMs} ms — met`
        : `goal: risk p99 ≤ ${GOAL.p99} ms and ≤ ${GOAL.ratio}× the health floor, Emergency Stop ≤ ${GOAL.stopMs} ms — missed by ${misses.join(', ')}`,
    );
  } finally {
    await stopApiServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
