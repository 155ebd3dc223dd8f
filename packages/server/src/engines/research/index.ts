// Research & Analysis: NIFTY 50 breadth, trend and volatility, and the trading loop's signals.
import type { AccountService } from '../broker/account-service';
import type { MarketDataService } from '../market/market-data-service';
import type { TradingLoop } from '../strategy';
import { ResearchService } from './research-service';

export * from '../analytics/realised-volatility';
export * from './index-trend';
export * from './market-sentiment';
export * from './recommendations';
export { ResearchService, type ResearchServiceOptions, ResearchUnavailableError } from './research-service';

/**
 * Research reads the paper loop's ranking in every mode: the live loop runs the same source over
 * the same universe, so the signals are the same; the phase follows the traded account's equity.
 */
export function createResearchService(pieces: {
  market: MarketDataService;
  tradingLoop: TradingLoop;
  trading: Pick<AccountService, 'summary'>;
  now: () => number;
}): ResearchService {
  return new ResearchService({
    market: pieces.market,
    rank: (now) => pieces.tradingLoop.rank(now),
    strategy: () => pieces.tradingLoop.strategy,
    equityPaise: () => pieces.trading.summary().equityPaise,
    now: pieces.now,
  });
}
