import type { Statement } from 'better-sqlite3';
import type { Db } from './database';

/** Prepares each distinct SQL text once per connection: the order path runs the same few statements. */
export function statementCache(db: Db): (text: string) => Statement {
  const statements = new Map<string, Statement>();
  return (text) => {
    let statement = statements.get(text);
    if (!statement) {
      statement = db.prepare(text);
      statements.set(text, statement);
    }
    return statement;
  };
}
