import { BACKGROUND_SLICE_BUDGET_MS, runSliced } from '../../../core/time-slices';
import { sqlLedgerStorage } from '../../../storage/sql/ledger-storage';
import type { SqlDatabase } from '../../../storage/sql/sql-database';
import { databases } from '../../../test-support/databases';
import { Ledger } from '../../broker/ledger';
import { seededSession } from '../test-support/seeded-sessions';
import { replayVenue } from './history-replay';
import { replayHistory, replaySteps } from './replay';

const SYMBOLS = ['AXISBANK', 'HDFCBANK', 'INFY', 'ITC', 'LT', 'RELIANCE', 'SBIN', 'TCS'];
const sessions = [seededSession('2026-01-27', 3, SYMBOLS), seededSession('2026-01-28', 11, SYMBOLS)];
const OPENED_AT = Date.parse('2026-01-26T09:15:00+05:30');

/** Every booked row but the generated ids (random per order and fill). */
function ledgerRows(db: SqlDatabase) {
  const tables = [
    ['orders', 'rowid'],
    ['fills', 'rowid'],
    ['ledger_entries', 'id'],
  ];
  return tables.map(([table, order]) =>
    (db.prepare(`SELECT * FROM ${table} WHERE account = 'paper' ORDER BY ${order}`).all() as object[]).map(
      (row) =>
        Object.fromEntries(
          Object.entries(row).filter(([key]) => !['id', 'order_id', 'fill_id'].includes(key)),
        ),
    ),
  );
}

function openPaper(db: SqlDatabase) {
  const storage = sqlLedgerStorage(db);
  new Ledger(storage, () => OPENED_AT).openAccount('paper', 10_00_000 * 100);
  return storage;
}

describe.each(databases)('the start-up replay booked in steps on $name', ({ open }) => {
  it('books the same orders, fills and ledger entries as the replay run a minute at a time', async () => {
    const steppedDb = open();
    const steppedStorage = openPaper(steppedDb);
    for (const session of sessions) {
      await runSliced(
        replaySteps({
          sessions: [session],
          loop: { gateOnSignalEdge: false },
          venueFactory: (feed) => replayVenue(steppedStorage, feed, session.barsBySymbol),
        }),
        { budgetMs: BACKGROUND_SLICE_BUDGET_MS },
      );
    }

    const wholeDb = open();
    const wholeStorage = openPaper(wholeDb);
    for (const session of sessions) {
      replayHistory({
        sessions: [session],
        loop: { gateOnSignalEdge: false },
        wholeMinutes: true,
        venueFactory: (feed) => replayVenue(wholeStorage, feed, session.barsBySymbol),
      });
    }

    const stepped = ledgerRows(steppedDb);
    expect(stepped[0]!.length).toBeGreaterThan(5);
    expect(stepped[1]!.length).toBeGreaterThan(5);
    expect(stepped).toEqual(ledgerRows(wholeDb));
  });
});
