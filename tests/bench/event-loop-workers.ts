import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { insightRebuild, knowledgeGraphInProcess } from './event-loop-insight';
import {
  GOAL,
  healthUntil,
  loopDelay,
  PROBE,
  REPLAY_LIMIT_MS,
  report,
  settled,
  withLedgerServer,
} from './event-loop-probe';
import { startApiServer, stopApiServer, waitForHealth } from './http-bench';
import { metric } from './metric';

// Goal 4, second half: nothing long on the server's event loop while the heavy work runs. The
// delay is the server's own (tests/bench/loop-probe.mjs inside the server process); /api/health is
// timed from here, back to back over one connection, for as long as the work lasts.

/** A cold analytics rebuild on 100,000 closed trades (the analytics bench's ledger). */
async function coldRebuild(): Promise<boolean> {
  return withLedgerServer('td-bench-loop-rebuild-', async ({ apiUrl, server, probe, token }) => {
    // The same ledger with nothing rebuilding, once the start-up work on it is over: the floor the
    // figures below are read against.
    await settled(apiUrl);
    await loopDelay(server, probe);
    const idle = await healthUntil(apiUrl, new Promise((resolve) => setTimeout(resolve, 3_000)));
    report('idle', await loopDelay(server, probe), idle);
    const started = performance.now();
    // Its own connection (fetch), so /api/health is not queued behind it on the bench's one socket.
    const rebuild = fetch(`${apiUrl}/api/performance/analytics?period=all`, {
      headers: { authorization: `Bearer ${token}` },
    }).then(async (response) => {
      if (!response.ok) throw new Error(`analytics: ${response.status} ${await response.text()}`);
      return (await response.json()).data.total_trades as number;
    });
    const health = await healthUntil(apiUrl, rebuild);
    const trades = await rebuild;
    metric('rebuild_cold_ms', performance.now() - started, 'ms', 0);
    metric('rebuild_closed_trades', trades, 'trades', 0);
    return report('rebuild', await loopDelay(server, probe), health);
  });
}

/** `npm start` on a fresh mock install: the generated history replayed into the empty paper ledger. */
async function startupReplay(): Promise<boolean> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-bench-loop-replay-'));
  const probe = path.join(dataDir, 'loop.json');
  const { apiUrl, server } = await startApiServer({
    dataDir,
    env: {
      LOOP_PROBE_FILE: probe,
      REPLAY_HISTORY: 'on',
      TRADING_LOOP: 'on',
      SIMULATOR_HISTORY_SESSIONS: '60',
    },
    nodeFlags: ['--import', PROBE],
    stdout: 'pipe',
  });
  let seen = '';
  const replayed = new Promise<void>((resolve, reject) => {
    const limit = setTimeout(() => reject(new Error('The replay did not end in time.')), REPLAY_LIMIT_MS);
    server.stdout?.on('data', (chunk: Buffer) => {
      seen = (seen + chunk.toString()).slice(-4_000);
      if (seen.includes('replayed generated history')) {
        clearTimeout(limit);
        resolve();
      }
    });
  });
  try {
    const started = performance.now();
    await waitForHealth(apiUrl, server);
    await loopDelay(server, probe);
    const health = await healthUntil(apiUrl, replayed);
    await replayed;
    metric('replay_ms', performance.now() - started, 'ms', 0);
    return report('replay', await loopDelay(server, probe), health);
  } finally {
    await stopApiServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Prints `metric: value unit` for the event-loop bench; the integrator's event-loop.bench.ts calls it. */
export async function runWorkerLoad(): Promise<void> {
  console.log(
    `load: ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')} (1, 5, 15 min) on ${os.cpus().length} cores`,
  );
  const rebuildMet = process.env.BENCH_SKIP_REBUILD ? null : await coldRebuild();
  const replayMet = process.env.BENCH_SKIP_REPLAY ? null : await startupReplay();
  const insightMet = process.env.BENCH_SKIP_INSIGHT ? null : await insightRebuild();
  const graphMet = process.env.BENCH_SKIP_INSIGHT ? null : await knowledgeGraphInProcess();
  const verdict = (met: boolean | null) => (met === null ? 'skipped' : met ? 'met' : 'missed');
  console.log(
    `goal: event-loop delay p99 ≤ ${GOAL.loopDelayP99Ms} ms and /api/health p99 ≤ ${GOAL.healthP99Ms} ms during a cold rebuild (${verdict(rebuildMet)}), the start-up replay (${verdict(replayMet)}) and the ML insight rebuild (${verdict(insightMet)}); knowledge graph slices ≤ 10 ms (${verdict(graphMet)})`,
  );
  console.log(
    `load after: ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
}
