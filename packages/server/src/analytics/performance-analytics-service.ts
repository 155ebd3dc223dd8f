import type {
  AnalyticsSource,
  PerformanceAnalytics,
  PerformanceQuery,
  PerformanceReturns,
  TradingMode,
} from '@td/contracts';
import type { AccountId } from '../broker/broker-types';
import type { Db } from '../db/database';
import type { MarketDataService } from '../market/market-data-service';
import { AnalyticsReader } from './analytics-reader';
import { buildLedgerHistory, type LedgerHistory } from './ledger-history';
import { performanceAnalytics, performanceReturns, type ReportOptions } from './performance-report';

export interface PerformanceAnalyticsDeps {
  db: Db;
  market: MarketDataService;
  /** The trading mode names the account: mock and paper → paper, live → live. */
  mode(): TradingMode;
  riskFreeRatePercent: number;
  now?: () => number;
}

/**
 * spec part 2 §3: performance figures of the account the trading mode names. The ledger's history is
 * rebuilt only when the ledger changes (or the IST date turns); a request then sums its buckets.
 */
export class PerformanceAnalyticsService {
  private readonly reader: AnalyticsReader;
  private cached: { version: string; history: LedgerHistory; replayed: boolean } | null = null;

  constructor(private readonly deps: PerformanceAnalyticsDeps) {
    this.reader = new AnalyticsReader(deps.db, deps.market, deps.now ?? Date.now);
  }

  analytics(query: PerformanceQuery): PerformanceAnalytics {
    const { history, options } = this.prepare();
    return performanceAnalytics(history, query, options);
  }

  returns(query: PerformanceQuery): PerformanceReturns {
    const { history, options } = this.prepare();
    return performanceReturns(history, query, options);
  }

  private prepare(): { history: LedgerHistory; options: ReportOptions } {
    const mode = this.deps.mode();
    const account: AccountId = mode === 'live' ? 'live' : 'paper';
    const version = this.reader.version(account);
    if (this.cached?.version !== version) {
      this.cached = {
        version,
        history: buildLedgerHistory(this.reader.historyInput(account)),
        replayed: this.reader.hasReplayedOrders(account),
      };
    }
    const simulated = mode === 'mock' || this.reader.simulatedFeed() || this.cached.replayed;
    return {
      history: this.cached.history,
      options: {
        riskFreeRatePercent: this.deps.riskFreeRatePercent,
        livePrice: this.reader.livePrice,
        today: this.reader.today(),
        source: sourceOf(account, mode, simulated),
      },
    };
  }
}

function sourceOf(account: AccountId, mode: TradingMode, simulated: boolean): AnalyticsSource {
  const accountName = account === 'live' ? 'Live (Upstox) account' : 'Paper account';
  return {
    account,
    trading_mode: mode,
    simulated,
    description: `${accountName}, ${simulated ? 'simulated' : 'real'} prices`,
  };
}

/** The engine over a running server's services. */
export function createPerformanceAnalytics(
  services: {
    db: Db;
    market: MarketDataService;
    tradingMode: { current(): TradingMode };
    config: { riskFreeRatePercent: number };
  },
  now?: () => number,
): PerformanceAnalyticsService {
  return new PerformanceAnalyticsService({
    db: services.db,
    market: services.market,
    mode: () => services.tradingMode.current(),
    riskFreeRatePercent: services.config.riskFreeRatePercent,
    now,
  });
}
