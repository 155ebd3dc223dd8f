import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureGet, signIn, startApiServer, stopApiServer, waitForHealth } from './http-bench';
import type { LoadResult } from './loopback-load';
import { send } from './loopback-load';
import { metric, percentile } from './metric';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The goals (0042): under the burst, health p99 ≤ 50 ms, orders and the halt ≤ 100 ms; candles at idle ≤ 10 ms. */
const GOAL = { healthP99: 50, orderP99: 100, stopP99: 100, candlesP50: 10 };
const CLIENTS = 200;
const SECONDS = 10;

function loadLine(label: string) {
  return `load: ${os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')} (${label}, ${os.cpus().length} cores)`;
}

/** Runs the burst in a child process; resolves with its figures once it has finished. */
function burst(apiUrl: string, token: string): Promise<LoadResult> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'tests/bench/burst-load.ts', apiUrl, token, String(SECONDS), String(CLIENTS)],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  return new Promise((resolve, reject) =>
    child.once('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out.trim().split('\n').at(-1)!))
        : reject(new Error(`burst exited ${code}`)),
    ),
  );
}

/** Sends requests one after another, `gapMs` apart, until `stop` says so: the latencies, and statuses seen. */
async function probe(
  stop: () => boolean,
  gapMs: number,
  step: (agent: http.Agent) => Promise<{ status: number; ms: number; body?: string }>,
) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  // The first answer of each refusing status, to say why (a figure of refusals alone hides it).
  const refusals: Record<number, string> = {};
  while (!stop()) {
    const { status, ms, body } = await step(agent);
    latencies.push(ms);
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
    if (status >= 400 && !(status in refusals)) refusals[status] = (body ?? '').slice(0, 200);
    await new Promise((resolve) => setTimeout(resolve, gapMs));
  }
  agent.destroy();
  return {
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    count: latencies.length,
    statuses: Object.fromEntries(statuses),
    refusals,
  };
}

function verdict(name: string, value: number, goal: number, unit = 'ms'): boolean {
  const met = value <= goal;
  console.log(`${name}: ${value.toFixed(1)} ${unit} (goal ≤ ${goal} ${unit}: ${met ? 'met' : 'missed'})`);
  return met;
}

/** One burst with the probes beside it; prints its figures, prefixed with the run's number. */
async function burstRun(apiUrl: string, token: string, run: number) {
  console.log(loadLine(`burst run ${run}, before`));
  let done = false;
  let placed = 0;
  const load = burst(apiUrl, token).finally(() => {
    done = true;
  });
  // The child needs a moment to start; the probes run for as long as the burst does.
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  const [health, orders, stops] = await Promise.all([
    probe(
      () => done,
      20,
      (agent) => send(agent, apiUrl, { method: 'GET', url: '/api/health' }),
    ),
    probe(
      () => done,
      150,
      (agent) =>
        send(agent, apiUrl, {
          method: 'POST',
          url: '/api/orders',
          token,
          // Buy then sell the same share: the account neither runs out of cash nor piles up a position.
          body: {
            symbol: 'RELIANCE',
            side: placed++ % 2 === 0 ? 'BUY' : 'SELL',
            type: 'MARKET',
            quantity: 1,
          },
        }),
    ),
    probe(
      () => done,
      500,
      async (agent) => {
        const stop = await send(agent, apiUrl, {
          method: 'POST',
          url: '/api/risk/emergency-stop',
          token,
          body: { reason: 'Benchmark: Emergency Stop under a burst', close_positions: false },
        });
        await send(agent, apiUrl, {
          method: 'POST',
          url: '/api/risk/resume',
          token,
          body: { reason: 'benchmark' },
        });
        return stop;
      },
    ),
  ]);
  const result = await load;
  const name = (figure: string) => `burst_run${run}_${figure}`;
  console.log(loadLine(`burst run ${run}, after`));
  metric(name('clients'), CLIENTS, 'clients', 0);
  metric(name('answered'), result.perSecond, 'req/s');
  metric(name('served_2xx'), result.servedPerSecond, 'req/s');
  metric(name('refused_503'), result.statuses[503] ?? 0, 'requests', 0);
  metric(name('dashboard_p99'), result.p99, 'ms');
  console.log(`${name('statuses')}: ${JSON.stringify(result.statuses)}`);
  console.log(
    `${name('probe_statuses')}: health ${JSON.stringify(health.statuses)} orders ${JSON.stringify(orders.statuses)} emergency_stop ${JSON.stringify(stops.statuses)}`,
  );
  for (const [figure, probed] of [
    ['health', health],
    ['orders', orders],
    ['emergency_stop', stops],
  ] as const) {
    metric(name(`${figure}_p50`), probed.p50, 'ms');
    metric(name(`${figure}_p99`), probed.p99, 'ms');
  }
  for (const [figure, probed] of Object.entries({ health, orders, emergency_stop: stops })) {
    for (const [status, text] of Object.entries(probed.refusals))
      console.log(`${name(figure)} ${status}: ${text}`);
  }
  metric(name('probe_samples'), health.count + orders.count + stops.count, 'requests', 0);
  return { health: health.p99, orders: orders.p99, stop: stops.p99 };
}

