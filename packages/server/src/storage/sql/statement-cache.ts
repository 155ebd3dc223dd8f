import type { SqlDatabase, SqlStatement } from './sql-database';

/**
 * SQLite's planner hints (`INDEXED BY name`, `NOT INDEXED`) keep the order path and the ledger's
 * incremental reads on the index they were measured with (decision 0009). PostgreSQL has no such
 * syntax and plans those reads well without it, so the hints are dropped there; nothing else in
 * the text changes.
 */
function forDialect(db: SqlDatabase, text: string): string {
  return db.dialect === 'postgres' ? text.replace(/\s+(INDEXED BY \w+|NOT INDEXED)\b/g, '') : text;
}

/** Prepares each distinct SQL text once per connection: the order path runs the same few statements. */
export function statementCache(db: SqlDatabase): (text: string) => SqlStatement {
  const statements = new Map<string, SqlStatement>();
  return (text) => {
    let statement = statements.get(text);
    if (!statement) {
      statement = db.prepare(forDialect(db, text));
      statements.set(text, statement);
    }
    return statement;
  };
}
