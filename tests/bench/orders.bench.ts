import { type ChildProcess, fork, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../../packages/server/src/storage/sqlite/database';
import { postJson, signIn, startApiServer, stopApiServer, waitForHealth } from './http-bench';
import { median, metric, percentile } from './metric';
import type { Phase, PhaseResult } from './orders-client';
import { BENCH_BALANCE_RUPEES, BENCH_LIMITS, measureEngine } from './orders-engine';

const ORDERS = 4000;
/** The goal for durable paper orders: this many a second, with this p99. */
const GOAL = { perSecond: 2000, p99: 5 };
/** Each level runs this many times, interleaved with the others; the medians are printed (BENCH_ROUNDS). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/**
 * Requests in flight at once. Little's law: 2,000 orders/s with a p99 of 5 ms leaves room for 10 in
 * flight at the very most (2,000/s × 5 ms), fewer with any spread; more in flight only queues, since
 * throughput stops rising once each group commit carries a few orders. BENCH_IN_FLIGHT=a,b,c overrides.
 */
const IN_FLIGHT = (process.env.BENCH_IN_FLIGHT ?? '2,4,8').split(',').map(Number);
/** A burst far past that, reported beside it: the throughput is about the same, the latency is the queue. */
const BURST_IN_FLIGHT = 32;
/** Orders sent first and not measured, so the figures are of warmed-up code (JIT, statement cache). */
const WARM_UP = 1000;
/** Extra node flags for the server process only, to compare (e.g. --max-semi-space-size=32). */
const SERVER_FLAGS = (process.env.BENCH_SERVER_NODE_FLAGS ?? '').split(' ').filter(Boolean);
/** BENCH_TRACE_GC=1: the server runs with --trace-gc and its young-generation pauses are reported. */
const TRACE_GC = process.env.BENCH_TRACE_GC === '1';
const SYMBOLS = ['RELIANCE', 'TCS', 'INFY', 'HDFCBANK', 'ICICIBANK'];
const here = path.dirname(fileURLToPath(import.meta.url));

/** The server on core 0, this process and the client on core 1, as the fan-out bench does. */
function pin(core: number, pid: number | undefined): void {
  if (!pid || os.cpus().length < 2 || process.env.BENCH_PIN === 'off') return;
  spawnSync('taskset', ['-acp', String(core), String(pid)], { stdio: 'ignore' });
}

/** CPU seconds (user + system) a process has used so far, from /proc; NaN where there is none. */
function cpuSeconds(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/** Young-generation GC pauses the server reported (--trace-gc) while `during` ran. */
class GcTrace {
  pauses: number[] = [];
  private recording = false;
  constructor(server: ChildProcess) {
    if (!server.stdout) return;
    readline.createInterface({ input: server.stdout }).on('line', (line) => {
      // [pid:0x…]   1234 ms: Scavenge 12.3 (14.0) -> 5.6 (15.0) MB, 1.23 / 0.00 ms  (average mu = …
      const match = /: (Scavenge|Mark-Compact|Mark-sweep)[^,]*, ([\d.]+) \/ [\d.]+ ms/.exec(line);
      if (match && this.recording) this.pauses.push(Number(match[2]));
    });
  }
  async during<T>(work: () => Promise<T>): Promise<T> {
    this.pauses = [];
    this.recording = true;
    try {
      return await work();
    } finally {
      await new Promise((resolve) => setTimeout(resolve, 100));
      this.recording = false;
    }
  }
}

/**
 * Durable paper orders through the whole production path: the real API server in its own process
 * (HTTP parsing, session check, validation, limits, fill, charges, ledger commit with
 * synchronous=FULL, a reply only after the commit), driven over keep-alive HTTP by a client process
 * on the other core. The ceiling is a bare SQLite insert loop at the same pragmas on the same disk.
 */
export async function run() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-bench-orders-'));
  const { apiUrl, server } = await startApiServer({
    dataDir,
    nodeFlags: [...SERVER_FLAGS, ...(TRACE_GC ? ['--trace-gc'] : [])],
    stdout: TRACE_GC ? 'pipe' : 'ignore',
  });
  const gc = new GcTrace(server);
  let client: ChildProcess | undefined;
  try {
    await waitForHealth(apiUrl, server);
    pin(0, server.pid);
    pin(1, process.pid);

    const token = await signIn(apiUrl, dataDir);
    await postJson(apiUrl, '/api/trading/paper-limits', BENCH_LIMITS, token);
    await postJson(apiUrl, '/api/trading/paper/balance', { balance: BENCH_BALANCE_RUPEES }, token);
    // A holding in every symbol, so a sell that overtakes its buy on another connection still fills.
    for (const symbol of SYMBOLS)
      await postJson(apiUrl, '/api/orders', { symbol, side: 'BUY', type: 'MARKET', quantity: 10_000 }, token);

    const child = fork(path.join(here, 'orders-client.ts'), [apiUrl, token], {
      execArgv: ['--import', 'tsx'],
    });
    client = child;
    await new Promise<void>((resolve) => child.once('message', () => resolve()));
    pin(1, child.pid);
    let serverCpu = 0;
    let clientCpu = 0;
    const phase = async (inFlight: number, orders = ORDERS, kind: Phase['kind'] = 'orders') => {
      const serverBefore = cpuSeconds(server.pid);
      const clientBefore = cpuSeconds(child.pid);
      const result = await gc.during(
        () =>
          new Promise<PhaseResult>((resolve, reject) => {
            child.once('message', (reply: PhaseResult | { error: string }) =>
              'error' in reply ? reject(new Error(reply.error)) : resolve(reply),
            );
            child.send({ inFlight, orders, kind } satisfies Phase);
          }),
      );
      serverCpu = cpuSeconds(server.pid) - serverBefore;
      clientCpu = cpuSeconds(child.pid) - clientBefore;
      return result;
    };
    /** One phase's figures; each level runs ROUNDS times, interleaved, and the medians are printed. */
    const measure = async (inFlight: number, kind: Phase['kind'] = 'orders') => {
      const result = await phase(inFlight, ORDERS, kind);
      return {
        perSecond: result.orders / result.seconds,
        p50: percentile(result.latencies, 50),
        p99: percentile(result.latencies, 99),
        serverCpuUs: (serverCpu / result.orders) * 1e6,
        // How busy each side's core was: a server near 100 % is the limit, not the disk or the client.
        serverBusy: (serverCpu / result.seconds) * 100,
        clientCpuUs: (clientCpu / result.orders) * 1e6,
        gcPauses: gc.pauses.length,
        gcPauseMax: Math.max(0, ...gc.pauses),
      };
    };
    type Figures = Awaited<ReturnType<typeof measure>>;
    /** Each figure printed for a level: its name after the label, how it is read, unit, digits. */
    const reported = (what: string): [string, (f: Figures) => number, string, number][] => {
      const per = what === 'orders' ? 'order' : 'request';
      return [
        [`${what}_per_s`, (f) => f.perSecond, `${what}/s`, 0],
        ['p50_latency', (f) => f.p50, 'ms', 3],
        ['p99_latency', (f) => f.p99, 'ms', 3],
        [`server_cpu_per_${per}`, (f) => f.serverCpuUs, 'us', 0],
        ['server_cpu_busy', (f) => f.serverBusy, '%', 0],
        [`client_cpu_per_${per}`, (f) => f.clientCpuUs, 'us', 0],
        ...(TRACE_GC
          ? ([
              ['server_gc_pauses', (f) => f.gcPauses, 'pauses', 0],
              ['server_gc_pause_max', (f) => f.gcPauseMax, 'ms', 2],
            ] as [string, (f: Figures) => number, string, number][])
          : []),
      ];
    };
    const report = (label: string, runs: Figures[], what = 'orders') => {
      for (const [name, pick, unit, digits] of reported(what))
        metric(`${label}_${name}`, median(runs, pick), unit, digits);
    };

    await phase(4, WARM_UP);
    await phase(4, WARM_UP, 'floor');
    metric('orders', ORDERS, 'orders', 0);
    metric('rounds', ROUNDS, 'rounds', 0);
    // The peer: the same server, client and connections, GET /api/health (no session, no database
    // write) at the same loads, in the same rounds. Its rate is what the HTTP stack alone allows on
    // this core, and its p99 the tail the machine adds before an order does any work.
    const levels = [1, ...IN_FLIGHT, BURST_IN_FLIGHT];
    const orderRuns = new Map<number, Figures[]>(levels.map((level) => [level, []]));
    const floorRuns = new Map<number, Figures[]>(IN_FLIGHT.map((level) => [level, []]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const level of levels) orderRuns.get(level)!.push(await measure(level));
      for (const level of IN_FLIGHT) floorRuns.get(level)!.push(await measure(level, 'floor'));
    }
    report('sequential', orderRuns.get(1)!);
    let best = 0;
    for (const inFlight of IN_FLIGHT) {
      const runs = orderRuns.get(inFlight)!;
      metric(`in_flight_${inFlight}`, inFlight, 'requests', 0);
      report(`in_flight_${inFlight}`, runs);
      best = Math.max(
        best,
        median(runs, (f) => f.perSecond),
      );
    }
    metric('burst_in_flight', BURST_IN_FLIGHT, 'requests', 0);
    report('burst', orderRuns.get(BURST_IN_FLIGHT)!);
    for (const inFlight of IN_FLIGHT) {
      const floor = floorRuns.get(inFlight)!;
      report(`http_floor_in_flight_${inFlight}`, floor, 'requests');
      metric(
        `in_flight_${inFlight}_orders_vs_http_floor`,
        median(orderRuns.get(inFlight)!, (f) => f.perSecond) / median(floor, (f) => f.perSecond),
        'x',
        3,
      );
    }
    child.send({ done: true });

    // The ceiling: a bare insert loop, one transaction per row, at the same pragmas on the same disk.
    const bare = openDatabase(path.join(dataDir, 'bare.db'), []);
    bare.exec(
      'CREATE TABLE t (id INTEGER PRIMARY KEY, symbol TEXT, quantity INTEGER, price INTEGER, ts INTEGER)',
    );
    const insert = bare.prepare('INSERT INTO t (symbol, quantity, price, ts) VALUES (?, ?, ?, ?)');
    const write = bare.transaction((i: number) => insert.run('RELIANCE', 10, 250000 + i, Date.now()));
    const bareLatencies: number[] = [];
    const bareStart = performance.now();
    for (let i = 0; i < ORDERS; i++) {
      const t0 = performance.now();
      write(i);
      bareLatencies.push(performance.now() - t0);
    }
    const bareSeconds = (performance.now() - bareStart) / 1000;
    bare.close();
    metric('bare_sqlite_inserts_per_s', ORDERS / bareSeconds, 'inserts/s', 0);
    // The disk's own tail: one tiny durable commit's p99 is a floor under any order's p99.
    metric('bare_sqlite_commit_p99_latency', percentile(bareLatencies, 99), 'ms', 3);
    metric('best_durable_orders_per_s', best, 'orders/s', 0);
    metric('ratio_vs_bare_sqlite', best / (ORDERS / bareSeconds), 'x', 3);

    // The second peer: the same orders, taken as the route takes them, with no HTTP in front (this
    // process, on core 1), in as many rounds.
    const engine = await measureEngine(IN_FLIGHT, ORDERS, WARM_UP, ROUNDS);
    for (const [inFlight, figures] of engine) {
      const label = `engine_in_flight_${inFlight}`;
      metric(`${label}_orders_per_s`, figures.perSecond, 'orders/s', 0);
      metric(`${label}_p50_latency`, figures.p50, 'ms', 3);
      metric(`${label}_p99_latency`, figures.p99, 'ms', 3);
      metric(`${label}_cpu_per_order`, figures.cpuUs, 'us', 0);
      metric(
        `in_flight_${inFlight}_orders_vs_engine`,
        median(orderRuns.get(inFlight)!, (f) => f.perSecond) / figures.perSecond,
        'x',
        3,
      );
    }

    // The goal, and the best rate each path holds with its p99 within it (0: no level does).
    metric('goal_orders_per_s', GOAL.perSecond, 'orders/s', 0);
    metric('goal_p99_latency', GOAL.p99, 'ms', 0);
    const withinGoal = (levels: { perSecond: number; p99: number }[]) =>
      Math.max(0, ...levels.filter((level) => level.p99 <= GOAL.p99).map((level) => level.perSecond));
    metric(
      'http_best_orders_per_s_within_goal_p99',
      withinGoal(
        IN_FLIGHT.map((inFlight) => {
          const runs = orderRuns.get(inFlight)!;
          return { perSecond: median(runs, (f) => f.perSecond), p99: median(runs, (f) => f.p99) };
        }),
      ),
      'orders/s',
      0,
    );
    metric('engine_best_orders_per_s_within_goal_p99', withinGoal([...engine.values()]), 'orders/s', 0);
  } finally {
    if (client?.connected) client.kill();
    await stopApiServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
