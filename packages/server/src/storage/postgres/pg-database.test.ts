import { randomBytes } from 'node:crypto';
import { testDatabaseUrl } from '../../test-support/postgres';
import { sqlWritersUnitOfWork } from '../sql/immediate-unit-of-work';
import { openPostgres } from './open-postgres';
import type { PgDatabase } from './pg-database';

const schema = `t_${randomBytes(6).toString('hex')}`;
const open = () => openPostgres(testDatabaseUrl(), [], { schema });
let db: PgDatabase;

beforeAll(() => {
  db = open();
  db.exec('CREATE TABLE cash (account TEXT PRIMARY KEY, paise BIGINT NOT NULL)');
});
beforeEach(() => db.exec("DELETE FROM cash; INSERT INTO cash VALUES ('paper', 100000)"));
afterAll(() => {
  db.exec(`DROP SCHEMA "${schema}" CASCADE`);
  db.close();
});

const paise = (target = db) =>
  (target.prepare('SELECT paise FROM cash WHERE account = ?').get('paper') as { paise: number }).paise;

describe('PostgreSQL through the synchronous connection', () => {
  it('reads BIGINT money back as a number and reports how many rows a write touched', () => {
    expect(paise()).toBe(100_000);
    expect(
      db
        .prepare('UPDATE cash SET paise = paise - @amount WHERE account = @account')
        .run({ amount: 250, account: 'paper' }).changes,
    ).toBe(1);
    expect(db.prepare('SELECT SUM(paise) AS total, COUNT(*) AS n FROM cash').get()).toEqual({
      total: 99_750,
      n: 1,
    });
  });

  it('commits a unit of work, and rolls all of it back when it throws', () => {
    db.transaction(() => db.prepare('UPDATE cash SET paise = 1 WHERE account = ?').run('paper'))();
    expect(paise()).toBe(1);
    expect(() =>
      db.transaction(() => {
        db.prepare('UPDATE cash SET paise = 2 WHERE account = ?').run('paper');
        throw new Error('insufficient funds');
      })(),
    ).toThrow('insufficient funds');
    expect(paise()).toBe(1);
  });

  it('runs a unit inside another as a savepoint: the inner failure leaves the outer work', () => {
    db.transaction(() => {
      db.prepare('UPDATE cash SET paise = 5 WHERE account = ?').run('paper');
      expect(() =>
        db.transaction(() => {
          db.prepare('UPDATE cash SET paise = 6 WHERE account = ?').run('paper');
          throw new Error('rejected');
        })(),
      ).toThrow('rejected');
    })();
    expect(paise()).toBe(5);
  });

  it('turns a server error into an exception with its SQLSTATE, and the connection stays usable', () => {
    expect(() => db.prepare('INSERT INTO cash VALUES (?, ?)').run('paper', 1)).toThrow(
      expect.objectContaining({ code: '23505' }),
    );
    expect(paise()).toBe(100_000);
  });

  it("lets one writer at a time hold the writers' lock, across connections", () => {
    const other = open();
    try {
      other.exec("SET lock_timeout = '200ms'");
      const writers = sqlWritersUnitOfWork(db);
      const otherWriters = sqlWritersUnitOfWork(other);
      writers.run(() => {
        // While this writer holds the lock, a writer on another connection cannot start.
        expect(() => otherWriters.run(() => paise(other))).toThrow(
          expect.objectContaining({ code: '55P03' }),
        );
      });
      expect(otherWriters.run(() => paise(other))).toBe(100_000);
    } finally {
      other.close();
    }
  });
});
