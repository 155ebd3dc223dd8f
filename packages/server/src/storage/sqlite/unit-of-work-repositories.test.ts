import { openDatabase } from './database';
import { SqliteSettingsRepository } from './settings-repository';
import { sqliteUnitOfWork } from './unit-of-work';

describe('sqliteUnitOfWork with repositories', () => {
  it('keeps every write of a unit that returns, and hands back its result', () => {
    const db = openDatabase(':memory:');
    const settings = new SqliteSettingsRepository(db);
    const result = sqliteUnitOfWork(db).run(() => {
      settings.set('a', 1);
      settings.set('b', 2);
      return 'done';
    });
    expect(result).toBe('done');
    expect([settings.get('a'), settings.get('b')]).toEqual([1, 2]);
  });

  it('drops every write of a unit that throws', () => {
    const db = openDatabase(':memory:');
    const settings = new SqliteSettingsRepository(db);
    expect(() =>
      sqliteUnitOfWork(db).run(() => {
        settings.set('a', 1);
        throw new Error('refused');
      }),
    ).toThrow('refused');
    expect(settings.get('a')).toBeUndefined();
  });

  it('lets a nested unit fail alone while the outer one commits', () => {
    const db = openDatabase(':memory:');
    const settings = new SqliteSettingsRepository(db);
    const unit = sqliteUnitOfWork(db);
    unit.run(() => {
      settings.set('outer', true);
      try {
        unit.run(() => {
          settings.set('inner', true);
          throw new Error('inner refused');
        });
      } catch {
        // the outer unit carries on without the inner writes
      }
    });
    expect(settings.get('outer')).toBe(true);
    expect(settings.get('inner')).toBeUndefined();
  });
});
