import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../../packages/server/src/runtime/config';
import { createLogger } from '../../packages/server/src/runtime/logger';
import { createRuntime } from '../../packages/server/src/runtime/runtime';
import { median, metric } from './metric';

/** The architecture's goals: no cycle, nothing pointing up the layers, no file over about 250 lines. */
const GOAL = { cycles: 0, upward: 0, largeFiles: 0 };
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RUNS = 5;

/** The figures `pnpm structure` prints, read back from its summary lines. */
function structureFigures() {
  const started = performance.now();
  const text = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/server-structure.ts'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  const ms = performance.now() - started;
  const count = (pattern: RegExp) => Number(pattern.exec(text)?.[1] ?? Number.NaN);
  return {
    ms,
    files: count(/server files \(tests excluded\): (\d+)/),
    folderCycles: count(/folder cycles: (\d+)/),
    fileCycles: count(/file cycles: (\d+)/),
    upwardArrows: count(/layer order[^:]*: (\d+) folder arrows/),
    upwardImports: count(/folder arrows, (\d+) imports/),
    largeFiles: count(/files over 250 lines[^:]*: (\d+)/),
  };
}

/** Build, start and stop the whole runtime on an in-memory database: what a test app and a restart pay. */
async function lifecycle() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-bench-runtime-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SIMULATOR_HISTORY_SESSIONS: '2',
    SIMULATOR_TICKS_PER_SECOND: '0',
  });
  const logger = createLogger('silent', { write: () => {} });
  try {
    let at = performance.now();
    const runtime = createRuntime(config, logger, { databaseFile: ':memory:' });
    const buildMs = performance.now() - at;
    at = performance.now();
    await runtime.start();
    const startMs = performance.now() - at;
    at = performance.now();
    await runtime.stop();
    const stopMs = performance.now() - at;
    return { buildMs, startMs, stopMs, engines: runtime.engines.length };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function run(): Promise<void> {
  const figures = structureFigures();
  metric('server files (tests excluded)', figures.files, 'files', 0);
  metric('folder cycles', figures.folderCycles, `(goal ${GOAL.cycles})`, 0);
  metric('file cycles', figures.fileCycles, `(goal ${GOAL.cycles})`, 0);
  metric('folder arrows against the layer order', figures.upwardArrows, `(goal ${GOAL.upward})`, 0);
  metric('imports against the layer order', figures.upwardImports, `(goal ${GOAL.upward})`, 0);
  metric('files over 250 lines', figures.largeFiles, `(goal ${GOAL.largeFiles})`, 0);
  metric('structure measurement', figures.ms, 'ms', 0);

  const runs = [];
  for (let i = 0; i < RUNS; i += 1) runs.push(await lifecycle());
  metric('engines in the runtime list', runs[0]!.engines, 'engines', 0);
  metric(
    `runtime build (median of ${RUNS})`,
    median(runs, (r) => r.buildMs),
    'ms',
  );
  metric(
    `runtime start (median of ${RUNS})`,
    median(runs, (r) => r.startMs),
    'ms',
  );
  metric(
    `runtime stop, database last (median of ${RUNS})`,
    median(runs, (r) => r.stopMs),
    'ms',
  );
}
