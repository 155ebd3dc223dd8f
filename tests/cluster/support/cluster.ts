import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readSetupTokenFromFile } from '../../../packages/server/src/engines/auth/setup-link-file';
import { createTestDatabase, type TestDatabase } from '../../../packages/server/src/test-support/postgres';
import { testRedisUrl, uniqueRedisPrefix } from '../../../packages/server/src/test-support/redis';
import { dropRedisPrefix } from '../../../packages/server/src/test-support/test-redis';
import { freePorts } from '../../e2e/support/ports';
import { callApi, clock } from './api';
import { type InstanceProxy, startInstanceProxy } from './proxy';

// Found from the working directory: this file runs under jest (CommonJS) and tsx (ES modules) alike.
const ROOT = workspaceRoot(process.cwd());
export const CLUSTER_PASSWORD = 'Nifty-Sensex-2031-Rally!';
export const CLUSTER_TRADER_EMAIL = 'trader.cluster@example.com';

export interface Instance {
  name: string;
  url: string;
  dataDir: string;
  process: ChildProcess;
  logFile: string;
}

export interface Cluster {
  database: TestDatabase;
  redisPrefix: string;
  instances: Instance[];
  proxy: InstanceProxy;
  instance(name: string): Instance;
  /** First-run password setup and sign-in through one instance; the session token. */
  signIn(through: string): Promise<string>;
  /** kill -9 one instance; resolves once the process is gone. */
  kill(name: string): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Real API processes (`node --import tsx packages/server/src/main.ts`) on loopback, sharing a fresh
 * PostgreSQL database and one Redis prefix, each with its own port, DATA_DIR and INSTANCE_ID and
 * the same SECRETS_KEY, with the proxy in front. Settings as the e2e stack's, trading loops off.
 */
export async function startCluster(names: string[], env: Record<string, string> = {}): Promise<Cluster> {
  const database = await createTestDatabase();
  const redisPrefix = uniqueRedisPrefix('cluster');
  const secretsKey = randomBytes(32).toString('base64');
  const ports = await freePorts(names.length);
  const instances: Instance[] = [];
  let proxy: InstanceProxy | undefined;
  const stop = async () => {
    await proxy?.close();
    await Promise.all(instances.map((instance) => stopProcess(instance.process)));
    for (const instance of instances) fs.rmSync(instance.dataDir, { recursive: true, force: true });
    await database.drop();
    // The shared counters' keys; the bus's channels leave nothing behind.
    await dropRedisPrefix(redisPrefix);
  };
  try {
    for (const [i, name] of names.entries()) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `td-cluster-${name}-`));
      const logFile = path.join(os.tmpdir(), `td-cluster-${process.pid}-${name}.log`);
      const log = fs.openSync(logFile, 'w');
      const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
        cwd: ROOT,
        env: {
          ...process.env,
          NODE_ENV: 'test',
          LOG_LEVEL: 'info',
          API_HOST: '127.0.0.1',
          API_PORT: String(ports[i]),
          PUBLIC_HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          DATABASE_URL: database.url,
          REDIS_URL: testRedisUrl(),
          REDIS_PREFIX: redisPrefix,
          INSTANCE_ID: name,
          SECRETS_KEY: secretsKey,
          TRADER_EMAIL: CLUSTER_TRADER_EMAIL,
          TRADER_NAME: 'Cluster Trader',
          TRADING_LOOP: 'off',
          REPLAY_HISTORY: 'off',
          ...env,
        },
        stdio: ['ignore', log, log],
      });
      fs.closeSync(log);
      instances.push({ name, url: `http://127.0.0.1:${ports[i]}`, dataDir, process: child, logFile });
    }
    await Promise.all(instances.map((one) => waitForReady(one)));
    proxy = await startInstanceProxy(Object.fromEntries(instances.map((one) => [one.name, one.url])));
  } catch (error) {
    await stop();
    throw error;
  }
  const instance = (name: string) => {
    const found = instances.find((one) => one.name === name);
    if (!found) throw new Error(`No instance ${name}.`);
    return found;
  };
  return {
    database,
    redisPrefix,
    instances,
    proxy,
    instance,
    signIn: async (through) => {
      const url = proxy!.via(through);
      await callApi(url, '/api/auth/request-password-setup', { body: { email: CLUSTER_TRADER_EMAIL } });
      const setupToken = readSetupTokenFromFile(instance(through).dataDir);
      if (!setupToken) throw new Error(`No setup link in ${through}'s DATA_DIR.`);
      const reply = await callApi<{ session_token?: string }>(url, '/api/auth/set-password', {
        body: { temp_token: setupToken, new_password: CLUSTER_PASSWORD },
      });
      if (!reply.body.session_token) throw new Error(`Sign-in failed: ${JSON.stringify(reply.body)}`);
      return reply.body.session_token;
    },
    kill: async (name) => {
      const child = instance(name).process;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
    stop,
  };
}

// Generous: each instance compiles the server with tsx and migrates on 2 busy cores.
async function waitForReady(instance: Instance, timeoutMs = 120_000): Promise<void> {
  const deadline = clock() + timeoutMs;
  while (clock() < deadline) {
    if (instance.process.exitCode !== null)
      throw new Error(`Instance ${instance.name} exited while starting; see ${instance.logFile}`);
    const ready = await fetch(`${instance.url}/api/ready`, { signal: AbortSignal.timeout(5000) })
      .then((response) => response.ok)
      .catch(() => false);
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(
    `Instance ${instance.name} was not ready within ${timeoutMs / 1000} s; see ${instance.logFile}`,
  );
}

/** SIGTERM, and SIGKILL when it has not exited 10 s later. */
async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

function workspaceRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'pnpm-workspace.yaml'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No pnpm workspace above ${from}.`);
  }
}
