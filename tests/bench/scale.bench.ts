import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONSTITUENT_ROWS } from '../../packages/server/src/engines/market/instruments/constituents';
import { startTestServices, stopTestServices } from '../../scripts/lib/test-services';
import { callApi } from '../cluster/support/api';
import {
  CLUSTER_PASSWORD,
  CLUSTER_TRADER_EMAIL,
  type Cluster,
  startCluster,
} from '../cluster/support/cluster';
import { metric } from './metric';
import type { ScaleJob, ScaleResult } from './scale-clients';

const here = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(here, '../..');
/** Stream clients in all, split evenly over the instances; 10 per sign-in is the server's cap. */
const STREAM_CLIENTS = 100;
const STREAMS_PER_SESSION = 10;
// Every stock's ticks: each client is offered the whole feed.
const TOPICS = [...new Set(CONSTITUENT_ROWS.map((row) => `ticks:${row.symbol}`))];
const ORDERS_IN_FLIGHT = 8;
const WINDOW_MS = 10_000;
// A feed fast enough that fan-out, not the feed, is what runs out.
const CLUSTER_ENV = { SIMULATOR_TICKS_PER_SECOND: '2000' };

interface Figures {
  framesPerSecond: number;
  ticksPerSecond: number;
  ordersPerSecond: number;
  ordersFailed: number;
}

function runClients(job: ScaleJob): Promise<ScaleResult> {
  const child = fork(path.join(here, 'scale-clients.ts'), [], { execArgv: ['--import', 'tsx'] });
  return new Promise((resolve, reject) => {
    child.once('message', (reply: ScaleResult | { error: string }) =>
      'error' in reply ? reject(new Error(reply.error)) : resolve(reply),
    );
    child.once('exit', (code) => code !== 0 && reject(new Error(`scale clients exited with ${code}`)));
    child.send(job);
  });
}

/** One more session for the trader, through the given instance (the first comes from the setup link). */
async function login(cluster: Cluster, through: string): Promise<string> {
  const reply = await callApi<{ session_token?: string }>(cluster.instance(through).url, '/api/auth/login', {
    body: { email: CLUSTER_TRADER_EMAIL, password: CLUSTER_PASSWORD },
  });
  if (!reply.body.session_token) throw new Error(`login failed: ${JSON.stringify(reply.body)}`);
  return reply.body.session_token;
}

async function measure(names: string[]): Promise<Figures> {
  const cluster = await startCluster(names, CLUSTER_ENV);
  try {
    const token = await cluster.signIn(names[0]!);
    const tokens = [token];
    while (tokens.length * STREAMS_PER_SESSION < STREAM_CLIENTS) tokens.push(await login(cluster, names[0]!));
    const urls = Array.from({ length: STREAM_CLIENTS }, (_, i) => cluster.instances[i % names.length]!.url);
    const stream = await runClients({
      kind: 'stream',
      urls: urls.map((url) => `${url.replace(/^http/, 'ws')}/api/stream`),
      tokens: urls.map((_, i) => tokens[Math.floor(i / STREAMS_PER_SESSION)]!),
      topics: TOPICS,
      windowMs: WINDOW_MS,
    });
    const orders = await runClients({
      kind: 'orders',
      urls: cluster.instances.map((instance) => instance.url),
      token,
      inFlight: ORDERS_IN_FLIGHT,
      windowMs: WINDOW_MS,
    });
    return {
      framesPerSecond: stream.counted / stream.seconds,
      ticksPerSecond: (stream.ticks ?? 0) / stream.seconds,
      ordersPerSecond: orders.counted / orders.seconds,
      ordersFailed: orders.failed,
    };
  } finally {
    await cluster.stop();
  }
}

export async function run(): Promise<void> {
  // PostgreSQL and Redis: the ones given, else this machine's own, started for the run and stopped after.
  await startTestServices(ROOT);
  try {
    console.log(
      `scale: ${STREAM_CLIENTS} stream clients on ${TOPICS.length} tick topics, ${ORDERS_IN_FLIGHT} order loops, ` +
        `${WINDOW_MS / 1000} s windows, feed ${CLUSTER_ENV.SIMULATOR_TICKS_PER_SECOND} ticks/s, clients split over the instances`,
    );
    const one = await measure(['a']);
    const two = await measure(['a', 'b']);
    const line = (name: string, pick: (figures: Figures) => number, unit: string) => {
      metric(`${name} (1 instance)`, pick(one), unit);
      metric(`${name} (2 instances)`, pick(two), unit);
      metric(`${name} ratio 2/1`, pick(two) / pick(one), 'x', 2);
    };
    line('stream frames delivered', (figures) => figures.framesPerSecond, 'frames/s');
    line('stream ticks delivered', (figures) => figures.ticksPerSecond, 'ticks/s');
    line('paper orders acknowledged', (figures) => figures.ordersPerSecond, 'orders/s');
    metric('orders not acknowledged (1 instance)', one.ordersFailed, 'orders', 0);
    metric('orders not acknowledged (2 instances)', two.ordersFailed, 'orders', 0);
  } finally {
    await stopTestServices(ROOT);
  }
}
