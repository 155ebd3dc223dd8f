import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { PERFORMANCE_PERIODS } from '@td/contracts';
import {
  PerformanceAnalyticsService,
  WORKER_RETRY_AFTER_MS,
} from '../engines/analytics/performance-analytics-service';
import { replayHistoryIntoEmptyLedger } from '../engines/strategy/replay/history-replay';
import { SqlLedgerReadRepository } from '../storage/sql/ledger-read-repository';
import { sqlLedgerStorage } from '../storage/sql/ledger-storage';
import { buildTestApp, type TestApp } from '../test-support';
import { analyticsWorkerSpawner } from './analytics-worker';

// The rebuild worker (its own read-only connection to the database file) against the sliced
// rebuild on the event loop, over the same ledger file.

let testApp: TestApp;
let dir: string;
let file: string;

/** Both paths on the app's own clock (a fixed trading day), never the day the tests run. */
const service = (spawnRebuildWorker?: () => Worker, logger?: { warn: jest.Mock }, now = testApp.now) => {
  const { db, market } = testApp.services;
  return new PerformanceAnalyticsService({
    now,
    ledgerReads: new SqlLedgerReadRepository(db),
    orders: sqlLedgerStorage(db).ordersRepo,
    market,
    mode: () => 'paper',
    riskFreeRatePercent: 6.5,
    spawnRebuildWorker,
    logger,
  });
};

const queries = () =>
  PERFORMANCE_PERIODS.flatMap((period) => [
    ['analytics', { period }] as const,
    ['returns', { period }] as const,
    ['analytics', { period, strategy: 'momentum' }] as const,
  ]);
const everyAnswer = async (analytics: PerformanceAnalyticsService) => {
  const answers: string[] = [];
  for (const [kind, query] of queries()) answers.push(await analytics.replyWhenReady(kind, query));
  return answers;
};

