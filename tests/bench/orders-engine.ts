import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PaperLimits } from '../../packages/server/src/core/orders';
import { placeOrderFromClient } from '../../packages/server/src/engines/broker/order-intake';
import { loadConfig } from '../../packages/server/src/runtime/config';
import { createLogger } from '../../packages/server/src/runtime/logger';
import { createRuntime } from '../../packages/server/src/runtime/runtime';
import { median, percentile } from './metric';

const SYMBOLS = ['RELIANCE', 'TCS', 'INFY', 'HDFCBANK', 'ICICIBANK'];

/** Room for the runs, through HTTP and here alike: every order takes the full path and fills. */
export const BENCH_LIMITS: PaperLimits = {
  max_position_size: 1e9,
  max_daily_loss: 1e9,
  max_portfolio_exposure: 1,
  max_positions_count: 200,
  min_balance_threshold: 0,
  brokerage_plan: 'flat',
  brokerage_per_trade: 20,
  stt_rate: 0.001,
  transaction_charges: 0.00345,
};
export const BENCH_BALANCE_RUPEES = 1e9;

export interface EngineFigures {
  perSecond: number;
  p50: number;
  p99: number;
  cpuUs: number;
}

/**
 * The same orders without HTTP: the server's services in this process, each order taken as the
 * route takes it (`placeOrderFromClient`: the JSON body parsed, the shared schema, symbol and mode
 * checks, limits, fill, charges, group commit with the WAL flushed before the acknowledgement),
 * with a fixed number in flight. What the order path allows on one core, apart from the HTTP stack
 * in front (Node's parser, Fastify's routing and hooks, the session check, the reply). Each level
 * runs `rounds` times, interleaved; the medians are returned.
 */
export async function measureEngine(levels: number[], orders: number, warmUp: number, rounds = 1) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-bench-engine-'));
  const saved = { ...process.env };
  Object.assign(process.env, {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    SIMULATOR_TICKS_PER_SECOND: '0',
    SIMULATOR_HISTORY_SESSIONS: '2',
    TRADING_LOOP: 'off',
    REPLAY_HISTORY: 'off',
  });
  const runtime = createRuntime(loadConfig(), createLogger('silent'));
  const { services } = runtime;
  process.env = saved;
  try {
    await runtime.start();
    services.ledger.setLimits('paper', BENCH_LIMITS);
    services.ledger.setBalance('paper', BENCH_BALANCE_RUPEES * 100);
    const place = (symbol: string, side: 'BUY' | 'SELL', quantity: number) =>
      placeOrderFromClient(
        JSON.parse(JSON.stringify({ symbol, side, type: 'MARKET', quantity })),
        services.market,
        services.trading,
      ).then((placement) => placement.order);
    for (const symbol of SYMBOLS) await place(symbol, 'BUY', 10_000);

    const run = async (inFlight: number, count: number): Promise<EngineFigures> => {
      const latencies: number[] = [];
      let next = 0;
      const cpuBefore = process.cpuUsage();
      const started = performance.now();
      await Promise.all(
        Array.from({ length: inFlight }, async () => {
          while (next < count) {
            const i = next++;
            const t0 = performance.now();
            const order = await place(
              SYMBOLS[Math.floor(i / 2) % SYMBOLS.length]!,
              i % 2 ? 'SELL' : 'BUY',
              10,
            );
            latencies.push(performance.now() - t0);
            if (order.status !== 'FILLED') throw new Error(`order ${i}: ${order.rejectReason}`);
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      const cpu = process.cpuUsage(cpuBefore);
      return {
        perSecond: count / seconds,
        p50: percentile(latencies, 50),
        p99: percentile(latencies, 99),
        cpuUs: (cpu.user + cpu.system) / count,
      };
    };
    await run(4, warmUp);
    const runs = new Map<number, EngineFigures[]>(levels.map((level) => [level, []]));
    for (let round = 0; round < rounds; round++)
      for (const level of levels) runs.get(level)!.push(await run(level, orders));
    return new Map(
      [...runs].map(([level, figures]) => [
        level,
        {
          perSecond: median(figures, (f) => f.perSecond),
          p50: median(figures, (f) => f.p50),
          p99: median(figures, (f) => f.p99),
          cpuUs: median(figures, (f) => f.cpuUs),
        },
      ]),
    );
  } finally {
    await runtime.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
