import fs from 'node:fs';
import type { GroupCommitStorage, LogSync } from '../../core/ports/group-commit';
import { sqlWritersUnitOfWork } from '../sql/immediate-unit-of-work';
import type { Db } from './database';

/** The WAL's fdatasync for a database file; none for an in-memory database, which has no disk to wait for. */
export function walSync(db: Db): LogSync | undefined {
  if (db.memory) return undefined;
  let fd: number | undefined;
  return {
    flush(done) {
      try {
        // Opened on the first flush, after a commit: the log exists by then, and stays the same
        // file while the connection is open (SQLite deletes it only when the last connection closes).
        fd ??= fs.openSync(`${db.name}-wal`, 'r');
      } catch (error) {
        done(error as Error);
        return;
      }
      fs.fdatasync(fd, done);
    },
    close() {
      if (fd !== undefined) fs.closeSync(fd);
      fd = undefined;
    },
  };
}

/**
 * Group commit on SQLite: the batch is an IMMEDIATE transaction, commits at synchronous=NORMAL
 * (written to the log, not yet flushed) and the log is then flushed off the event loop. SQLite
 * applies PRAGMA synchronous when the statement is compiled, not when it runs, so each switch is
 * compiled afresh (db.pragma) rather than prepared once and re-run (decisions 0003, 0009).
 */
export function sqliteGroupCommit(db: Db): GroupCommitStorage {
  return {
    unitOfWork: sqlWritersUnitOfWork(db),
    relaxDurability: () => db.pragma('synchronous = NORMAL'),
    restoreDurability: () => db.pragma('synchronous = FULL'),
    logSync: () => walSync(db),
  };
}
