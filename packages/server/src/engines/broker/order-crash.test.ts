import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sqlLedgerStorage } from '../../storage/sql/ledger-storage';
import { openDatabase } from '../../storage/sqlite/database';
import { readSetupTokenFromFile } from '../auth/setup-link-file';
import { Ledger } from './ledger';

// The whole server as a process: orders acknowledged over HTTP must survive a kill -9 mid-burst.
const MAIN = path.join(__dirname, '..', '..', 'main.ts');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

interface Server {
  child: ChildProcess;
  exited: Promise<unknown>;
}

async function startServer(dataDir: string, port: number): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      API_PORT: String(port),
      LOG_LEVEL: 'error',
      REPLAY_HISTORY: 'off',
      TRADING_LOOP: 'off',
      SIMULATOR_HISTORY_SESSIONS: '2',
      SIMULATOR_TICKS_PER_SECOND: '50',
    },
    stdio: 'ignore',
  });
  // Listened for from the start: a SIGKILLed child can be reaped before anyone asks.
  const exited = new Promise((resolve) => child.once('exit', resolve));
  // Two busy cores compile main.ts with tsx while other suites run: allow 40 s.
  for (let i = 0; i < 400; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return { child, exited };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

// Shares under ₹500 spread over eight symbols: the burst stays far below the ₹50,000 position limit
// whatever the simulator's prices are today (20 TCS at ₹3,300 once crossed it).
const CHEAP_SYMBOLS = ['ITC', 'NTPC', 'TATASTEEL', 'POWERGRID', 'ONGC', 'WIPRO', 'COALINDIA', 'ETERNAL'];

const post = (port: number, url: string, body: unknown, token?: string) =>
  fetch(`http://127.0.0.1:${port}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

describe('durable orders', () => {
  jest.setTimeout(150_000);

  it('keeps every acknowledged order and the ledger invariants through a kill -9 during a burst', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-crash-'));
    const port = await freePort();
    let server = await startServer(dataDir, port);
    try {
      await post(port, '/api/auth/request-password-setup', { email: 'trader@example.com' });
      const signedIn = await (
        await post(port, '/api/auth/set-password', {
          temp_token: readSetupTokenFromFile(dataDir),
          new_password: 'Crash-Test-Password-1!',
        })
      ).json();
      const token = signedIn.session_token as string;

      const acknowledged: string[] = [];
      const refused: string[] = [];
      let burstOver = false;
      const burst = (async () => {
        for (let i = 0; i < 10_000; i++) {
          const response = await post(
            port,
            '/api/orders',
            { symbol: CHEAP_SYMBOLS[i % CHEAP_SYMBOLS.length], side: 'BUY', quantity: 1 },
            token,
          ).catch(() => null);
          if (!response) return;
          if (response.status === 201) acknowledged.push((await response.json()).data.id);
          else refused.push(`${response.status} ${await response.text()}`);
        }
      })().finally(() => {
        burstOver = true;
      });
      while (acknowledged.length < 40 && !burstOver && refused.length === 0) {
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      expect(refused).toEqual([]);
      expect(acknowledged.length).toBeGreaterThanOrEqual(40);
      server.child.kill('SIGKILL');
      await burst;
      await server.exited;

      // Straight from the file, as the restarted server will read it.
      const db = openDatabase(path.join(dataDir, 'trading.db'));
      const ledger = new Ledger(sqlLedgerStorage(db));
      for (const id of acknowledged) expect(ledger.order(id)?.status).toBe('FILLED');
      expect(ledger.entriesSum('paper')).toBe(ledger.cashPaise('paper'));
      expect(ledger.orders({ account: 'paper', status: 'PENDING', limit: 10, offset: 0 }).total).toBe(0);
      db.close();

      server = await startServer(dataDir, port);
      const after = await fetch(`http://127.0.0.1:${port}/api/orders/${acknowledged.at(-1)}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(after.status).toBe(200);
      expect((await after.json()).data.status).toBe('FILLED');
    } finally {
      server.child.kill('SIGKILL');
      await server.exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
