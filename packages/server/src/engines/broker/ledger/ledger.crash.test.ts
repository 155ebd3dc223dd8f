import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sqlLedgerStorage } from '../../../storage/sql/ledger-storage';
import { openDatabase } from '../../../storage/sqlite/database';
import { Ledger } from './ledger';
import { brokenInvariants } from './test-support/ledger-invariants';

const REPO_ROOT = path.resolve(__dirname, '../../../../..');
const WRITER = path.join(__dirname, 'test-support/crash-writer.ts');
const ACKS_BEFORE_KILL = 200;

/** Runs the writer until it has acknowledged enough orders, then kills it without warning. */
function runAndKill(file: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', WRITER, file], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const acked: string[] = [];
    let pending = '';
    let stderr = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      const lines = (pending + chunk).split('\n');
      pending = lines.pop()!;
      acked.push(...lines);
      if (acked.length >= ACKS_BEFORE_KILL && !child.killed) child.kill('SIGKILL');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('exit', (_code, signal) => {
      if (signal !== 'SIGKILL') reject(new Error(`the writer exited by itself: ${stderr}`));
      // A line cut short by the kill was never a whole acknowledgement.
      else resolve(acked);
    });
  });
}

describe('the ledger after a kill -9', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-crash-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('keeps every acknowledged order, filled, with cash and positions agreeing with the fills', async () => {
    const file = path.join(dir, 'ledger.db');
    const acked = await runAndKill(file);
    expect(acked.length).toBeGreaterThanOrEqual(ACKS_BEFORE_KILL);

    const db = openDatabase(file);
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const ledger = new Ledger(sqlLedgerStorage(db));
      const missing = acked.filter((id) => ledger.order(id)?.status !== 'FILLED');
      expect(missing).toEqual([]);
      // Place and fill share one transaction, so nothing committed half way either.
      expect(ledger.orders({ account: 'paper', status: 'PENDING', limit: 1, offset: 0 }).total).toBe(0);
      expect(ledger.orders({ account: 'paper', limit: 1, offset: 0 }).total).toBeGreaterThanOrEqual(
        acked.length,
      );
      expect(brokenInvariants(db, ledger, 'paper')).toEqual([]);
    } finally {
      db.close();
    }
  }, 20_000);
});
