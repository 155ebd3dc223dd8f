import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SqlLeasesRepository } from '../../storage/sql/leases-repository';
import { type Db, openDatabase } from '../../storage/sqlite/database';
import { createManualTimers } from '../../test-support/manual-timers';
import { createRunningClock } from '../../test-support/test-clock';
import { loadConfig } from '../config';
import { createLogger } from '../logger';
import { createRuntime, type Runtime } from '../runtime';
import { LEASE_TIMINGS, LeaseElector } from './lease-elector';

/** Two whole runtimes over one database file, electing through its lease row on one manual clock. */
describe('two runtimes sharing one database', () => {
  let dataDir: string;
  const connections: Db[] = [];
  const runtimes: Runtime[] = [];
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-two-runtimes-'));
  });
  afterEach(async () => {
    for (const runtime of runtimes.splice(0)) await runtime.stop();
    for (const db of connections.splice(0)) db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const electionClock = createManualTimers();
  const instance = (identity: string) => {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SIMULATOR_HISTORY_SESSIONS: '2',
      SIMULATOR_TICKS_PER_SECOND: '0',
      REPLAY_HISTORY: 'off',
    });
    const db = openDatabase(path.join(dataDir, 'trading.db'));
    connections.push(db);
    const leadership = new LeaseElector({
      leases: new SqlLeasesRepository(db),
      identity,
      now: electionClock.now,
      timers: electionClock,
    });
    const logger = createLogger(config.logLevel, { write: () => {} });
    const runtime = createRuntime(config, logger, { now: createRunningClock(), leadership });
    runtimes.push(runtime);
    return runtime;
  };

  it('runs the leader-only work on one of them, and on the other once the first stops', async () => {
    const a = instance('api-a');
    const b = instance('api-b');
    await a.start();
    await b.start();
    expect([a.leadership.isLeader(), b.leadership.isLeader()]).toEqual([true, false]);
    expect(a.leaderOnly.running()).toContain('mode-loops');
    expect(b.leaderOnly.running()).toEqual([]);
    expect(a.services.tradingLoop.state().running).toBe(true);
    expect(b.services.tradingLoop.state().running).toBe(false);

    await a.stop();
    electionClock.advance(LEASE_TIMINGS.renewEveryMs);
    await b.leaderOnly.idle();
    expect(b.leadership.isLeader()).toBe(true);
    expect(b.leaderOnly.running()).toContain('mode-loops');
    expect(b.services.tradingLoop.state().running).toBe(true);
  });
});
