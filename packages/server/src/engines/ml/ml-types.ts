// What the ML service needs from the rest of the server, and the insight part's seam (issue 15).
// The seams the parts import from each other live in ml-seams.ts; only the top of ml imports this file.
import type { Trade, TradingMode } from '@td/contracts';
import type { Logger } from 'pino';
import type { CustomRssFeed } from '../data-sources/feeds/rss-feeds';
import type { MarketDataService } from '../market/market-data-service';
import type { ClosedTrades } from './insight/insight-engine';
import type { TradePageSteps } from './insight/part-readings';
import type { PredictionStore } from './models/prediction-store';
import type { WalkForwardRunner } from './models/walk-forward';

/** M3: packages/server/src/engines/ml/insight/index.ts `createInsight(deps)`; the /api/ml/* status calls read it. */
export type { Insight as InsightApi } from './insight';

/** What createMlService needs from the rest of the server. */
export interface MlServiceDependencies {
  /** Where the model engine keeps its predictions, models and learning counters. */
  predictions: PredictionStore;
  market: MarketDataService;
  logger: Logger;
  now: () => number;
  /** The trading mode: mock runs the simulated newswire, paper and live the real feeds. */
  mode?: () => TradingMode;
  /** Every order of the traded account (TradeExport.tradesForExport), for insight's decision quality. */
  trades?: () => readonly Trade[];
  /** The same orders as steps handing each page to `visit` (TradeExport.allTradeSteps): insight counts them in slices when given. */
  tradeSteps?: TradePageSteps;
  /** The closed trades of the account in use (PortfolioReport.closedTradeStats): the ML win rate quotes them. */
  closedTrades?: () => ClosedTrades;
  /** Settings → Data Sources: whether the trader left a built-in news feed on (default: all on). */
  newsFeedEnabled?: (feedId: string) => boolean;
  /** Settings → Data Sources: the trader's enabled custom News RSS sources, each with its SSRF-safe fetch. */
  customNewsFeeds?: () => readonly CustomRssFeed[];
  /** Train and measure the ensemble walk-forward on the market's past sessions at start (default true). */
  walkForward?: boolean;
  /** Runs that walk-forward off the event loop (the server's worker thread); absent: in process, sliced. */
  walkForwardRunner?: WalkForwardRunner;
}
