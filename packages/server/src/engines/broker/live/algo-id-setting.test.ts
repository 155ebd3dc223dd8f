import type { SettingsRepository } from '../../../core/ports/repositories/settings';
import { AlgoIdSetting } from './algo-id-setting';

function memorySettings(): SettingsRepository {
  const values = new Map<string, unknown>();
  return {
    get: <T>(key: string) => values.get(key) as T | undefined,
    set: (key, value) => values.set(key, value),
  };
}

describe('AlgoIdSetting', () => {
  it("is the broker's generic id until an exchange-assigned one is saved", () => {
    const setting = new AlgoIdSetting(memorySettings());
    expect(setting.state()).toEqual({ algo_id: 'GENERIC', generic: true });
    expect(setting.save('24719')).toEqual({ algo_id: '24719', generic: false });
    expect(setting.current()).toBe('24719');
  });

  it('falls back to the generic id when the stored value is not a valid algo id', () => {
    const settings = memorySettings();
    settings.set('orders.algo_id', 'not valid!');
    expect(new AlgoIdSetting(settings).current()).toBe('GENERIC');
  });
});