/** Workers that fail as their name says, in place of the rebuild worker. */
const FAILING = {
  'throws at start': "throw new Error('broken worker')",
  'exits on a request': "require('node:worker_threads').parentPort.on('message', () => process.exit(3))",
  // Answers every build as if its connection saw no rows at all.
  'never sees the newest rows': `const { parentPort } = require('node:worker_threads');
    parentPort.on('message', (r) => parentPort.postMessage({ id: r.id, ok: true, value: r.type === 'build'
      ? { account: 'paper', position: { entryId: 0, fillRowid: 0, baseline: null }, date: r.target.date,
          simulatedFeed: r.target.simulatedFeed, replayed: false, openLotSymbols: [] }
      : '{"success":true,"data":"not a figure"}' }));`,
};
const failing = (how: keyof typeof FAILING) => () => new Worker(FAILING[how], { eval: true });

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-analytics-worker-'));
  file = path.join(dir, 'trading.db');
  testApp = await buildTestApp({ databaseFile: file });
  const { db, ledger, market, logger } = testApp.services;
  await replayHistoryIntoEmptyLedger(sqlLedgerStorage(db), ledger, market, logger);
});
afterAll(async () => {
  await testApp.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('analytics rebuilt in a worker thread', () => {
  it('answers exactly as the sliced rebuild on the event loop, before and after the ledger moves', async () => {
    const spawn = jest.fn(analyticsWorkerSpawner(file));
    const logger = { warn: jest.fn() };
    const inWorker = service(spawn, logger);
    try {
      const answers = await everyAnswer(inWorker);
      expect(
        JSON.parse(answers[queries().findIndex(([, q]) => q.period === 'all')]!).data.total_trades,
      ).toBeGreaterThan(0);
      expect(answers).toEqual(await everyAnswer(service()));
      // A deposit: the worker appends the new rows to the history it kept.
      const { ledger } = testApp.services;
      ledger.setBalance('paper', ledger.cashPaise('paper') + 5_000_00, 'A deposit after the first build');
      expect(await everyAnswer(inWorker)).toEqual(await everyAnswer(service()));
      // Answered by the worker all along: started once, never fallen back.
      expect(spawn).toHaveBeenCalledTimes(1);
      expect(logger.warn).not.toHaveBeenCalled();
    } finally {
      await inWorker.stop();
    }
  });

  it('starts its thread when the server starts, and answers the first request from that thread', async () => {
    const spawn = jest.fn(analyticsWorkerSpawner(file));
    const logger = { warn: jest.fn() };
    const analytics = service(spawn, logger);
    try {
      analytics.warmWorker();
      expect(spawn).toHaveBeenCalledTimes(1);
      expect(await analytics.replyWhenReady('analytics', { period: 'all' })).toEqual(
        await service().replyWhenReady('analytics', { period: 'all' }),
      );
      expect(spawn).toHaveBeenCalledTimes(1);
      expect(logger.warn).not.toHaveBeenCalled();
    } finally {
      await analytics.stop();
    }
  });

  it('is terminated by stop(): a reply waiting on it answers 503, and the worker has exited', async () => {
    const spawn = analyticsWorkerSpawner(file);
    let spawned: (worker: Worker) => void = () => {};
    const started = new Promise<Worker>((resolve) => {
      spawned = resolve;
    });
    const analytics = service(() => {
      const worker = spawn();
      spawned(worker);
      return worker;
    });
    const pending = analytics.replyWhenReady('analytics', { period: 'all' });
    const worker = await started;
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    const refused = expect(pending).rejects.toMatchObject({ statusCode: 503 });
    await analytics.stop();
    await refused;
    await exited;
    expect(worker.threadId).toBe(-1);
    await expect(analytics.replyWhenReady('returns', { period: 'all' })).rejects.toMatchObject({
      statusCode: 503,
    });
  });

  it.each(Object.keys(FAILING) as (keyof typeof FAILING)[])(
    'falls back to the sliced rebuild when the worker %s, and says so once',
    async (how) => {
      const logger = { warn: jest.fn() };
      const analytics = service(failing(how), logger);
      const expected = service();
      try {
        const [first, second] = await Promise.all([
          analytics.replyWhenReady('analytics', { period: 'all' }),
          analytics.replyWhenReady('returns', { period: 'month' }),
        ]);
        expect(first).toEqual(await expected.replyWhenReady('analytics', { period: 'all' }));
        expect(second).toEqual(await expected.replyWhenReady('returns', { period: 'month' }));
        expect(await analytics.replyWhenReady('analytics', { period: 'year' })).toEqual(
          await expected.replyWhenReady('analytics', { period: 'year' }),
        );
        expect(logger.warn).toHaveBeenCalledTimes(1);
        expect(logger.warn.mock.calls[0]![1]).toMatch(/rebuilding in slices/);
      } finally {
        await analytics.stop();
      }
    },
  );

  it('tries a fresh worker once the retry time after a failure has passed', async () => {
    const spawn = jest.fn(failing('exits on a request'));
    let now = testApp.now();
    const logger = { warn: jest.fn() };
    const analytics = service(spawn, logger, () => now);
    // The sliced path's answer at the same clock: the figures may not depend on which path built them.
    const expected = () =>
      service(undefined, undefined, () => now).replyWhenReady('analytics', { period: 'all' });
    try {
      expect(await analytics.replyWhenReady('analytics', { period: 'all' })).toEqual(await expected());
      expect(spawn).toHaveBeenCalledTimes(1);
      // Within the retry time the sliced path answers, and no worker is started.
      spawn.mockImplementation(analyticsWorkerSpawner(file));
      now += WORKER_RETRY_AFTER_MS - 1;
      expect(await analytics.replyWhenReady('analytics', { period: 'all' })).toEqual(await expected());
      expect(spawn).toHaveBeenCalledTimes(1);
      now += 1;
      expect(await analytics.replyWhenReady('analytics', { period: 'all' })).toEqual(await expected());
      expect(spawn).toHaveBeenCalledTimes(2);
      expect(logger.warn).toHaveBeenCalledTimes(1);
    } finally {
      await analytics.stop();
    }
  });
});