/**
 * Goal 4's burst: the real API with the market running, a signed-in trader, 200 concurrent clients
 * polling six dashboard calls for 10 s, twice (BURST_RUNS); meanwhile health, paper orders and Emergency
 * Stop (each followed by a resume) are timed from this process.
 */
export async function runBurst(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-bench-burst-'));
  const { apiUrl, server } = await startApiServer({
    dataDir,
    // e.g. BURST_NODE_FLAGS='--cpu-prof --cpu-prof-dir=/tmp/prof' to see where the server's time goes.
    nodeFlags: process.env.BURST_NODE_FLAGS?.split(' ').filter(Boolean) ?? [],
    env: {
      SIMULATOR_TICKS_PER_SECOND: '200',
      SIMULATOR_HISTORY_SESSIONS: '60',
      SIMULATOR_CONTINUOUS_SESSION: 'true',
    },
  });
  try {
    await waitForHealth(apiUrl, server);
    const token = await signIn(apiUrl, dataDir);
    console.log(loadLine('idle, before'));
    const candles = await measureGet(apiUrl, '/api/market/candles/RELIANCE', token);
    const idleOk = verdict('candles_idle_p50', candles?.p50 ?? Number.NaN, GOAL.candlesP50);
    metric('candles_idle_p99', candles?.p99 ?? Number.NaN, 'ms', 2);
    // The floor this machine gives at idle, same run: on a shared host it is far from zero.
    const healthIdle = await measureGet(apiUrl, '/api/health');
    metric('health_idle_p50', healthIdle?.p50 ?? Number.NaN, 'ms', 2);
    metric('health_idle_p99', healthIdle?.p99 ?? Number.NaN, 'ms', 2);

    // Twice on the same server: a goal counts as met only when every run meets it (0051).
    const runs = Number(process.env.BURST_RUNS ?? 2);
    const worst = { health: 0, orders: 0, stop: 0 };
    for (let run = 1; run <= runs; run++) {
      const figures = await burstRun(apiUrl, token, run);
      worst.health = Math.max(worst.health, figures.health);
      worst.orders = Math.max(worst.orders, figures.orders);
      worst.stop = Math.max(worst.stop, figures.stop);
    }
    console.log(`burst: worst of ${runs} runs`);
    const met = [
      idleOk,
      verdict('burst_health_p99', worst.health, GOAL.healthP99),
      verdict('burst_orders_p99', worst.orders, GOAL.orderP99),
      verdict('burst_emergency_stop_p99', worst.stop, GOAL.stopP99),
    ].every(Boolean);
    console.log(`goal: the event loop never stalls under a burst — ${met ? 'met' : 'missed'}`);
  } finally {
    await stopApiServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
