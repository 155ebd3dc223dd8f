import type { SqlDatabase, SqlStatement } from '../sql/sql-database';

/** Prepares each distinct SQL text once per connection: the order path runs the same few statements. */
export function statementCache(db: SqlDatabase): (text: string) => SqlStatement {
  const statements = new Map<string, SqlStatement>();
  return (text) => {
    let statement = statements.get(text);
    if (!statement) {
      statement = db.prepare(text);
      statements.set(text, statement);
    }
    return statement;
  };
}
