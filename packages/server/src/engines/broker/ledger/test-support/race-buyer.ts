/**
 * The child of ledger.race.test.ts: one instance of the server's ledger on the shared PostgreSQL
 * database. It says "ready", waits for "go" on stdin, then tries to buy one share `tries` times as
 * fast as it can, printing "ok <order id>" after each committed buy and "refused" when the cash
 * would not cover it.
 * Usage: node --import tsx race-buyer.ts <database url> <schema> <tries>
 */

import { postgresMigrations as migrations } from '../../../../storage/postgres/migrations';
import { openPostgres } from '../../../../storage/postgres/open-postgres';
import { sqlLedgerStorage } from '../../../../storage/sql/ledger-storage';
import { Ledger } from '../ledger';
import { LedgerError } from '../ledger-error';
import { chargesOf, marketOrder } from './ledger-fixture';

const [url, schema, tries] = process.argv.slice(2);
if (!url || !schema || !tries) throw new Error('Usage: race-buyer.ts <database url> <schema> <tries>');
const db = openPostgres(url, migrations, { schema });
const ledger = new Ledger(sqlLedgerStorage(db), Date.now);

process.stdout.write('ready\n');
process.stdin.once('data', () => {
  for (let i = 0; i < Number(tries); i += 1) {
    try {
      const { order } = ledger.placeFilledOrder(marketOrder('BUY', 'INFY', 1), {
        quantity: 1,
        pricePaise: 100_000,
        charges: chargesOf(0),
        ts: Date.now(),
      });
      process.stdout.write(`ok ${order.id}\n`);
    } catch (error) {
      if (!(error instanceof LedgerError)) throw error;
      process.stdout.write('refused\n');
    }
  }
  db.close();
  process.exit(0);
});
