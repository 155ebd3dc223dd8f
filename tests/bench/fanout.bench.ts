import { type ChildProcess, fork, spawnSync } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type WebSocket, WebSocketServer } from 'ws';
import { StreamHub } from '../../packages/server/src/engines/stream/stream-hub';
import { metric } from './metric';

const CLIENTS = 100;
const SYMBOLS = Array.from({ length: 20 }, (_, i) => `SYM${i}`);
/** 1,500 ticks/s to 100 clients is the goal's 150,000 deliveries/s; BENCH_TICKS_PER_SECOND pushes harder. */
const TICKS_PER_SECOND = Number(process.env.BENCH_TICKS_PER_SECOND ?? 1500);
const SECONDS = 5;
const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The 100 clients are the measuring instrument, not the system under test: on a machine with two or
 * more cores the server (this process) gets core 0 and the clients core 1, so they stop competing.
 */
function pinApart(clientsPid: number | undefined): void {
  if (!clientsPid || os.cpus().length < 2 || process.env.BENCH_PIN === 'off') return;
  const pin = (core: number, pid: number) =>
    spawnSync('taskset', ['-acp', String(core), String(pid)], { stdio: 'ignore' });
  pin(0, process.pid);
  pin(1, clientsPid);
}

type Broadcast = (topic: string, data: unknown) => void;

interface Result {
  delivered: number;
  /** From the first frame's arrival to the last's, as the clients saw it. */
  seconds: number;
  p50: number;
  p99: number;
  max: number;
}

/** Starts a loopback server, 100 clients in a child process, and publishes ticks at a steady rate. */
async function measure(label: string, attach: (server: WebSocketServer) => Broadcast): Promise<Result> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
  await new Promise((resolve) => server.once('listening', resolve));
  const broadcast = attach(server);
  const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const topics = SYMBOLS.map((symbol) => `ticks:${symbol}`);
  const clients: ChildProcess = fork(
    path.join(here, 'fanout-clients.ts'),
    [url, String(CLIENTS), topics.join(',')],
    {
      execArgv: ['--import', 'tsx'],
    },
  );
  pinApart(clients.pid);
  await new Promise<void>((resolve) => clients.once('message', () => resolve()));

  const perTickMs = 1000 / TICKS_PER_SECOND;
  const started = performance.now();
  let sent = 0;
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const elapsed = performance.now() - started;
      const dueCount = Math.min(Math.floor(elapsed / perTickMs), TICKS_PER_SECOND * SECONDS);
      for (; sent < dueCount; sent++) {
        const symbol = SYMBOLS[sent % SYMBOLS.length]!;
        broadcast(`ticks:${symbol}`, {
          symbol,
          ltp: 250000 + (sent % 100) * 5,
          ltq: 10,
          // Stamped with when the tick was due, so a publisher that falls behind shows in the latency.
          sentAt: performance.timeOrigin + started + sent * perTickMs,
        });
      }
      if (sent >= TICKS_PER_SECOND * SECONDS) {
        clearInterval(timer);
        resolve();
      }
    }, 2);
  });
  const publishSeconds = (performance.now() - started) / 1000;
  clients.send({ report: true, expected: sent * CLIENTS });
  const result = await new Promise<Result>((resolve) =>
    clients.once('message', (message) => resolve(message as Result)),
  );
  await new Promise((resolve) => clients.once('exit', resolve));
  for (const client of server.clients) client.terminate();
  server.close();
  metric(`${label}_delivered`, result.delivered, 'msg', 0);
  metric(`${label}_deliveries_per_s`, result.delivered / result.seconds, 'msg/s', 0);
  metric(`${label}_p50_latency`, result.p50, 'ms', 2);
  metric(`${label}_p99_latency`, result.p99, 'ms', 2);
  metric(`${label}_max_latency`, result.max, 'ms', 2);
  metric(`${label}_publish_seconds`, publishSeconds, 's', 2);
  metric(`${label}_receive_seconds`, result.seconds, 's', 2);
  return result;
}

export async function run() {
  metric('clients', CLIENTS, 'sockets', 0);
  metric('published', TICKS_PER_SECOND, 'ticks/s', 0);
  metric('expected_deliveries', TICKS_PER_SECOND * CLIENTS, 'msg/s', 0);

  // The bare ws broadcast: the same frames, JSON-encoded once and written to every socket.
  const bare = await measure('bare_ws', (server) => {
    const sockets = new Set<WebSocket>();
    server.on('connection', (socket) => {
      socket.on('message', (raw) => {
        if (raw.toString().includes('"subscribe"')) {
          sockets.add(socket);
          socket.send(JSON.stringify({ type: 'subscribed', topics: [] }));
        }
      });
      socket.on('close', () => sockets.delete(socket));
    });
    return (topic, data) => {
      const frame = JSON.stringify({ topic, data });
      for (const socket of sockets) socket.send(frame);
    };
  });

  // Every bench client is one session on one address, all connecting at once: room for all of them.
  const hub = new StreamHub({
    verifyToken: () => 'bench@example.com',
    isKnownSymbol: () => true,
    maxStreamsPerSession: CLIENTS,
    maxWaitingStreams: CLIENTS,
    maxWaitingStreamsPerAddress: CLIENTS,
  });
  const ours = await measure('stream_hub', (server) => {
    server.on('connection', (socket) => hub.accept(socket));
    return (topic, data) => hub.publish(topic, data);
  });
  metric('stream_hub_coalesced_frames', hub.stats().coalesced, 'frames', 0);
  metric(
    'ratio_deliveries_per_s_vs_bare_ws',
    ours.delivered / ours.seconds / (bare.delivered / bare.seconds),
    'x',
    2,
  );
  metric('ratio_p99_vs_bare_ws', ours.p99 / bare.p99, 'x', 2);
}
