import { ALGO_ID_RULE } from '@td/contracts';
import type { SettingsRepository } from '../../../core/ports/repositories/settings';
import { GENERIC_ALGO_ID } from './order-tag';

const KEY = 'orders.algo_id';

/**
 * The algo identifier every live order carries (SEBI's retail algo framework): the exchange-assigned
 * ID once the strategy is registered, the broker's generic one until then. Read at each order.
 */
export class AlgoIdSetting {
  constructor(private readonly settings: SettingsRepository) {}

  current(): string {
    const stored = this.settings.get<string>(KEY);
    return typeof stored === 'string' && ALGO_ID_RULE.test(stored) ? stored : GENERIC_ALGO_ID;
  }

  state(): { algo_id: string; generic: boolean } {
    const algoId = this.current();
    return { algo_id: algoId, generic: algoId === GENERIC_ALGO_ID };
  }

  /** `algoId` already validated by the contract's schema. */
  save(algoId: string): { algo_id: string; generic: boolean } {
    this.settings.set(KEY, algoId);
    return this.state();
  }
}
