import { MeanReversionSource } from '../../signals/mean-reversion-source';
import { MomentumSource } from '../../signals/momentum-source';
import type { SymbolBars } from '../../signals/signal-types';
import type { SentimentReader } from '../ml-seams';
import { barPattern, computeFeatures, MIN_BARS } from './features';
import type { Observation } from './model-types';

/** What observing the market needs besides the bars. */
export interface ObservationContext {
  previousClose(symbol: string): number | undefined;
  /** Daily closes before today, oldest first; [] when unknown (the 5-day return is then 0). */
  dailyCloses(symbol: string): readonly number[];
  sectorOf(symbol: string): string | undefined;
  /** Null when the news pipeline is not running: sentiment features are then 0 and the news model has no view. */
  sentiment: SentimentReader | null;
}

export interface SymbolObservation {
  symbol: string;
  observation: Observation;
  /** The newest bar's close, paise: the price the prediction is made at. */
  pricePaise: number;
  /** The newest bar's end, epoch ms: what the prediction knows up to. */
  asOf: number;
}

// The rules need 50 bars; 60 keeps their inputs identical while sparing them a full session's arrays.
const RULE_BARS = 60;
const momentum = new MomentumSource();
const meanReversion = new MeanReversionSource();

/** Observes every symbol with enough bars; breadth is the share of the universe above its previous close. */
export function observeUniverse(
  universe: readonly SymbolBars[],
  context: ObservationContext,
  now: number,
): SymbolObservation[] {
  const ready = universe.filter(({ bars }) => bars.length >= MIN_BARS);
  if (ready.length === 0) return [];
  const recent = ready.map(({ symbol, bars }) => ({ symbol, bars: bars.slice(-RULE_BARS) }));
  const momentumScores = scoresBySymbol(momentum.rank(recent, now));
  const reversionScores = scoresBySymbol(meanReversion.rank(recent, now));
  let above = 0;
  let known = 0;
  for (const { symbol, bars } of ready) {
    const previous = context.previousClose(symbol);
    if (previous === undefined) continue;
    known += 1;
    if (bars[bars.length - 1]!.close > previous) above += 1;
  }
  const breadth = known > 0 ? above / known : 0.5;
  return ready.map(({ symbol, bars }) => {
    const sector = context.sectorOf(symbol);
    const stockSentiment = context.sentiment?.sentimentBySymbol(symbol)?.score ?? null;
    const sectorSentiment = sector ? (context.sentiment?.sentimentBySector(sector)?.score ?? null) : null;
    const newest = bars[bars.length - 1]!;
    const observation: Observation = {
      x: computeFeatures({
        bars,
        previousClose: context.previousClose(symbol),
        dailyCloses: context.dailyCloses(symbol),
        breadth,
        stockSentiment: finiteOrNull(stockSentiment),
        sectorSentiment: finiteOrNull(sectorSentiment),
      }),
      pattern: barPattern(bars),
      momentumScore: momentumScores.get(symbol) ?? 0,
      meanReversionScore: reversionScores.get(symbol) ?? 0,
      stockSentiment: finiteOrNull(stockSentiment),
      sectorSentiment: finiteOrNull(sectorSentiment),
    };
    return { symbol, observation, pricePaise: newest.close, asOf: newest.openTime + 60_000 };
  });
}

function scoresBySymbol(signals: readonly { symbol: string; score: number }[]): Map<string, number> {
  return new Map(signals.map((s) => [s.symbol, s.score]));
}

function finiteOrNull(value: number | null): number | null {
  return value !== null && Number.isFinite(value) ? Math.max(-1, Math.min(1, value)) : null;
}
