import { openDatabase } from './database';
import { SqliteSettingsRepository } from './settings-repository';

describe('SqliteSettingsRepository', () => {
  it('reads back what was stored, as the JSON value it was', () => {
    const settings = new SqliteSettingsRepository(openDatabase(':memory:'));
    settings.set('trading_mode', 'paper');
    settings.set('limits', { singleStockPercent: 20, tags: ['a'] });
    expect(settings.get<string>('trading_mode')).toBe('paper');
    expect(settings.get('limits')).toEqual({ singleStockPercent: 20, tags: ['a'] });
  });

  it('answers undefined for a key never stored, and a later write replaces the earlier one', () => {
    const settings = new SqliteSettingsRepository(openDatabase(':memory:'));
    expect(settings.get('missing')).toBeUndefined();
    settings.set('trading_mode', 'paper');
    settings.set('trading_mode', 'live');
    expect(settings.get('trading_mode')).toBe('live');
  });
});
