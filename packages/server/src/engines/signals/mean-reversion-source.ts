import { runToEnd, type Steps } from '../../core/time-slices';
import {
  byScoreDescending,
  clamp,
  closeDeviation,
  confidenceOf,
  formatSignedPercent,
  meanClose,
} from './series-stats';
import {
  type Signal,
  type SignalSource,
  type SymbolBars,
  signalWithReasons,
  stepDue,
  waitingForBars,
} from './signal-types';

export interface MeanReversionParameters {
  /** z-score of the close against the mean and deviation of this many closes (itself included). */
  zBars: number;
  /** Trend window: its newer half's mean against its older half's. */
  trendBars: number;
  /** BUY below this z-score (a stretch of two deviations under the mean). */
  entryZ: number;
  /** SELL (exit) above this z-score: the price is back over its mean, the reversion is done. */
  exitZ: number;
  /** The trend counts as down when the newer half's mean is more than this % under the older's. */
  trendDownPercent: number;
  /** A z-score this large scores ±1. */
  fullScoreZ: number;
}

export const MEAN_REVERSION_PARAMETERS: MeanReversionParameters = {
  zBars: 20,
  trendBars: 50,
  entryZ: -2,
  exitZ: 0,
  trendDownPercent: 1,
  fullScoreZ: 3,
};

/**
 * Mean reversion: buys a price stretched two deviations under its 20-bar mean, unless the 50-bar
 * trend is falling (a falling knife keeps falling), and says exit once it is back above the mean.
 * Score = −z / 3, clipped: the further under the mean, the stronger the expected snap back.
 */
export class MeanReversionSource implements SignalSource {
  readonly name = 'mean_reversion';

  constructor(private readonly parameters: MeanReversionParameters = MEAN_REVERSION_PARAMETERS) {}

  rank(universe: SymbolBars[], now: number): Signal[] {
    return runToEnd(this.rankSteps(universe, now));
  }

  /** A step per few symbols: each one's signal stands alone. */
  *rankSteps(universe: SymbolBars[], _now: number): Steps<Signal[]> {
    const signals: Signal[] = [];
    for (const item of universe) {
      signals.push(this.signalFor(item));
      if (stepDue(signals.length)) yield;
    }
    return signals.sort(byScoreDescending);
  }

  private signalFor({ symbol, bars }: SymbolBars): Signal {
    const { zBars, trendBars, entryZ, exitZ, trendDownPercent, fullScoreZ } = this.parameters;
    const needed = Math.max(zBars, trendBars);
    if (bars.length < needed) {
      return waitingForBars(symbol, needed, bars.length);
    }
    // Read in place (no copies of the closes): this runs for every symbol every minute of a backtest.
    const end = bars.length;
    const close = bars[end - 1]!.close;
    const spread = closeDeviation(bars, end - zBars, end);
    const z = spread > 0 ? (close - meanClose(bars, end - zBars, end)) / spread : 0;
    const trendStart = end - trendBars;
    const middle = trendStart + Math.floor(trendBars / 2);
    const trendChange = meanClose(bars, middle, end) / meanClose(bars, trendStart, middle) - 1;
    const trendDown = trendChange * 100 < -trendDownPercent;
    let score = clamp(-z / fullScoreZ, -1, 1);
    const dipRefused = score > 0 && trendDown;
    if (dipRefused) score = 0;
    const direction = z < entryZ && !trendDown ? 'BUY' : z > exitZ ? 'SELL' : 'HOLD';
    return signalWithReasons({ symbol, direction, score, confidence: confidenceOf(score) }, () => {
      const reasons = [
        `price ${z.toFixed(2)} deviations from its ${zBars}-bar mean`,
        `${trendBars}-bar trend ${formatSignedPercent(trendChange)} (newer half vs older half)`,
      ];
      if (dipRefused) reasons.push(`trend is down (more than ${trendDownPercent} %): no buying the dip`);
      return reasons;
    });
  }
}
