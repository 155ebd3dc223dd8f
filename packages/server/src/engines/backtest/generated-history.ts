import { IndexCalculator, referenceIndexBase } from '../market/instruments';
import type { MarketDataService } from '../market/market-data-service';
import { MINUTES_PER_SESSION } from '../market/simulator/history-generator';
import { newsOfGeneratedHistory } from '../ml/past-news';
import type { BacktestHistory } from './backtest-sessions';

/** The simulator's generated past sessions (mock mode), the ones the start-up replay trades. */
export function generatedHistory(
  market: Pick<MarketDataService, 'history' | 'instruments'>,
): BacktestHistory {
  const sectors = new Map(market.instruments.map((instrument) => [instrument.symbol, instrument.sector]));
  const index = new IndexCalculator(market.instruments, referenceIndexBase(market.instruments));
  return {
    sessionDates: market.history.sessionDates,
    symbols: market.instruments.map((instrument) => instrument.symbol),
    minutesPerSession: MINUTES_PER_SESSION,
    sessionBars: (date) => market.history.sessionBars(date),
    // The live overview's NIFTY 50: the same calculator and base the market service uses.
    nifty50Level: (prices) => index.level('NIFTY_50', prices),
    sectorOf: (symbol) => sectors.get(symbol),
    // The news the pipeline loads for these sessions at a fresh start: the same seed, read from the same bars.
    sessionNews: newsOfGeneratedHistory(market.history),
    nifty50Weights: new Map(
      market.instruments.flatMap((i) => {
        const weight = i.indexWeights.NIFTY_50;
        return weight !== undefined && weight > 0 ? [[i.symbol, weight] as const] : [];
      }),
    ),
  };
}
