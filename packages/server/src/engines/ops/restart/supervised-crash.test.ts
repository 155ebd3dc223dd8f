import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../../runtime/config';
import { SqlSessionsRepository } from '../../../storage/sql/sessions-repository';
import { openDatabase } from '../../../storage/sqlite/database';
import { TEST_EPOCH, TEST_SCRYPT_COST } from '../../../test-support';
import { hashPassword } from '../../auth/password-hash';

// npm start's own supervisor with the real API server as its child: a kill -9 under order load.
const SUPERVISOR = path.join(__dirname, '..', '..', '..', '..', '..', '..', 'scripts', 'supervise-api.ts');
const PASSWORD = 'Supervised-Crash-Test-1!';
// Shares under ₹500 over eight symbols: the load stays inside the position limit at any price.
const CHEAP_SYMBOLS = ['ITC', 'NTPC', 'TATASTEEL', 'POWERGRID', 'ONGC', 'WIPRO', 'COALINDIA', 'ETERNAL'];

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(5);
  }
}

/** The trader's password, stored as the first-run setup would, so the test signs in with a plain login. */
async function seedPassword(dataDir: string): Promise<string> {
  const { traderEmail } = loadConfig({ DATA_DIR: dataDir });
  const db = openDatabase(path.join(dataDir, 'trading.db'));
  new SqlSessionsRepository(db).credentials.setPasswordHash(
    traderEmail,
    await hashPassword(PASSWORD, TEST_SCRYPT_COST),
    // Only a record of when the password was set: nothing reads it back, so a fixed instant will do.
    TEST_EPOCH,
  );
  db.close();
  return traderEmail;
}

describe('the supervisor under a crash', () => {
  jest.setTimeout(120_000);
  let dataDir: string;
  let supervisor: ChildProcess;
  let supervisorExit: Promise<number | null>;
  let output = '';
  let loadOn = false;

  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-supervised-crash-'));
  });
  afterEach(async () => {
    loadOn = false;
    if (supervisor.exitCode === null && supervisor.signalCode === null) {
      supervisor.kill('SIGTERM');
      await supervisorExit;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves again within 10 s of a kill -9 of the API under order load, and loses no acknowledged order', async () => {
    const email = await seedPassword(dataDir);
    const port = await freePort();
    const api = `http://127.0.0.1:${port}`;
    supervisor = spawn(process.execPath, ['--import', 'tsx', SUPERVISOR], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        API_PORT: String(port),
        LOG_LEVEL: 'error',
        REPLAY_HISTORY: 'off',
        TRADING_LOOP: 'off',
        SIMULATOR_HISTORY_SESSIONS: '2',
        SIMULATOR_TICKS_PER_SECOND: '20',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    supervisorExit = new Promise((resolve) => supervisor.once('exit', (code) => resolve(code)));
    supervisor.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });

    const serverStatus = async (token: string) => {
      const response = await fetch(`${api}/api/management/server/status`, {
        headers: { authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(2000),
      });
      return (await response.json()).data;
    };
    // Two busy cores compile the server with tsx while other suites run: allow 60 s for the first start.
    const spawnedAt = performance.now();
    for (let i = 0; ; i++) {
      if (i > 600) throw new Error(`the API did not start:\n${output}`);
      const ok = await fetch(`${api}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await sleep(100);
    }
    const firstStartMs = performance.now() - spawnedAt;
    const login = await fetch(`${api}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    const token = (await login.json()).session_token as string;
    const firstPid = (await serverStatus(token)).main_server_pid as number;

    // Order load: four clients placing market orders back to back, through the crash and after it.
    const acknowledged: string[] = [];
    const refused: string[] = [];
    loadOn = true;
    const client = async (offset: number) => {
      for (let i = offset; loadOn; i += 4) {
        const response = await fetch(`${api}/api/orders`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ symbol: CHEAP_SYMBOLS[i % CHEAP_SYMBOLS.length], side: 'BUY', quantity: 1 }),
          signal: AbortSignal.timeout(5000),
        }).catch(() => null);
        if (!response) {
          await sleep(50); // down: the supervisor is bringing it back
          continue;
        }
        if (response.status === 201) acknowledged.push((await response.json()).data.id);
        else refused.push(`${response.status} ${await response.text()}`);
      }
    };
    // The spare loads once the server listens; the load starts once it stands by (its modules loaded), so
    // the orders are the crash's few dozen, not a minute and a half of buying that meets the position limit.
    await until(() => /stands by for a restart/.test(output), 'the spare server to stand by', 90_000);
    const load = Promise.all([0, 1, 2, 3].map(client));
    await until(() => acknowledged.length >= 40, 'the first 40 acknowledgements');

    process.kill(firstPid, 'SIGKILL');
    const killedAt = performance.now();
    const beforeKill = acknowledged.length;
    let status: { main_server_pid: number; supervisor: Record<string, unknown> } | null = null;
    while (performance.now() - killedAt < 30_000) {
      status = await serverStatus(token).catch(() => null);
      if (status && status.main_server_pid !== firstPid) break;
      await sleep(100);
    }
    const downForMs = performance.now() - killedAt;
    expect(status?.main_server_pid).not.toBe(firstPid);
    // The spare the supervisor loaded while the first server ran takes over after the 1 s backoff.
    expect(downForMs).toBeLessThan(10_000);
    // The new process takes orders from the same clients, with the same session.
    await until(() => acknowledged.length >= beforeKill + 20, '20 acknowledgements from the new process');
    loadOn = false;
    await load;

    expect(refused).toEqual([]);
    for (const id of acknowledged) {
      const response = await fetch(`${api}/api/orders/${id}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect([id, response.status, (await response.json()).data?.status]).toEqual([id, 200, 'FILLED']);
    }
    expect(status?.supervisor).toEqual({
      supervised: true,
      restarts: 1,
      last_restart_at: expect.any(String),
      last_restart_reason: 'crashed (signal SIGKILL)',
    });
    expect(output).toMatch(
      /the API server stopped unexpectedly \(signal SIGKILL\) after \d+ s; starting it again in 1 s/,
    );

    // A clean stop still stops everything: the supervisor passes SIGTERM on and ends with the server.
    const secondPid = status!.main_server_pid;
    supervisor.kill('SIGTERM');
    expect(await supervisorExit).toBe(0);
    expect(() => process.kill(secondPid, 0)).toThrow(/ESRCH/);
    console.info(
      `first start ${Math.round(firstStartMs)} ms; kill -9 → serving again in ${Math.round(downForMs)} ms; ${acknowledged.length} orders acknowledged, all FILLED`,
    );
  });
});
