import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { UnitOfWork } from '../../core/ports/unit-of-work';
import { sqlWritersUnitOfWork } from '../sql/immediate-unit-of-work';
import { sqlUnitOfWork } from '../sql/unit-of-work';
import { type Db, openDatabase } from './database';

const settings = (db: Db) => db.prepare('SELECT key FROM settings ORDER BY key').pluck().all();
const put = (db: Db, key: string) =>
  db.prepare("INSERT INTO settings (key, value, updated_at) VALUES (?, '1', 0)").run(key);

describe.each([
  ['sqlUnitOfWork', sqlUnitOfWork],
  ['sqlWritersUnitOfWork', sqlWritersUnitOfWork],
] as const)('%s', (_name, unitOver: (db: Db) => UnitOfWork) => {
  it('commits every write of the unit, and none when the work throws', () => {
    const db = openDatabase(':memory:');
    const unit = unitOver(db);
    expect(
      unit.run(() => {
        put(db, 'a');
        return 'done';
      }),
    ).toBe('done');
    expect(() =>
      unit.run(() => {
        put(db, 'b');
        throw new Error('refused');
      }),
    ).toThrow('refused');
    expect(settings(db)).toEqual(['a']);
  });

  it('joins a nested unit to the outer one: the inner failure undoes only its own writes', () => {
    const db = openDatabase(':memory:');
    const unit = unitOver(db);
    unit.run(() => {
      put(db, 'outer');
      expect(() =>
        unit.run(() => {
          put(db, 'inner');
          throw new Error('refused');
        }),
      ).toThrow('refused');
    });
    expect(settings(db)).toEqual(['outer']);
  });
});

describe('sqlWritersUnitOfWork', () => {
  it('holds the write lock from the start of the unit, before its first write', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uow-'));
    const db = openDatabase(path.join(dir, 'test.db'));
    const other = new Database(path.join(dir, 'test.db'));
    other.pragma('busy_timeout = 0');
    try {
      let writes = 0;
      const tryOtherWrite = () => {
        try {
          writes += 1;
          put(other, `other-${writes}`);
          return 'written';
        } catch (error) {
          return (error as { code?: string }).code;
        }
      };
      expect(sqlWritersUnitOfWork(db).run(tryOtherWrite)).toBe('SQLITE_BUSY');
      expect(sqlUnitOfWork(db).run(tryOtherWrite)).toBe('written');
    } finally {
      other.close();
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
