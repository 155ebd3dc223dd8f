import type {
  AnyFunction,
  ArgumentsOf,
  SqlDatabase,
  SqlRunResult,
  SqlStatement,
  SqlTransaction,
} from '../sql/sql-database';
import { bindValues, type NumberedSql, numberPlaceholders } from './placeholders';
import { SyncPg, type SyncPgOptions } from './sync-pg';

/**
 * The key of the advisory lock every ledger writer takes first, on every instance: PostgreSQL's
 * counterpart of SQLite's BEGIN IMMEDIATE, so two instances placing orders on one account read and
 * debit its cash one after the other, never both from the same balance.
 */
export const WRITERS_LOCK = 7_240_001;

/** A PostgreSQL database through the synchronous bridge, with the surface the repositories use. */
export class PgDatabase implements SqlDatabase {
  readonly dialect = 'postgres';
  readonly connection: SyncPg;
  private readonly numbered = new Map<string, NumberedSql>();
  private depth = 0;
  /** The connection the outermost open transaction began on. */
  private transactionGeneration = 0;

  constructor(url: string, options: SyncPgOptions = {}) {
    this.connection = new SyncPg(url, options);
  }

  prepare(sql: string): SqlStatement {
    let numbered = this.numbered.get(sql);
    if (!numbered) {
      numbered = numberPlaceholders(sql);
      this.numbered.set(sql, numbered);
    }
    const { text, order } = numbered;
    const query = (args: unknown[]) => this.query(text, bindValues(order, args));
    return {
      get: (...args) => query(args).rows[0],
      all: (...args) => query(args).rows,
      run: (...args): SqlRunResult => ({ changes: query(args).rowCount, lastInsertRowid: 0 }),
    };
  }

  exec(sql: string): void {
    this.query(sql);
  }

  transaction<F extends AnyFunction>(fn: F): SqlTransaction<F> {
    const run =
      (immediate: boolean) =>
      (...args: ArgumentsOf<F>) =>
        this.inTransaction(() => fn(...args) as ReturnType<F>, immediate);
    return Object.assign(run(false), { immediate: run(true) });
  }

  close(): void {
    this.connection.close();
  }

  /**
   * One statement. Inside a transaction it must run on the connection the transaction began on: if
   * that one was given up (a statement went unanswered), the server rolled the transaction back, and
   * running on would write outside it, so the unit fails instead.
   */
  private query(sql: string, params?: readonly unknown[]) {
    if (this.depth > 0 && this.connection.generation !== this.transactionGeneration) {
      throw new Error(
        'The connection to PostgreSQL was lost inside a unit of work; the server rolled it back',
      );
    }
    return this.connection.query(sql, params);
  }

  private inTransaction<T>(work: () => T, immediate: boolean): T {
    const level = this.depth;
    const savepoint = level > 0 ? `unit_${level}` : null;
    this.query(savepoint ? `SAVEPOINT ${savepoint}` : 'BEGIN');
    if (!savepoint) this.transactionGeneration = this.connection.generation;
    this.depth = level + 1;
    let result: T;
    try {
      // Held until the outermost transaction ends, wherever the immediate unit began.
      if (immediate) this.query('SELECT pg_advisory_xact_lock($1)', [WRITERS_LOCK]);
      result = work();
      if (result instanceof Promise) throw new TypeError('A unit of work must not return a promise');
    } catch (error) {
      this.depth = level;
      this.rollback(savepoint);
      throw error;
    }
    try {
      this.query(savepoint ? `RELEASE SAVEPOINT ${savepoint}` : 'COMMIT');
    } finally {
      this.depth = level;
    }
    return result;
  }

  private rollback(savepoint: string | null): void {
    try {
      this.connection.query(savepoint ? `ROLLBACK TO SAVEPOINT ${savepoint}` : 'ROLLBACK');
      if (savepoint) this.connection.query(`RELEASE SAVEPOINT ${savepoint}`);
    } catch {
      // The connection is gone or the transaction already ended: the server rolled it back.
    }
  }
}
