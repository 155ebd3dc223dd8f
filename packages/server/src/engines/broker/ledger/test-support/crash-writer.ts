/**
 * The child of ledger.crash.test.ts: trades in a tight loop against a file database and writes each
 * order id to stdout only after the transaction that placed and filled it has committed, which is
 * what an acknowledgement means. The parent kills it with SIGKILL mid-burst.
 * Usage: node --import tsx crash-writer.ts <database file>
 */
import fs from 'node:fs';
import type { OrderSide } from '../../../../core/orders';
import { sqlLedgerStorage } from '../../../../storage/sql/ledger-storage';
import { openDatabase } from '../../../../storage/sqlite/database';
import { Ledger } from '../ledger';
import { chargesOf } from './ledger-fixture';

const file = process.argv[2];
if (!file) throw new Error('Usage: crash-writer.ts <database file>');
const db = openDatabase(file);
const ledger = new Ledger(sqlLedgerStorage(db), Date.now);
ledger.openAccount('paper', 1_000_000_000_000);
const symbols = ['INFY', 'TCS', 'SBIN', 'ITC', 'RELIANCE'];
const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * Writes the whole line before the next order. stdout is a non-blocking pipe: when the parent reads
 * slowly (a loaded machine) the pipe fills and a write answers EAGAIN, which means "try again",
 * not "lost". Waiting a millisecond and writing the rest keeps every acknowledgement whole.
 */
function acknowledge(line: string): void {
  const bytes = Buffer.from(line);
  let written = 0;
  while (written < bytes.length) {
    try {
      written += fs.writeSync(1, bytes, written);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
      Atomics.wait(pause, 0, 0, 1);
    }
  }
}

for (let i = 0; ; i += 1) {
  const symbol = symbols[i % symbols.length]!;
  const side: OrderSide =
    i % 3 === 2 && (ledger.position('paper', symbol)?.quantity ?? 0) > 0 ? 'SELL' : 'BUY';
  const quantity = side === 'SELL' ? 1 : 1 + (i % 4);
  const id = db
    .transaction(() => {
      const order = ledger.placeOrder({
        account: 'paper',
        symbol,
        side,
        type: 'MARKET',
        quantity,
        strategy: 'crash-test',
      });
      const pricePaise = 100_000 + ((i * 37) % 5_000);
      ledger.recordFill({
        orderId: order.id,
        quantity,
        pricePaise,
        charges: chargesOf(20 + (i % 7)),
        ts: Date.now(),
      });
      return order.id;
    })
    .immediate();
  // Committed: only now may the world hear of it, written through so no acknowledgement waits in a buffer.
  acknowledge(`${id}\n`);
}
