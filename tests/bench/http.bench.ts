import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DASHBOARD_CALLS } from './burst-load';
import { measureGet, signIn, startApiServer, stopApiServer, timedRequest, waitForHealth } from './http-bench';
import { type LoadResult, runLoad } from './loopback-load';
import { median, metric } from './metric';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The goal 5: the API's health ≥ 0.8× the requests a second of a bare node:http server. */
const GOAL_RATIO = 0.8;
const CONNECTIONS = Number(process.env.HTTP_BENCH_CONNECTIONS ?? 8);
const SECONDS = 4;
const ROUNDS = 10;
const ROUND_MS = 1_000;
/** Headers node:http sets itself, or that differ per answer. */
const OWN_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/** The bare server in a process of its own, as the API is: the same client measures both. */
async function startBareServer(headers: Record<string, string>, body: string) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'tests/bench/bare-http-server.ts', JSON.stringify({ headers, body })],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const port = await new Promise<string>((resolve) =>
    child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim())),
  );
  return { url: `http://127.0.0.1:${port}`, child };
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

const load = (
  baseUrl: string,
  url: string,
  token?: string,
  durationMs = SECONDS * 1000,
): Promise<LoadResult> =>
  runLoad({
    baseUrl,
    connections: CONNECTIONS,
    durationMs,
    next: () => ({ method: 'GET', url, token }),
  });

function loadLine(label: string) {
  return `load: ${os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')} (${label}, ${os.cpus().length} cores)`;
}

/**
 * Goal 5: GET /api/health through the whole API (hooks, logging, security headers) against a bare
 * node:http server sending the same bytes, in alternating rounds of one run with the same client; then
 * req/s and p99 of the dashboard's three heaviest calls with the market running (200 ticks/s).
 */
export async function run() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-bench-http-'));
  const { apiUrl, server } = await startApiServer({
    dataDir,
    env: {
      SIMULATOR_TICKS_PER_SECOND: '200',
      SIMULATOR_HISTORY_SESSIONS: '60',
      SIMULATOR_CONTINUOUS_SESSION: 'true',
    },
  });
  let bare: Awaited<ReturnType<typeof startBareServer>> | null = null;
  try {
    await waitForHealth(apiUrl, server);
    const token = await signIn(apiUrl, dataDir);
    const sample = await fetch(`${apiUrl}/api/health`);
    const headers = Object.fromEntries([...sample.headers].filter(([name]) => !OWN_HEADERS.has(name)));
    bare = await startBareServer(headers, await sample.text());
    console.log(loadLine('before'));

    // Short rounds, alternating which goes first: on a shared machine the load changes by the second,
    // so each round's ratio compares like with like and the median of the ratios is reported.
    const rounds: { api: LoadResult; bare: LoadResult }[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const measure = (url: string) => load(url, '/api/health', undefined, ROUND_MS);
      if (round % 2 === 0) {
        const bareRound = await measure(bare.url);
        rounds.push({ bare: bareRound, api: await measure(apiUrl) });
      } else {
        const apiRound = await measure(apiUrl);
        rounds.push({ api: apiRound, bare: await measure(bare.url) });
      }
    }
    // One line per figure: the API's and the bare server's rate and p99, each the median over the rounds.
    const figures: [string, (round: (typeof rounds)[number]) => number, string, number][] = [
      ['http_health_api', (round) => round.api.perSecond, 'req/s', 0],
      ['http_health_api_p99', (round) => round.api.p99, 'ms', 2],
      ['http_health_bare', (round) => round.bare.perSecond, 'req/s', 0],
      ['http_health_bare_p99', (round) => round.bare.p99, 'ms', 2],
    ];
    for (const [name, pick, unit, digits] of figures) metric(name, median(rounds, pick), unit, digits);
    const ratio = median(rounds, (round) => round.api.perSecond / round.bare.perSecond);
    console.log(
      `http_health_ratio_to_bare: ${ratio.toFixed(2)} x (median of ${ROUNDS} paired rounds; goal ≥ ${GOAL_RATIO}: ${ratio >= GOAL_RATIO ? 'met' : 'missed'})`,
    );

    // The heaviest three by p50 of sequential calls, then each under the same closed-loop load.
    const idle: { url: string; p50: number }[] = [];
    for (const url of DASHBOARD_CALLS) {
      const figures = await measureGet(apiUrl, url, token);
      if (figures) idle.push({ url, p50: figures.p50 });
    }
    for (const { url, p50 } of idle.sort((a, b) => b.p50 - a.p50).slice(0, 3)) {
      const name = url.replace(/^\/api\//, '').replace(/[^a-z0-9]+/gi, '_');
      const figures = await load(apiUrl, url, token);
      metric(`http_${name}_idle_p50`, p50, 'ms', 2);
      metric(`http_${name}`, figures.servedPerSecond, 'req/s', 0);
      metric(`http_${name}_p99`, figures.p99, 'ms', 2);
      if (figures.statuses[503]) metric(`http_${name}_refused_503`, figures.statuses[503], 'requests', 0);
    }
    const check = await timedRequest(apiUrl, 'GET', '/api/market/candles/RELIANCE', token);
    metric('http_candles_bytes', check.body.length, 'B', 0);
    console.log(loadLine('after'));
  } finally {
    if (bare) await stopChild(bare.child);
    await stopApiServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
