import type { TradingMode } from '@td/contracts';
import { createPerformanceAnalytics } from '../../analytics/performance-analytics-service';
import type { AccountService } from '../../broker/account-service';
import type { OrderService } from '../../broker/order-service';
import type { Db } from '../../db/database';
import type { SettingsRepository } from '../../db/settings-repository';
import type { MarketDataService } from '../../market/market-data-service';
import type { ResearchService } from '../../research';
import type { Signal } from '../signals';
import { AllocationService } from './allocation-service';

/** The allocation service over a running server's engines: the traded account, research's volatility, the ledger's drawdown. */
export function createAllocationService(pieces: {
  db: Db;
  settings: SettingsRepository;
  market: MarketDataService;
  trading: Pick<AccountService, 'account' | 'summary'> & Pick<OrderService, 'limits'>;
  tradingMode: { current(): TradingMode };
  config: { riskFreeRatePercent: number };
  rank: (now: number) => Signal[];
  research: () => ResearchService;
  now: () => number;
}): AllocationService {
  const analytics = createPerformanceAnalytics(pieces, pieces.now);
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
    volatility: async () => {
      const analysis = await pieces.research().analysis();
      return { level: analysis.volatility_level, percent: analysis.volatility_percent };
    },
    // How far the account is below its peak now: the last point of the month's equity curve.
    drawdownPercent: () => analytics.returns({ period: 'month' }).equity.at(-1)?.drawdown_percent ?? null,
    now: pieces.now,
  });
}
