import path from 'node:path';
import type { GroupCommitStorage } from '../core/ports/group-commit';
import type { UnitOfWork } from '../core/ports/unit-of-work';
import { postgresMigrations } from './postgres/migrations';
import { openPostgres } from './postgres/open-postgres';
import { sqlWritersUnitOfWork } from './sql/immediate-unit-of-work';
import { isHealthy } from './sql/migrate';
import type { SqlDatabase } from './sql/sql-database';
import { sqlUnitOfWork } from './sql/unit-of-work';
import { openDatabase } from './sqlite/database';
import { sqliteGroupCommit } from './sqlite/group-commit';

/** The database every repository of the process works on, and what the runtime needs of it. */
export interface Storage {
  /** 'embedded': one SQLite file on this machine; 'shared': PostgreSQL, which several instances may use. */
  kind: 'embedded' | 'shared';
  db: SqlDatabase;
  /** Units that join or nest (sign-in, settings, data sources). */
  unitOfWork: UnitOfWork;
  /** Units that take the writers' lock first: the ledger and the paper broker. */
  writersUnitOfWork: UnitOfWork;
  groupCommit: GroupCommitStorage;
  healthy(): boolean;
  close(): void;
  /** The embedded database's file, which another thread may open to read; null: PostgreSQL or ':memory:'. */
  readerFile: string | null;
  /** The shared database another thread may connect to, to read; null: the embedded file. */
  readerPostgres: { url: string; schema?: string } | null;
}

export interface StorageLocation {
  /** postgres://… selects PostgreSQL; without it the embedded file is used. */
  databaseUrl?: string;
  databaseFile: string;
  /** PostgreSQL only: a schema of the run's own (tests). */
  schema?: string;
}

export function openStorage(location: StorageLocation): Storage {
  if (location.databaseUrl) {
    const db = openPostgres(location.databaseUrl, postgresMigrations, { schema: location.schema });
    const writersUnitOfWork = sqlWritersUnitOfWork(db);
    return {
      kind: 'shared',
      db,
      unitOfWork: sqlUnitOfWork(db),
      writersUnitOfWork,
      // Each COMMIT is durable when PostgreSQL acknowledges it; a batch is still one commit.
      groupCommit: {
        unitOfWork: writersUnitOfWork,
        relaxDurability: () => {},
        restoreDurability: () => {},
        logSync: () => undefined,
      },
      healthy: () => isHealthy(db),
      close: () => db.close(),
      readerFile: null,
      readerPostgres: { url: location.databaseUrl, schema: location.schema },
    };
  }
  const db = openDatabase(location.databaseFile);
  return {
    kind: 'embedded',
    db,
    unitOfWork: sqlUnitOfWork(db),
    writersUnitOfWork: sqlWritersUnitOfWork(db),
    groupCommit: sqliteGroupCommit(db),
    healthy: () => isHealthy(db),
    close: () => {
      if (db.open) db.close();
    },
    readerFile: db.memory ? null : path.resolve(location.databaseFile),
    readerPostgres: null,
  };
}
