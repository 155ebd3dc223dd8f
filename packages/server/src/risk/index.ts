// Risk Management: VaR, beta, stress, diversification and per-position suggestions (spec part 1 §2).
import { createPerformanceAnalytics } from '../analytics/performance-analytics-service';
import type { AccountService } from '../broker/account-service';
import type { Db } from '../db/database';
import type { MarketDataService } from '../market/market-data-service';
import type { TradingModeService } from '../platform/trading-mode-service';
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

/** The engine over a running server's pieces: the traded account's positions, the market's closes. */
export function createRiskEngine(deps: {
  db: Db;
  market: MarketDataService;
  trading: Pick<AccountService, 'account' | 'positions' | 'summary'>;
  tradingMode: Pick<TradingModeService, 'current'>;
  riskFreeRatePercent: number;
  now: () => number;
  /** The trader's single-stock limit from the safety engine's risk limits, percent of equity. */
  singleStockLimitPercent?: () => number | null;
}): RiskEngine {
  const performance = createPerformanceAnalytics(
    {
      db: deps.db,
      market: deps.market,
      tradingMode: deps.tradingMode,
      config: { riskFreeRatePercent: deps.riskFreeRatePercent },
    },
    deps.now,
  );
  return new RiskEngine({
    market: deps.market,
    account: () => deps.trading.account(),
    positions: (account) => deps.trading.positions(account),
    equityPaise: (account) => deps.trading.summary(account).equityPaise,
    performance,
    mode: () => deps.tradingMode.current(),
    now: deps.now,
    singleStockLimitPercent: deps.singleStockLimitPercent,
  });
}
