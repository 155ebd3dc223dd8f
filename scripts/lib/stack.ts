import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { loadConfig } from '../../packages/server/src/runtime/config';
import { hostContentSecurityPolicy } from './content-security-policy';
import { releasesRoot } from './release-history';
import { distOf, type StaticSite, startStaticSite } from './static-site';

export const REMOTES = ['auth', 'trading', 'analytics', 'ml', 'infra'] as const;
export type RemoteKey = (typeof REMOTES)[number];

export interface StackPorts {
  api: number;
  host: number;
  remotes: Record<RemoteKey, number>;
}

export const DEFAULT_PORTS: StackPorts = {
  api: 8082,
  host: 3000,
  remotes: { auth: 3001, trading: 3002, analytics: 3003, ml: 3004, infra: 3005 },
};

export interface StackOptions {
  root: string;
  ports: StackPorts;
  dataDir: string;
  publicHost?: string;
  env?: Record<string, string>;
  /** Where the API server's output goes (inherit for npm start, a file in tests). */
  apiOutput?: 'inherit' | 'pipe';
  /** Called with each API server process as it is spawned (the first and every restart), e.g. to keep its output. */
  onApiStart?(api: ChildProcess): void;
}

export interface Stack {
  apiUrl: string;
  hostUrl: string;
  /** The API server process running now (a new one after `restartApi`). */
  readonly api: ChildProcess;
  remotes: Record<RemoteKey, StaticSite>;
  host: StaticSite;
  stopRemote(name: RemoteKey): Promise<void>;
  startRemote(name: RemoteKey): Promise<void>;
  /**
   * Stops the API server and starts it again on the same port, DATA_DIR and settings, as a
   * supervisor restarting it would; resolves once it answers /api/health.
   */
  restartApi(): Promise<void>;
  stop(): Promise<void>;
}

/** Starts the API server, the host and every remote from their built dist folders. */
export async function startStack(options: StackOptions): Promise<Stack> {
  const publicHost = options.publicHost ?? 'localhost';
  const apiUrl = `http://${publicHost}:${options.ports.api}`;
  const remoteEnv = Object.fromEntries(
    REMOTES.map((name) => [`REMOTE_${name.toUpperCase()}_PORT`, String(options.ports.remotes[name])]),
  );
  const serverEnv = {
    ...process.env,
    API_PORT: String(options.ports.api),
    HOST_PORT: String(options.ports.host),
    PUBLIC_HOST: publicHost,
    DATA_DIR: options.dataDir,
    ...remoteEnv,
    ...options.env,
  };
  // The server's own reading of the same settings: the CSP allows exactly the origins registry writes may name.
  const { allowedRemoteOrigins } = loadConfig(serverEnv);
  const spawnApi = () => {
    const child = spawn(
      process.execPath,
      // Under the supervisor: POST /api/management/server/restart exits for it to start the server again.
      ['--import', 'tsx', path.join(options.root, 'scripts/supervise-api.ts')],
      {
        cwd: options.root,
        env: serverEnv,
        stdio: options.apiOutput === 'pipe' ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      },
    );
    options.onApiStart?.(child);
    return child;
  };
  let api = spawnApi();
  await waitForHealth(apiUrl, api);
  const stopApi = async () => {
    if (api.exitCode !== null || api.signalCode !== null) return;
    const exited = new Promise((resolve) => api.once('exit', resolve));
    api.kill('SIGTERM');
    await exited;
  };

  const startRemote = (name: RemoteKey) =>
    startStaticSite({
      root: distOf(options.root, `mf-${name}`),
      port: options.ports.remotes[name],
      // `pnpm remote:release` publishes beside the built versions, at the same /mf-<name>/<version>/ paths.
      releases: { root: releasesRoot(options.dataDir), prefix: `/mf-${name}/` },
    });
  const remotes = {} as Record<RemoteKey, StaticSite>;
  for (const name of REMOTES) remotes[name] = await startRemote(name);

  const contentSecurityPolicy = hostContentSecurityPolicy(apiUrl, allowedRemoteOrigins);
  const host = await startStaticSite({
    root: distOf(options.root, 'host'),
    port: options.ports.host,
    spa: { apiUrl, contentSecurityPolicy: async () => contentSecurityPolicy },
  });

  return {
    apiUrl,
    hostUrl: `http://${publicHost}:${host.port}`,
    get api() {
      return api;
    },
    remotes,
    host,
    stopRemote: async (name) => remotes[name].close(),
    startRemote: async (name) => {
      remotes[name] = await startRemote(name);
    },
    restartApi: async () => {
      await stopApi();
      api = spawnApi();
      await waitForHealth(apiUrl, api);
    },
    stop: async () => {
      await Promise.all([host.close(), ...REMOTES.map((name) => remotes[name].close())]);
      await stopApi();
    },
  };
}

// Generous: on a fresh install the server replays 60 sessions of history while it starts, on 2 busy cores.
async function waitForHealth(apiUrl: string, child: ChildProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`The API server exited with code ${child.exitCode} while starting.`);
    try {
      const response = await fetch(`${apiUrl}/api/health`, { signal: AbortSignal.timeout(5000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The API server did not answer ${apiUrl}/api/health within ${timeoutMs / 1000} s.`);
}
