import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { postgresMigrations as migrations } from '../../../storage/postgres/migrations';
import { openPostgres } from '../../../storage/postgres/open-postgres';
import { sqlLedgerStorage } from '../../../storage/sql/ledger-storage';
import { testDatabaseUrl } from '../../../test-support/postgres';
import { Ledger } from './ledger';
import { brokenInvariants } from './test-support/ledger-invariants';

const REPO_ROOT = path.resolve(__dirname, '../../../../..');
const BUYER = path.join(__dirname, 'test-support/race-buyer.ts');
const SHARE_PAISE = 100_000;
const AFFORDABLE = 10;
const TRIES_EACH = 10;

interface Buyer {
  child: ChildProcessWithoutNullStreams;
  lines: string[];
  ready: Promise<void>;
  done: Promise<void>;
}

/** One more instance of the server's ledger, in its own process, on the same database. */
function startBuyer(schema: string): Buyer {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', BUYER, testDatabaseUrl(), schema, String(TRIES_EACH)],
    {
      cwd: REPO_ROOT,
    },
  );
  const lines: string[] = [];
  let pending = '';
  let stderr = '';
  let onReady = () => {};
  const ready = new Promise<void>((resolve) => {
    onReady = resolve;
  });
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    const parts = (pending + chunk).split('\n');
    pending = parts.pop()!;
    for (const line of parts) line === 'ready' ? onReady() : lines.push(line);
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const done = new Promise<void>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`a buyer failed (${code}): ${stderr}`)),
    );
  });
  return { child, lines, ready, done };
}

describe('two instances buying on one account at the same moment (PostgreSQL)', () => {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const db = openPostgres(testDatabaseUrl(), migrations, { schema });
  afterAll(() => {
    db.exec(`DROP SCHEMA "${schema}" CASCADE`);
    db.close();
  });

  it('spends the cash once: exactly what it covers is bought, every acknowledged order is there', async () => {
    const ledger = new Ledger(sqlLedgerStorage(db));
    ledger.openAccount('paper', AFFORDABLE * SHARE_PAISE);
    const buyers = [startBuyer(schema), startBuyer(schema)];
    await Promise.all(buyers.map((buyer) => buyer.ready));
    for (const buyer of buyers) buyer.child.stdin.end('go\n');
    await Promise.all(buyers.map((buyer) => buyer.done));

    const acknowledged = buyers.flatMap((buyer) => buyer.lines.filter((line) => line.startsWith('ok ')));
    const refused = buyers.flatMap((buyer) => buyer.lines.filter((line) => line === 'refused'));
    expect(acknowledged).toHaveLength(AFFORDABLE);
    expect(refused).toHaveLength(2 * TRIES_EACH - AFFORDABLE);
    // Both instances got some through: the race was run, not one buyer after the other.
    for (const buyer of buyers) expect(buyer.lines.some((line) => line.startsWith('ok '))).toBe(true);

    const ids = acknowledged.map((line) => line.slice(3));
    expect(new Set(ids).size).toBe(AFFORDABLE);
    expect(ids.filter((id) => ledger.order(id)?.status !== 'FILLED')).toEqual([]);
    expect(ledger.cashPaise('paper')).toBe(0);
    expect(ledger.position('paper', 'INFY')?.quantity).toBe(AFFORDABLE);
    expect(brokenInvariants(db, ledger, 'paper')).toEqual([]);
  });
});
