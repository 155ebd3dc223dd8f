import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { healthUntil, loopDelay, PROBE, report, settled } from './event-loop-probe';
import { postJson, signIn, startApiServer, stopApiServer, waitForHealth } from './http-bench';
import { metric } from './metric';

const SESSIONS = 20;
const RUN_LIMIT_MS = 300_000;

/** Polls the run on its own connection until it leaves `running`; its final status. */
async function runEnded(apiUrl: string, id: string, token: string): Promise<string> {
  const deadline = Date.now() + RUN_LIMIT_MS;
  while (Date.now() < deadline) {
    const response = await fetch(`${apiUrl}/api/backtests/${id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const run = (await response.json()) as { data: { status: string } };
    if (run.data.status !== 'running') return run.data.status;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The backtest did not end within ${RUN_LIMIT_MS / 1000} s.`);
}

/**
 * The API while a backtest of 20 sessions × every symbol runs through POST /api/backtests, as a trader
 * starts one: the server's own event-loop delay and /api/health timed back to back for the whole run
 * (the run is in its worker thread; the goal is the API's usual ≤ 10 ms health p99).
 */
export async function backtestUnderApi(): Promise<boolean> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-bench-backtest-api-'));
  const probe = path.join(dataDir, 'loop.json');
  const { apiUrl, server } = await startApiServer({
    dataDir,
    env: { LOOP_PROBE_FILE: probe, SIMULATOR_HISTORY_SESSIONS: String(SESSIONS), ML_WALK_FORWARD: 'off' },
    nodeFlags: ['--import', PROBE],
  });
  try {
    await waitForHealth(apiUrl, server);
    const token = await signIn(apiUrl, dataDir);
    await settled(apiUrl);
    const today = new Date().toISOString().slice(0, 10);
    const started = performance.now();
    const { data } = await postJson<{ data: { id: string } }>(
      apiUrl,
      '/api/backtests',
      { from: '2000-01-03', to: today, capital: 1_000_000 },
      token,
    );
    await loopDelay(server, probe);
    const ended = runEnded(apiUrl, data.id, token);
    const health = await healthUntil(apiUrl, ended);
    const status = await ended;
    const loop = await loopDelay(server, probe);
    metric(
      `backtest through the API (${SESSIONS} sessions × every symbol, ${status})`,
      (performance.now() - started) / 1000,
      's',
      2,
    );
    return report('backtest_api', loop, health);
  } finally {
    await stopApiServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
