import type { MarketDataService } from '../../market/market-data-service';
import type { SymbolBars } from '../../signals';
import type { TrainingHistory } from './walk-forward';

/** What the model engine reads from the market engine: the loop's universe, bars, closes and sectors. */
export function marketReaders(market: MarketDataService) {
  const sectors = new Map(market.instruments.map((instrument) => [instrument.symbol, instrument.sector]));
  let dailyCache: { session: string | undefined; closes: Map<string, number[]> } | null = null;
  const dailyCloses = (symbol: string): readonly number[] => {
    // The generated history is the simulator's past: with a real feed its closes would be another series.
    if (market.activeProvider !== market.simulator) return [];
    const session = market.history.sessionDates.at(-1);
    if (!dailyCache || dailyCache.session !== session) dailyCache = { session, closes: new Map() };
    let closes = dailyCache.closes.get(symbol);
    if (!closes) {
      closes = market.history
        .dailyBars(symbol)
        .slice(-10)
        .map((bar) => bar.close);
      dailyCache.closes.set(symbol, closes);
    }
    return closes;
  };
  /** The simulator's past sessions, while the simulator is the feed (a real feed's past is another series). */
  const trainingHistory = (): TrainingHistory | null => {
    if (market.activeProvider !== market.simulator) return null;
    const closes = new Map<string, number[]>();
    return {
      dates: market.history.sessionDates,
      sessionBarSteps: (date) => market.history.sessionBarSteps(date),
      dailyCloses: (symbol) => {
        let series = closes.get(symbol);
        if (!series) {
          series = market.history.dailyBars(symbol).map((bar) => bar.close);
          closes.set(symbol, series);
        }
        return series;
      },
      sectorOf: (symbol) => sectors.get(symbol),
    };
  };
  return {
    trainingHistory,
    universe: (): SymbolBars[] =>
      market.instruments.map((instrument) => ({
        symbol: instrument.symbol,
        bars: market.pipeline.minuteBars(instrument.symbol),
      })),
    minuteBars: (symbol: string) => market.pipeline.minuteBars(symbol),
    previousClose: (symbol: string) => market.previousClose(symbol),
    dailyCloses,
    sectorOf: (symbol: string) => sectors.get(symbol),
  };
}
