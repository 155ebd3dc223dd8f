// What the HTTP benches share: the real API server in a process of its own, the trader's sign-in,
// and timed requests over one kept-alive connection.
import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readSetupTokenFromFile } from '../../packages/server/src/engines/auth/setup-link-file';
import { send } from './loopback-load';
import { percentile } from './metric';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PASSWORD = 'Bench-Password-2026!';

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface ApiServerOptions {
  dataDir: string;
  /** Added to (or overriding) the bench defaults below. */
  env?: Record<string, string>;
  /** Extra node flags for the server process only. */
  nodeFlags?: string[];
  stdout?: 'pipe' | 'ignore';
}

/** Spawns packages/server on a free loopback port; call waitForHealth before the first request. */
export async function startApiServer({
  dataDir,
  env = {},
  nodeFlags = [],
  stdout = 'ignore',
}: ApiServerOptions): Promise<{ apiUrl: string; server: ChildProcess }> {
  const port = await freePort();
  const server = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      API_HOST: '127.0.0.1',
      API_PORT: String(port),
      DATA_DIR: dataDir,
      // Production logs at info (a line per request in and out); BENCH_LOG_LEVEL=silent to compare.
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
      // Prices from a short generated history; no tick stream, strategy loop or replay placing orders of their own.
      SIMULATOR_TICKS_PER_SECOND: '0',
      SIMULATOR_HISTORY_SESSIONS: '2',
      TRADING_LOOP: 'off',
      REPLAY_HISTORY: 'off',
      ...env,
    },
    stdio: ['ignore', stdout, 'inherit'],
  });
  return { apiUrl: `http://127.0.0.1:${port}`, server };
}

export async function waitForHealth(apiUrl: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The API server exited with code ${server.exitCode}.`);
    try {
      if ((await fetch(`${apiUrl}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('The API server did not start within 120 s.');
}

/** SIGTERM, then waits for the exit; nothing to do when the server has already gone. */
export async function stopApiServer(server: ChildProcess): Promise<void> {
  closeConnections();
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}

/** JSON POST through fetch (not timed); throws on a status ≥ 300. */
export async function postJson<T>(apiUrl: string, url: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${apiUrl}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Signing in as the trader would on first run: ask for setup, then read the link the server left in DATA_DIR. */
export async function signIn(apiUrl: string, dataDir: string): Promise<string> {
  await postJson(apiUrl, '/api/auth/request-password-setup', { email: 'trader@example.com' });
  const tempToken = readSetupTokenFromFile(dataDir);
  if (!tempToken) throw new Error('no setup link in the data directory');
  const { session_token } = await postJson<{ session_token: string }>(apiUrl, '/api/auth/set-password', {
    temp_token: tempToken,
    new_password: PASSWORD,
  });
  return session_token;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** Closes the kept-alive connection (stopApiServer does it too). */
export function closeConnections(): void {
  agent.destroy();
}

/** One request over a kept-alive connection: status, body and the time to the whole body, ms. */
export function timedRequest(
  apiUrl: string,
  method: 'GET' | 'POST',
  url: string,
  token?: string,
  body?: unknown,
): Promise<{ status: number; ms: number; body: string }> {
  return send(agent, apiUrl, { method, url, token, body });
}

/** Requests per endpoint after WARM_UP unmeasured ones (BENCH_SAMPLES overrides). */
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const WARM_UP = 20;

/** p50 and p99 of SAMPLES sequential GETs after WARM_UP; null when the route answers 404. */
export async function measureGet(
  apiUrl: string,
  url: string,
  token?: string,
): Promise<{ p50: number; p99: number } | null> {
  const first = await timedRequest(apiUrl, 'GET', url, token);
  if (first.status === 404) return null;
  if (first.status !== 200) throw new Error(`${url}: ${first.status} ${first.body.slice(0, 300)}`);
  for (let i = 0; i < WARM_UP; i += 1) await timedRequest(apiUrl, 'GET', url, token);
  const samples: number[] = [];
  for (let i = 0; i < SAMPLES; i += 1) samples.push((await timedRequest(apiUrl, 'GET', url, token)).ms);
  return { p50: percentile(samples, 50), p99: percentile(samples, 99) };
}
