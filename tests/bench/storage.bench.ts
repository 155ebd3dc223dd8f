import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ledger } from '../../packages/server/src/engines/broker/ledger/ledger';
import { postgresMigrations } from '../../packages/server/src/storage/postgres/migrations';
import { openPostgres } from '../../packages/server/src/storage/postgres/open-postgres';
import { sqlLedgerStorage } from '../../packages/server/src/storage/sql/ledger-storage';
import type { SqlDatabase } from '../../packages/server/src/storage/sql/sql-database';
import { openDatabase } from '../../packages/server/src/storage/sqlite/database';
import { startTestServices, stopTestServices } from '../../scripts/lib/test-services';
import { metric, percentile } from './metric';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ROUND_TRIPS = 2000;
const ORDERS = 1000;
const charges = {
  brokerage: 20,
  stt: 0,
  exchangeTransaction: 0,
  sebiFee: 0,
  gst: 0,
  stampDuty: 0,
  total: 20,
};

/** Milliseconds per call of `work`, one sample per call. */
function sample(count: number, work: (i: number) => void): number[] {
  const samples: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    work(i);
    samples.push(performance.now() - started);
  }
  return samples;
}

/** One paper order placed and filled whole, durable when the call returns: the ledger's write path. */
function orders(db: SqlDatabase): number[] {
  const ledger = new Ledger(sqlLedgerStorage(db), Date.now);
  ledger.openAccount('paper', 10_000_000_000);
  const order = {
    account: 'paper' as const,
    symbol: 'INFY',
    side: 'BUY' as const,
    type: 'MARKET' as const,
    quantity: 1,
    strategy: 'bench',
  };
  return sample(ORDERS, () =>
    ledger.placeFilledOrder(order, { quantity: 1, pricePaise: 150_000, charges, ts: Date.now() }),
  );
}

function report(name: string, samples: number[]): number {
  const total = samples.reduce((sum, ms) => sum + ms, 0);
  metric(`${name} p50`, percentile(samples, 50), 'ms', 3);
  metric(`${name} p99`, percentile(samples, 99), 'ms', 3);
  metric(`${name} rate`, (samples.length / total) * 1000, 'per s', 0);
  return percentile(samples, 50);
}

/**
 * The cost of PostgreSQL behind the same repositories (decision 0031): one statement's round trip
 * through the synchronous connection, and a durable paper order through the ledger, beside SQLite
 * (a file with synchronous=FULL, as npm start runs it) in the same run.
 */
export async function run(): Promise<void> {
  await startTestServices(ROOT);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-bench-'));
  const sqlite = openDatabase(path.join(dir, 'bench.db'));
  const schema = `bench_${process.pid}`;
  const postgres = openPostgres(process.env.TEST_DATABASE_URL!, postgresMigrations, { schema });
  try {
    console.log(
      `statement round trips: ${ROUND_TRIPS}; durable paper orders: ${ORDERS}; ${os.cpus().length} cores`,
    );
    const select = (db: SqlDatabase) => {
      const statement = db.prepare('SELECT 1 AS one');
      return sample(ROUND_TRIPS, () => statement.get());
    };
    const sqliteSelect = report('sqlite select', select(sqlite));
    const pgSelect = report('postgres select', select(postgres));
    metric('postgres/sqlite select p50 ratio', pgSelect / sqliteSelect, 'x', 1);
    const sqliteOrder = report('sqlite order', orders(sqlite));
    const pgOrder = report('postgres order', orders(postgres));
    metric('postgres/sqlite order p50 ratio', pgOrder / sqliteOrder, 'x', 2);
  } finally {
    postgres.exec(`DROP SCHEMA "${schema}" CASCADE`);
    postgres.close();
    sqlite.close();
    fs.rmSync(dir, { recursive: true, force: true });
    await stopTestServices(ROOT);
  }
}
