import { runToEnd, type Steps } from '../../core/time-slices';
import {
  byScoreDescending,
  clamp,
  confidenceOf,
  formatSignedPercent,
  mean,
  meanClose,
  standardDeviation,
} from './series-stats';
import {
  type Signal,
  type SignalSource,
  type SymbolBars,
  signalWithReasons,
  stepDue,
  waitingForBars,
} from './signal-types';

export interface MomentumParameters {
  /** Rate of change over this many bars: close now vs close rocBars ago. */
  rocBars: number;
  /** Trend filter: a BUY needs the close above the mean of this many closes. */
  trendBars: number;
  /** A cross-sectional z-score this large scores ±1. */
  fullScoreZ: number;
  /** |score| from which the signal says BUY or SELL. */
  actionScore: number;
  /** Fewer ranked symbols than this and a cross-sectional z-score means nothing. */
  minUniverse: number;
}

export const MOMENTUM_PARAMETERS: MomentumParameters = {
  rocBars: 20,
  trendBars: 50,
  fullScoreZ: 2,
  actionScore: 0.5,
  minUniverse: 3,
};

interface Measured {
  symbol: string;
  roc: number;
  close: number;
  trendMean: number;
}

/**
 * Relative momentum: ranks the universe by 20-bar rate of change, as a z-score across the
 * symbols, so the names rising fastest compared with the rest score highest. A BUY also needs the
 * price above its 50-bar mean (no buying a bounce inside a downtrend).
 */
export class MomentumSource implements SignalSource {
  readonly name = 'momentum';

  constructor(private readonly parameters: MomentumParameters = MOMENTUM_PARAMETERS) {}

  rank(universe: SymbolBars[], now: number): Signal[] {
    return runToEnd(this.rankSteps(universe, now));
  }

  /** A step per few symbols measured, then per few signals: the z-score needs every symbol measured first. */
  *rankSteps(universe: SymbolBars[], _now: number): Steps<Signal[]> {
    const { rocBars, trendBars, minUniverse } = this.parameters;
    const needed = Math.max(rocBars + 1, trendBars);
    const measured: Measured[] = [];
    const signals: Signal[] = [];
    let looked = 0;
    for (const { symbol, bars } of universe) {
      if (bars.length < needed) {
        signals.push(waitingForBars(symbol, needed, bars.length));
      } else {
        const end = bars.length;
        const close = bars[end - 1]!.close;
        const past = bars[end - 1 - rocBars]!.close;
        measured.push({
          symbol,
          roc: close / past - 1,
          close,
          trendMean: meanClose(bars, end - trendBars, end),
        });
      }
      if (stepDue(++looked)) yield;
    }
    if (measured.length < minUniverse) {
      const reason = `only ${measured.length} symbols have enough bars; ranking needs ${minUniverse}`;
      for (const { symbol } of measured) signals.push(hold(symbol, reason));
      return signals.sort(byScoreDescending);
    }
    const rocs = measured.map((m) => m.roc);
    const centre = mean(rocs);
    const spread = standardDeviation(rocs);
    for (const item of measured) {
      const z = spread > 0 ? (item.roc - centre) / spread : 0;
      signals.push(this.signalFor(item, z, measured.length));
      if (stepDue(signals.length)) yield;
    }
    return signals.sort(byScoreDescending);
  }

  private signalFor(item: Measured, z: number, ranked: number): Signal {
    const { rocBars, trendBars, fullScoreZ, actionScore } = this.parameters;
    const raw = clamp(z / fullScoreZ, -1, 1);
    const aboveTrend = item.close > item.trendMean;
    // A positive score needs an absolute rise and an uptrend; a negative one an absolute fall:
    // the best of a falling market is not a buy, and a flat name is not a sell.
    let score = 0;
    if (raw > 0 && item.roc > 0 && aboveTrend) score = raw;
    else if (raw < 0 && item.roc < 0) score = raw;
    const filtered = score === 0 && raw > 0;
    const direction = score >= actionScore ? 'BUY' : score <= -actionScore ? 'SELL' : 'HOLD';
    return signalWithReasons(
      { symbol: item.symbol, direction, score, confidence: confidenceOf(score) },
      () => {
        const reasons = [
          `${rocBars}-bar rate of change ${formatSignedPercent(item.roc)} (z ${z.toFixed(2)} across ${ranked} symbols)`,
          `price ${formatSignedPercent(item.close / item.trendMean - 1)} against its ${trendBars}-bar mean`,
        ];
        if (filtered) reasons.push(item.roc > 0 ? 'trend filter: not above its mean' : 'no absolute rise');
        return reasons;
      },
    );
  }
}

function hold(symbol: string, reason: string): Signal {
  return { symbol, direction: 'HOLD', score: 0, confidence: 0, reasons: [reason] };
}
