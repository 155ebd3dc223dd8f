import { databases } from '../../test-support/databases';
import { SqlSettingsRepository } from './settings-repository';
import { sqlUnitOfWork } from './unit-of-work';

// Every repository runs on both stores: the same SQL, the same answers.
let open = databases[0]!.open;

describe.each(databases)('sqlUnitOfWork with repositories on $name', (database) => {
  beforeAll(() => {
    open = database.open;
  });

  it('keeps every write of a unit that returns, and hands back its result', () => {
    const db = open();
    const settings = new SqlSettingsRepository(db);
    const result = sqlUnitOfWork(db).run(() => {
      settings.set('a', 1);
      settings.set('b', 2);
      return 'done';
    });
    expect(result).toBe('done');
    expect([settings.get('a'), settings.get('b')]).toEqual([1, 2]);
  });

  it('drops every write of a unit that throws', () => {
    const db = open();
    const settings = new SqlSettingsRepository(db);
    expect(() =>
      sqlUnitOfWork(db).run(() => {
        settings.set('a', 1);
        throw new Error('refused');
      }),
    ).toThrow('refused');
    expect(settings.get('a')).toBeUndefined();
  });

  it('lets a nested unit fail alone while the outer one commits', () => {
    const db = open();
    const settings = new SqlSettingsRepository(db);
    const unit = sqlUnitOfWork(db);
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
