import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { constituents } from '../../packages/server/src/market/instruments';
import { metric, percentile } from './metric';

/** One year of daily closes: 253 generated sessions give 252 daily returns. */
const HISTORY_SESSIONS = 253;
/** Requests per endpoint after WARM_UP unmeasured ones (BENCH_SAMPLES overrides). */
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const WARM_UP = 20;
/** The goals: each p99 ≤ 25 ms and ≤ 10× the /api/health floor; Emergency Stop ≤ 1 s. */
const GOAL = { p99: 25, ratio: 10, stopMs: 1_000 };
/** About this much of each of the 50 stocks (₹7.5 lakh of the ₹10 lakh paper account). */
const POSITION_PAISE = 15_000_00;
const PENDING_ORDERS = 1_000;
const PASSWORD = 'Bench-Password-2026!';
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** One request over a kept-alive connection: status, body and the time to the whole body, ms. */
function call(
  apiUrl: string,
  method: 'GET' | 'POST',
  url: string,
  token?: string,
  body?: unknown,
): Promise<{ status: number; ms: number; body: string }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  if (payload !== undefined) headers['content-type'] = 'application/json';
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(`${apiUrl}${url}`, { method, agent, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          ms: performance.now() - t0,
          body: Buffer.concat(chunks).toString(),
        }),
      );
    });
    request.on('error', reject);
    request.end(payload);
  });
}

async function ok<T>(apiUrl: string, method: 'GET' | 'POST', url: string, token?: string, body?: unknown) {
  const response = await call(apiUrl, method, url, token, body);
  if (response.status >= 300)
    throw new Error(`${method} ${url}: ${response.status} ${response.body.slice(0, 300)}`);
  return JSON.parse(response.body) as T;
}

async function waitForHealth(apiUrl: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The API server exited with code ${server.exitCode}.`);
    try {
      if ((await fetch(`${apiUrl}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('The API server did not start within 120 s.');
}

/** p50 and p99 of SAMPLES sequential GETs after WARM_UP. */
async function measure(apiUrl: string, url: string, token?: string): Promise<{ p50: number; p99: number }> {
  const first = await call(apiUrl, 'GET', url, token);
  if (first.status !== 200) throw new Error(`${url}: ${first.status} ${first.body.slice(0, 300)}`);
  for (let i = 0; i < WARM_UP; i += 1) await call(apiUrl, 'GET', url, token);
  const samples: number[] = [];
  for (let i = 0; i < SAMPLES; i += 1) samples.push((await call(apiUrl, 'GET', url, token)).ms);
  return { p50: percentile(samples, 50), p99: percentile(samples, 99) };
}

async function signIn(apiUrl: string): Promise<string> {
  const setup = await ok<{ temp_token?: string }>(
    apiUrl,
    'POST',
    '/api/auth/request-password-setup',
    undefined,
    {
      email: 'trader@example.com',
    },
  );
  if (!setup.temp_token) throw new Error('no setup token');
  const { session_token } = await ok<{ session_token: string }>(
    apiUrl,
    'POST',
    '/api/auth/set-password',
    undefined,
    {
      temp_token: setup.temp_token,
      new_password: PASSWORD,
    },
  );
  return session_token;
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
  const probe = await call(apiUrl, 'POST', '/api/risk/emergency-stop', token, {});
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
  const stop = await call(apiUrl, 'POST', '/api/risk/emergency-stop', token, {
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
  await call(apiUrl, 'POST', '/api/risk/resume', token, { reason: 'benchmark done' });
  return stop.ms <= GOAL.stopMs;
}

/**
 * GET /api/risk/metrics and /api/risk/positions with 50 positions over a year of daily closes for 50
 * stocks and NIFTY 50, through HTTP on the real server (a process of its own), against GET /api/health
 * measured in the same run; then Emergency Stop with 1,000 pending paper orders.
 */
export async function run() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-bench-risk-'));
  const port = await freePort();
  const apiUrl = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      API_HOST: '127.0.0.1',
      API_PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
      SIMULATOR_TICKS_PER_SECOND: '0',
      SIMULATOR_HISTORY_SESSIONS: String(HISTORY_SESSIONS),
      SIMULATOR_CONTINUOUS_SESSION: 'true',
      TRADING_LOOP: 'off',
      REPLAY_HISTORY: 'off',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForHealth(apiUrl, server);
    const token = await signIn(apiUrl);
    const prices = await buyFifty(apiUrl, token);

    const cold = await call(apiUrl, 'GET', '/api/risk/metrics', token);
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
    agent.destroy();
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
