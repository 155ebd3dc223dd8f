import { randomBytes } from 'node:crypto';
import { testDatabaseUrl } from '../../test-support/postgres';
import { openPostgres } from './open-postgres';
import { PgDatabase } from './pg-database';
import { SyncPg } from './sync-pg';

const schema = `t_${randomBytes(6).toString('hex')}`;
const sessionSql = `SET search_path TO "${schema}"; SET statement_timeout = '90s'`;
// Far above any statement's time on a loaded machine (a new connection's first one included), far
// below the sleep that stands for a statement the server does not answer.
const timeoutMs = 3000;
const UNANSWERED = 'SELECT pg_sleep(60)';
let setup: PgDatabase;

beforeAll(() => {
  setup = openPostgres(testDatabaseUrl(), [], { schema });
  setup.exec('CREATE TABLE cash (account TEXT PRIMARY KEY, paise BIGINT NOT NULL)');
});
beforeEach(() => setup.exec("DELETE FROM cash; INSERT INTO cash VALUES ('paper', 100000)"));
afterAll(() => {
  setup.exec(`DROP SCHEMA "${schema}" CASCADE`);
  setup.close();
});

describe('a statement PostgreSQL does not answer in time', () => {
  it('fails alone: the next statement gets its own answer, on a new connection with the same settings', () => {
    const connection = new SyncPg(testDatabaseUrl(), { timeoutMs, sessionSql });
    try {
      expect(connection.query('SELECT 1 AS n').rows).toEqual([{ n: 1 }]);
      expect(() => connection.query(`${UNANSWERED}, 'late' AS answer`)).toThrow(
        /PostgreSQL did not answer within 3000 ms/,
      );
      expect(connection.generation).toBe(2);
      // The late answer must not be taken for this statement's.
      expect(connection.query('SELECT paise FROM cash').rows).toEqual([{ paise: 100_000 }]);
      expect(connection.query('SHOW statement_timeout').rows).toEqual([{ statement_timeout: '90s' }]);
    } finally {
      connection.close();
    }
  });

  it('fails the whole unit of work it was part of, and none of the unit is written', () => {
    const db = new PgDatabase(testDatabaseUrl(), { timeoutMs, sessionSql });
    try {
      expect(() =>
        db.transaction(() => {
          db.prepare('UPDATE cash SET paise = paise - 500 WHERE account = ?').run('paper');
          try {
            db.prepare(UNANSWERED).get();
          } catch {
            // A caller that swallows the failure must not go on writing outside the transaction.
          }
          db.prepare('UPDATE cash SET paise = paise - 700 WHERE account = ?').run('paper');
        })(),
      ).toThrow(/lost inside a unit of work/);
      expect(db.prepare('SELECT paise FROM cash WHERE account = ?').get('paper')).toEqual({ paise: 100_000 });
      // The next unit runs whole on the new connection.
      db.transaction(() =>
        db.prepare('UPDATE cash SET paise = paise - 500 WHERE account = ?').run('paper'),
      )();
      expect(db.prepare('SELECT paise FROM cash WHERE account = ?').get('paper')).toEqual({ paise: 99_500 });
    } finally {
      db.close();
    }
  });
});
