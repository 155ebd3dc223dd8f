// Risk Management: VaR, beta, stress, diversification and per-position suggestions (spec part 1 §2).

import type { ModeReader } from '../../core/mode';
import type { PerformanceAnalyticsService } from '../analytics/performance-analytics-service';
import type { AccountService } from '../broker/account-service';
import type { MarketDataService } from '../market/market-data-service';
import { RiskEngine } from './risk-engine';

export * from './beta';
export * from './diversification';
export * from './measured-risk-score';
export * from './portfolio-figures';
export * from './position-figures';
export * from './position-rules';
export * from './return-series';
export { NO_PRICES_MESSAGE, RiskEngine, type RiskEngineDeps, RiskUnavailableError } from './risk-engine';
export * from './risk-report';
export * from './value-at-risk';

/** The one risk limit the engine reads: the trader's single-stock cap (safety keeps the limits). */
export interface RiskLimitsReader {
  riskLimitSettings(): { position_limits: { max_single_stock: number } };
}

/** The engine over a running server's pieces: the traded account's positions, the market's closes. */
export function createRiskEngine(deps: {
  market: MarketDataService;
  trading: Pick<AccountService, 'account' | 'positions' | 'summary'>;
  mode: Pick<ModeReader, 'current'>;
  /** The runtime's one analytics instance (its cache is shared with the performance routes and allocation). */
  analytics: PerformanceAnalyticsService;
  now: () => number;
  /** The trader's risk limits, for the single-stock limit (percent of equity). */
  riskLimits?: RiskLimitsReader;
}): RiskEngine {
  const limits = deps.riskLimits;
  return new RiskEngine({
    market: deps.market,
    account: () => deps.trading.account(),
    positions: (account) => deps.trading.positions(account),
    equityPaise: (account) => deps.trading.summary(account).equityPaise,
    performance: deps.analytics,
    mode: () => deps.mode.current(),
    now: deps.now,
    singleStockLimitPercent: limits && (() => limits.riskLimitSettings().position_limits.max_single_stock),
  });
}
