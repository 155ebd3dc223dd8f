import { sqlLedgerStorage } from '../../../storage/sql/ledger-storage';
import { openDatabase } from '../../../storage/sqlite/database';
import type { BacktestLedgerStore } from '../run-backtest';

/** A fresh in-memory SQLite ledger per run, as the runtime gives the backtest. */
export function memoryLedger(): BacktestLedgerStore {
  const db = openDatabase(':memory:');
  return { storage: sqlLedgerStorage(db), close: () => db.close() };
}
