import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Db } from '../storage/sqlite/database';
import { createSwitchableLeadership, type SwitchableLeadership } from '../test-support/switchable-leadership';
import { createRunningClock } from '../test-support/test-clock';
import { dropRedisPrefix, testRedisUrl, uniqueRedisPrefix } from '../test-support/test-redis';
import { loadConfig } from './config';
import { createLogger } from './logger';
import { createRuntime } from './runtime';

describe('the runtime', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-runtime-'));
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  const build = (env: Record<string, string> = {}, leadership?: SwitchableLeadership) => {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SIMULATOR_HISTORY_SESSIONS: '2',
      SIMULATOR_TICKS_PER_SECOND: '0',
      ...env,
    });
    // A destination of its own: the default buffered stdout would be the test's open handle, not the runtime's.
    const logger = createLogger(config.logLevel, { write: () => {} });
    return createRuntime(config, logger, { now: createRunningClock(), leadership });
  };

  it('lists the engines in start order: storage first, the loops last', async () => {
    const runtime = build();
    expect(runtime.engines.map((engine) => engine.name)).toEqual([
      'storage',
      'cluster',
      'leadership',
      'auth',
      'stream',
      'market',
      'market-feed',
      'mode-feeds',
      'broker',
      'analytics',
      'resting-orders',
      'feed-subscriptions',
      'safety',
      'ml',
      'strategy',
      'backtests',
      'ops',
      'registry',
      'mode-loops',
    ]);
    await runtime.stop();
  });

  it('starts every engine in list order and stops them in reverse, the database closing last', async () => {
    const runtime = build();
    const calls: string[] = [];
    for (const engine of runtime.engines) {
      const { start, stop } = engine;
      Object.assign(engine, {
        start: () => {
          calls.push(`start ${engine.name}`);
          return start();
        },
        stop: () => {
          calls.push(`stop ${engine.name}`);
          return stop();
        },
      });
    }
    await runtime.start();
    await runtime.stop();
    const names = runtime.engines.map((engine) => engine.name);
    expect(calls).toEqual([
      ...names.map((name) => `start ${name}`),
      ...[...names].reverse().map((name) => `stop ${name}`),
    ]);
    expect((runtime.services.db as Db).open).toBe(false);
  });

  it('stops cleanly with the replay and both loops on, and a second stop does nothing more', async () => {
    const runtime = build({ REPLAY_HISTORY: 'on', TRADING_LOOP: 'on', SIMULATOR_CONTINUOUS_SESSION: 'true' });
    await runtime.start();
    expect(runtime.services.paperPreparation.running).toBe(true);
    await runtime.stop();
    await runtime.stop();
    // The replay stopped between sessions and the preparation ended; nothing wrote after the close.
    expect(runtime.services.paperPreparation.running).toBe(false);
    expect((runtime.services.db as Db).open).toBe(false);
  });

  it('on a follower starts no loop, feed, resting-order check, breakers, trainer or news; on leading starts them', async () => {
    const leadership = createSwitchableLeadership(false);
    const runtime = build({ REPLAY_HISTORY: 'off' }, leadership);
    const { market, safety, ml, tradingLoop, tradingMode } = runtime.services;
    const spies = [jest.spyOn(market, 'connectFeed'), jest.spyOn(safety, 'start'), jest.spyOn(ml, 'start')];
    await runtime.start();
    expect(runtime.leaderOnly.running()).toEqual([]);
    expect(spies.map((spy) => spy.mock.calls.length)).toEqual([0, 0, 0]);
    // A follower still takes commands: the mode changes, the loop stays with the leader.
    tradingMode.change('paper');
    expect(tradingLoop.state().running).toBe(false);

    leadership.set(true);
    await runtime.leaderOnly.idle();
    expect(runtime.leaderOnly.running()).toEqual(LEADER_ONLY);
    expect(spies.map((spy) => spy.mock.calls.length)).toEqual([1, 1, 1]);
    expect(tradingLoop.state().running).toBe(true);

    leadership.set(false);
    await runtime.leaderOnly.idle();
    expect(runtime.leaderOnly.running()).toEqual([]);
    expect(tradingLoop.state().running).toBe(false);
    await runtime.stop();
    expect((runtime.services.db as Db).open).toBe(false);
  });

  it('alone on its database (LEADER_ELECTION unset) leads and runs all the leader-only work', async () => {
    const runtime = build({ REPLAY_HISTORY: 'off' });
    await runtime.start();
    expect(runtime.leadership.isLeader()).toBe(true);
    expect(runtime.leaderOnly.running()).toEqual(LEADER_ONLY);
    await runtime.stop();
  });

  it('with LEADER_ELECTION=lease takes the free lease at start and releases it on stop', async () => {
    const runtime = build({ REPLAY_HISTORY: 'off', LEADER_ELECTION: 'lease', INSTANCE_ID: 'api-1' });
    await runtime.start();
    expect(runtime.leadership).toMatchObject({ identity: 'api-1' });
    expect(runtime.leadership.isLeader()).toBe(true);
    expect(runtime.leaderOnly.running()).toEqual(LEADER_ONLY);
    await runtime.stop();
    expect(runtime.leadership.isLeader()).toBe(false);
  });

  it('starts on Redis when REDIS_URL is set and closes both its connections on stop', async () => {
    const prefix = uniqueRedisPrefix('runtime');
    const runtime = build({ REDIS_URL: testRedisUrl(), REDIS_PREFIX: prefix });
    await runtime.start();
    const sessionsEnded = new Promise<string>((resolve) =>
      runtime.services.cluster.bus.subscribe('session-revoked', (event) => resolve(event.email)),
    );
    runtime.services.auth.logoutEverywhere('trader@example.com');
    expect(await sessionsEnded).toBe('trader@example.com');
    await runtime.stop();
    await dropRedisPrefix(prefix);
  });
});

const LEADER_ONLY = [
  'market-feed',
  'mode-feeds',
  'resting-orders',
  'feed-subscriptions',
  'safety',
  'ml',
  'mode-loops',
];
