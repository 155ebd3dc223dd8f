/**
 * The part of a SQL connection the repositories use, shaped like better-sqlite3's so the embedded
 * database is passed as it is and PostgreSQL through its synchronous bridge. The repositories write
 * the SQL both databases share: `?` or `@name` parameters, `INSERT … ON CONFLICT`, `RETURNING`, no
 * SQLite-only functions (decision 0031).
 */
export type SqlParams = unknown[];

export interface SqlRunResult {
  changes: number;
  lastInsertRowid: number | bigint;
}

export interface SqlStatement {
  get(...params: SqlParams): unknown;
  all(...params: SqlParams): unknown[];
  run(...params: SqlParams): SqlRunResult;
}

// biome-ignore lint/suspicious/noExplicitAny: the shape better-sqlite3 declares, so its Database fits as it is.
export type AnyFunction = (...args: any[]) => unknown;
export type ArgumentsOf<F extends AnyFunction> = F extends (...args: infer A) => unknown ? A : never;

/** A function run as one transaction; `immediate` takes the writers' lock first (the ledger's units). */
export interface SqlTransaction<F extends AnyFunction> {
  (...args: ArgumentsOf<F>): ReturnType<F>;
  immediate(...args: ArgumentsOf<F>): ReturnType<F>;
}

export interface SqlDatabase {
  /** 'postgres' on PostgreSQL; better-sqlite3's connection has none, which means SQLite. */
  readonly dialect?: 'postgres';
  prepare(sql: string): SqlStatement;
  exec(sql: string): unknown;
  /** Runs inside a transaction; called inside another it is a savepoint, so units nest. */
  transaction<F extends AnyFunction>(fn: F): SqlTransaction<F>;
}
