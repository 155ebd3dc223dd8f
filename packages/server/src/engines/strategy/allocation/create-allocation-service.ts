import type { SettingsRepository } from '../../../core/ports/repositories/settings';
import type { PerformanceAnalyticsService } from '../../analytics/performance-analytics-service';
import type { VolatilityLevel } from '../../analytics/realised-volatility';
import type { AccountService } from '../../broker/account-service';
import type { OrderService } from '../../broker/order-service';
import type { Signal } from '../../signals';
import { AllocationService } from './allocation-service';

/** The allocation service over a running server's engines: the traded account, the market's volatility, the ledger's drawdown. */
export function createAllocationService(pieces: {
  settings: SettingsRepository;
  trading: Pick<AccountService, 'account' | 'summary'> & Pick<OrderService, 'limits'>;
  /** The runtime's one analytics instance: the drawdown is read from its equity curve. */
  analytics: Pick<PerformanceAnalyticsService, 'returns'>;
  rank: (now: number) => Signal[];
  /** NIFTY 50's realised volatility (research measures it; the allocation only reads it). */
  marketVolatility: () => Promise<{ level: VolatilityLevel; percent: number | null }>;
  now: () => number;
}): AllocationService {
  const { analytics } = pieces;
  return new AllocationService({
    settings: pieces.settings,
    account: () => {
      const summary = pieces.trading.summary();
      return {
        account: pieces.trading.account(),
        equityPaise: summary.equityPaise,
        cashPaise: summary.cashPaise,
      };
    },
    rank: pieces.rank,
    chargeRates: () => pieces.trading.limits(),
    volatility: pieces.marketVolatility,
    // How far the account is below its peak now: the last point of the month's equity curve.
    drawdownPercent: () => analytics.returns({ period: 'month' }).equity.at(-1)?.drawdown_percent ?? null,
    now: pieces.now,
  });
}
