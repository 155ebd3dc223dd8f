import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedLedger } from './analytics.bench';
import { signIn, startApiServer, stopApiServer, timedRequest, waitForHealth } from './http-bench';
import { metric, percentile } from './metric';

// The server's own event-loop delay (loop-probe.mjs loaded into the server with PROBE) and
// /api/health timed back to back while some work runs: shared by the event-loop benches.

export const GOAL = { loopDelayP99Ms: 20, healthP99Ms: 10 };
export const PROBE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'loop-probe.mjs');
export const REPLAY_LIMIT_MS = Number(process.env.BENCH_REPLAY_LIMIT_S ?? 300) * 1000;

export interface LoopFigures {
  p50: number;
  p99: number;
  max: number;
  samples: number;
}

/** Asks the probe for the delay since its last reading (and starts a new one). */
export async function loopDelay(server: ChildProcess, file: string): Promise<LoopFigures> {
  fs.rmSync(file, { force: true });
  server.kill('SIGUSR2');
  const deadline = Date.now() + 30_000;
  while (!fs.existsSync(file)) {
    if (Date.now() > deadline) throw new Error('The server did not answer the loop probe within 30 s.');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return JSON.parse(fs.readFileSync(file, 'utf8')) as LoopFigures;
}

/** GET /api/health back to back until `done` settles; the times, ms. */
export async function healthUntil(apiUrl: string, done: Promise<unknown>): Promise<number[]> {
  let finished = false;
  done.then(
    () => (finished = true),
    () => (finished = true),
  );
  const samples: number[] = [];
  while (!finished) samples.push((await timedRequest(apiUrl, 'GET', '/api/health')).ms);
  return samples;
}

export function report(name: string, loop: LoopFigures, health: number[]): boolean {
  const healthP99 = percentile(health, 99);
  const met = loop.p99 <= GOAL.loopDelayP99Ms && healthP99 <= GOAL.healthP99Ms;
  console.log(`${name}_loop_delay_p99: ${loop.p99.toFixed(1)} ms (goal ≤ ${GOAL.loopDelayP99Ms} ms)`);
  metric(`${name}_loop_delay_max`, loop.max, 'ms');
  console.log(`${name}_health_p99: ${healthP99.toFixed(2)} ms (goal ≤ ${GOAL.healthP99Ms} ms)`);
  metric(`${name}_health_p50`, percentile(health, 50), 'ms', 2);
  metric(`${name}_health_samples`, health.length, 'requests', 0);
  return met;
}

/** Waits until /api/health answers within 50 ms five times running (start-up work over), at most a minute. */
export async function settled(apiUrl: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (let quick = 0; quick < 5 && Date.now() < deadline; ) {
    quick = (await timedRequest(apiUrl, 'GET', '/api/health')).ms < 50 ? quick + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface LedgerServer {
  apiUrl: string;
  server: ChildProcess;
  /** The file the loop probe writes its readings to (loopDelay). */
  probe: string;
  dataDir: string;
  token: string;
}

/**
 * Runs `work` against a signed-in server on the analytics bench's ledger (100,000 closed trades) with
 * the loop probe loaded; the server is stopped and its folder removed afterwards, whatever happens.
 */
export async function withLedgerServer<T>(prefix: string, work: (s: LedgerServer) => Promise<T>): Promise<T> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const probe = path.join(dataDir, 'loop.json');
  seedLedger(path.join(dataDir, 'trading.db'), Date.now());
  const { apiUrl, server } = await startApiServer({
    dataDir,
    env: { LOOP_PROBE_FILE: probe },
    nodeFlags: ['--import', PROBE],
    stdout: 'pipe',
  });
  // The rebuild's figures mean another thing when its worker failed and the event loop rebuilt.
  let tail = '';
  server.stdout?.on('data', (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-4_000);
    if (tail.includes('analytics rebuild worker failed')) {
      console.log('rebuild_path: sliced on the event loop (the analytics worker failed: see the server log)');
      tail = '';
    }
  });
  try {
    await waitForHealth(apiUrl, server);
    const token = await signIn(apiUrl, dataDir);
    return await work({ apiUrl, server, probe, dataDir, token });
  } finally {
    await stopApiServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
