import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../packages/server/src/app';
import { loadConfig } from '../../packages/server/src/config';
import { openDatabase } from '../../packages/server/src/db/database';
import { createLogger } from '../../packages/server/src/logger';
import { createServices } from '../../packages/server/src/services';
import { metric, percentile } from './metric';

const ORDERS = 4000;
/**
 * Requests in flight at once for the headline figures. Little's law: at 2,000 orders/s a p99 of 5 ms
 * leaves room for only a handful in flight (4 in flight at 2,000/s is 2 ms each on average), and more
 * in flight only queues: throughput stops rising once each group commit already carries a few
 * orders, while latency keeps growing with the queue. BENCH_IN_FLIGHT overrides it.
 */
const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT ?? 4);
/** A burst far past that, reported beside it: the throughput is about the same, the latency is the queue. */
const BURST_IN_FLIGHT = 32;
/** Orders sent first and not measured, so the figures are of warmed-up code (JIT, statement cache). */
const WARM_UP = 500;

/** Durable paper orders through the whole path (route validation, limits, fill, charges, ledger commit). */
export async function run() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-bench-orders-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SIMULATOR_TICKS_PER_SECOND: '0',
    SIMULATOR_HISTORY_SESSIONS: '2',
  });
  const services = createServices(config, createLogger('silent'));
  const app = await buildApp(services);
  await app.ready();
  try {
    const setup = await services.auth.requestPasswordSetup(config.traderEmail, {
      ip: '127.0.0.1',
      fromLoopback: true,
    });
    if (!('tempToken' in setup) || !setup.tempToken) throw new Error('no setup token');
    const { sessionToken } = await services.auth.setPassword(setup.tempToken, 'Bench-Password-2026!');
    const headers = { authorization: `Bearer ${sessionToken}` };
    // Room for the burst: generous limits, so every order takes the full path and fills.
    await app.inject({
      method: 'POST',
      url: '/api/trading/paper-limits',
      headers,
      payload: {
        max_position_size: 1e9,
        max_daily_loss: 1e9,
        max_portfolio_exposure: 1,
        max_positions_count: 200,
        min_balance_threshold: 0,
        brokerage_per_trade: 20,
        stt_rate: 0.001,
        transaction_charges: 0.00345,
      },
    });
    await app.inject({
      method: 'POST',
      url: '/api/trading/paper/balance',
      headers,
      payload: { balance: 1e9 },
    });

    const symbols = ['RELIANCE', 'TCS', 'INFY', 'HDFCBANK', 'ICICIBANK'];
    const send = async (i: number, latencies: number[]) => {
      // Buy then sell the same lot, so positions stay small and both sides are measured.
      const t0 = performance.now();
      const response = await app.inject({
        method: 'POST',
        url: '/api/orders',
        headers,
        payload: {
          symbol: symbols[Math.floor(i / 2) % symbols.length],
          side: i % 2 === 0 ? 'BUY' : 'SELL',
          type: 'MARKET',
          quantity: 10,
        },
      });
      latencies.push(performance.now() - t0);
      if (response.statusCode !== 201) throw new Error(`order ${i} failed: ${response.body}`);
    };
    const measure = async (inFlight: number, orders = ORDERS) => {
      const latencies: number[] = [];
      let next = 0;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: inFlight }, async () => {
          while (next < orders) await send(next++, latencies);
        }),
      );
      return { seconds: (performance.now() - started) / 1000, latencies };
    };
    await measure(IN_FLIGHT, WARM_UP);
    const sequential = await measure(1);
    const concurrent = await measure(IN_FLIGHT);
    const burst = await measure(BURST_IN_FLIGHT);
    const seconds = concurrent.seconds;
    const latencies = concurrent.latencies;

    // The ceiling: a bare insert loop, one transaction per row, at the same pragmas on the same disk.
    const bare = openDatabase(path.join(dataDir, 'bare.db'), []);
    bare.exec(
      'CREATE TABLE t (id INTEGER PRIMARY KEY, symbol TEXT, quantity INTEGER, price INTEGER, ts INTEGER)',
    );
    const insert = bare.prepare('INSERT INTO t (symbol, quantity, price, ts) VALUES (?, ?, ?, ?)');
    const write = bare.transaction((i: number) => insert.run('RELIANCE', 10, 250000 + i, Date.now()));
    const bareLatencies: number[] = [];
    const bareStart = performance.now();
    for (let i = 0; i < ORDERS; i++) {
      const t0 = performance.now();
      write(i);
      bareLatencies.push(performance.now() - t0);
    }
    const bareSeconds = (performance.now() - bareStart) / 1000;
    bare.close();

    metric('orders', ORDERS, 'orders', 0);
    metric('sequential_orders_per_s', ORDERS / sequential.seconds, 'orders/s', 0);
    metric('sequential_order_p99_latency', percentile(sequential.latencies, 99), 'ms', 3);
    metric('in_flight', IN_FLIGHT, 'requests', 0);
    metric('durable_orders_per_s', ORDERS / seconds, 'orders/s', 0);
    metric('order_p50_latency', percentile(latencies, 50), 'ms', 3);
    metric('order_p99_latency', percentile(latencies, 99), 'ms', 3);
    metric('burst_in_flight', BURST_IN_FLIGHT, 'requests', 0);
    metric('burst_orders_per_s', ORDERS / burst.seconds, 'orders/s', 0);
    metric('burst_order_p50_latency', percentile(burst.latencies, 50), 'ms', 3);
    metric('burst_order_p99_latency', percentile(burst.latencies, 99), 'ms', 3);
    metric('bare_sqlite_inserts_per_s', ORDERS / bareSeconds, 'inserts/s', 0);
    // The disk's own tail: one tiny durable commit's p99 is a floor under any order's p99.
    metric('bare_sqlite_commit_p99_latency', percentile(bareLatencies, 99), 'ms', 3);
    metric('ratio_vs_bare_sqlite', ORDERS / seconds / (ORDERS / bareSeconds), 'x', 3);
  } finally {
    await app.close();
    services.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
