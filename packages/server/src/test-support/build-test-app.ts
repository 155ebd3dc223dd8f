import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type pino from 'pino';
import type { ScryptCost } from '../engines/auth/password-hash';
import { buildApp } from '../http/app';
import type { AppServices } from '../http/route-deps';
import { type AppConfig, loadConfig } from '../runtime/config';
import type { LeadershipEngine } from '../runtime/leadership/lease-elector';
import { createLogger } from '../runtime/logger';
import { createRuntime, type Runtime } from '../runtime/runtime';
import { createRunningClock } from './test-clock';

/** One clock for every app a test file builds, so time never runs backwards between its tests. */
const testFileClock = createRunningClock();

/** Cheap enough for a test suite (a few ms per hash); production always uses N=2^17. */
export const TEST_SCRYPT_COST: ScryptCost = { N: 2 ** 12, r: 8, p: 1 };

export interface TestAppOverrides {
  /** Merged over the defaults (test env, temp data dir, silent logs). */
  config?: Partial<AppConfig>;
  /** Capture log lines here (pino JSON, one per line); the level becomes `trace` unless `config.logLevel` says otherwise. */
  logStream?: pino.DestinationStream;
  /** Defaults to a fresh in-memory database; pass a path to test persistence. */
  databaseFile?: string;
  /**
   * The clock every service reads; see createTestClock. Defaults to a clock running from TEST_EPOCH,
   * so a test gives the same result on a weekend, a holiday, at midnight or years from now.
   */
  now?: () => number;
  /** Defaults to TEST_SCRYPT_COST; pass PRODUCTION_SCRYPT_COST to test the real parameters. */
  scryptCost?: ScryptCost;
  /** Whether this instance leads (see createSwitchableLeadership); defaults to LEADER_ELECTION's answer. */
  leadership?: LeadershipEngine;
  /** Replace or wrap services (fakes for engines, gates) before the app is built. */
  services?: (services: AppServices) => Partial<AppServices>;
}

export interface TestApp {
  app: FastifyInstance;
  services: AppServices;
  /** The engines behind the services: nothing runs until a test calls `runtime.start()`. */
  runtime: Runtime;
  config: AppConfig;
  /** The clock the app's services read (authenticator codes in tests follow it). */
  now: () => number;
  /** Closes the app, stops the engines (the database last) and deletes the temp data dir. */
  close(): Promise<void>;
}

/** A whole API app on a temp dir and an in-memory DB, for `app.inject` tests. */
export async function buildTestApp(overrides: TestAppOverrides = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-server-test-'));
  const config: AppConfig = {
    ...loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      // A small market: two sessions of history, and ticks only when a test emits them.
      SIMULATOR_HISTORY_SESSIONS: '2',
      SIMULATOR_TICKS_PER_SECOND: '0',
      // Tests run seconds of work synchronously; a loop-delay refusal would then fall at random.
      HEAVY_ROUTES_MAX_LOOP_DELAY_MS: '0',
    }),
    ...(overrides.logStream ? { logLevel: 'trace' as const } : {}),
    ...overrides.config,
  };
  const logger = createLogger(config.logLevel, overrides.logStream);
  const now = overrides.now ?? testFileClock;
  const runtime = createRuntime(config, logger, {
    databaseFile: overrides.databaseFile ?? ':memory:',
    now,
    scryptCost: overrides.scryptCost ?? TEST_SCRYPT_COST,
    leadership: overrides.leadership,
  });
  const base = runtime.services;
  const services: AppServices = { ...base, ...overrides.services?.(base) };
  const app = await buildApp(services);
  await app.ready();
  let closed = false;
  return {
    app,
    services,
    runtime,
    config,
    now,
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      await runtime.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
