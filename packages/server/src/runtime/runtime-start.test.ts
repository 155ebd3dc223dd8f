import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AppServices } from '../http/route-deps';
import { createRunningClock } from '../test-support/test-clock';
import { loadConfig } from './config';
import { createLogger } from './logger';
import { createRuntime, type Runtime } from './runtime';

async function until<T>(read: () => T | null | undefined, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value) return value;
    if (performance.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the product as npm start runs it, on an empty data directory', () => {
  let dataDir: string;
  let runtime: Runtime;
  let services: AppServices;

  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-services-start-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      // The simulated market is open at any hour (the continuous demo session), so this holds on any date.
      SIMULATOR_CONTINUOUS_SESSION: 'true',
      SIMULATOR_HISTORY_SESSIONS: '2',
      SIMULATOR_TICKS_PER_SECOND: '0',
      REPLAY_HISTORY: 'on',
      TRADING_LOOP: 'on',
    });
    // A clock from a fixed trading day that runs on: nothing here depends on today's date.
    runtime = createRuntime(config, createLogger(config.logLevel), { now: createRunningClock() });
    services = runtime.services;
  });

  afterEach(async () => {
    await runtime.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('replays the history, then decides from its first run on bars seeded from that history', async () => {
    await runtime.start();
    const loop = await until(() => {
      const state = services.tradingLoop.state();
      return state.lastRun ? state : null;
    }, "the loop's first run");

    // The replay placed its orders first, and the loop's first live run came right after it.
    expect(services.ledger.orders({ account: 'paper', limit: 1, offset: 0 }).total).toBeGreaterThan(0);
    expect(loop.running).toBe(true);
    expect(loop.lastRun).toMatchObject({ marketOpen: true, error: null });
    expect(loop.nextRunAt).toBeGreaterThan(loop.lastRunAt!);

    // No symbol is left waiting for bars: the last session of the history seeded an hour of them.
    for (const instrument of services.market.instruments.slice(0, 5)) {
      expect(services.market.pipeline.minuteBars(instrument.symbol).length).toBeGreaterThanOrEqual(50);
    }
    expect(loop.recentDecisions.length).toBeGreaterThan(0);
    for (const decision of loop.recentDecisions) expect(decision.reason).not.toBe('');
    expect(loop.recentDecisions.map((d) => d.reason).join('\n')).not.toMatch(/one-minute bars, has/);

    // Every BUY among the top signals became an order, or a decision saying why it did not.
    const decided = new Set(loop.recentDecisions.map((decision) => decision.symbol));
    for (const signal of loop.topSignals.filter((s) => s.direction === 'BUY')) {
      expect(decided.has(signal.symbol) || decided.has('*')).toBe(true);
    }
    const orders = loop.recentDecisions.filter((d) => d.side !== null);
    expect(loop.lastRun!.ordersPlaced + loop.lastRun!.ordersRejected).toBe(orders.length);

    // The engines status (what the top bar reads) says the same at the same moment.
    const status = services.engineStatus();
    expect(status.trading_loop).toMatchObject({
      status: loop.status,
      status_text: loop.statusText,
      last_run_at: new Date(loop.lastRunAt!).toISOString(),
    });
    expect(status.trading_active).toBe(loop.status === 'active');
    expect(status.engines.trading_loop).toEqual({ running: true, detail: loop.statusText });
  });
});
