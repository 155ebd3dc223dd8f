import { databases } from '../../test-support/databases';
import { SqlSettingsRepository } from './settings-repository';

// Every repository runs on both stores: the same SQL, the same answers.
let open = databases[0]!.open;

describe.each(databases)('SqlSettingsRepository on $name', (database) => {
  beforeAll(() => {
    open = database.open;
  });

  it('reads back what was stored, as the JSON value it was', () => {
    const settings = new SqlSettingsRepository(open());
    settings.set('trading_mode', 'paper');
    settings.set('limits', { singleStockPercent: 20, tags: ['a'] });
    expect(settings.get<string>('trading_mode')).toBe('paper');
    expect(settings.get('limits')).toEqual({ singleStockPercent: 20, tags: ['a'] });
  });

  it('answers undefined for a key never stored, and a later write replaces the earlier one', () => {
    const settings = new SqlSettingsRepository(open());
    expect(settings.get('missing')).toBeUndefined();
    settings.set('trading_mode', 'paper');
    settings.set('trading_mode', 'live');
    expect(settings.get('trading_mode')).toBe('live');
  });
});
