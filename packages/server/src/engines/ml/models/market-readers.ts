import type { MarketDataService } from '../../market/market-data-service';
import type { SymbolBars } from '../../signals';
import {
  generatedTrainingHistory,
  inProcessWalkForward,
  type TrainingHistory,
  type WalkForwardRunner,
  type WalkForwardSource,
} from './walk-forward';

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
  const simulated = () => market.activeProvider === market.simulator;
  /**
   * The simulator's past sessions, while the simulator is the feed (a real feed's past is another
   * series): in a worker thread when the server gives a runner, else in process, sliced; `withNews`
   * adds the sessions' news (the worker adds its own).
   */
  const walkForward =
    (runner?: WalkForwardRunner, withNews: (history: TrainingHistory) => TrainingHistory = (h) => h) =>
    (): WalkForwardSource | null => {
      if (!simulated()) return null;
      if (!runner)
        return inProcessWalkForward(
          withNews(generatedTrainingHistory(market.history, (s) => sectors.get(s))),
        );
      const recipe = market.history.recipe();
      return {
        sessions: recipe.dates.length,
        run: (signal) => runner({ recipe, sectors: [...sectors] }, signal),
      };
    };
  return {
    walkForward,
    measuredFeedInUse: simulated,
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
