import type { Candle } from '../../market/market-types';
import { detectPatterns } from '../../market/pipeline/candle-patterns';

/** The horizon every prediction is made for (see docs/decisions/0017-ml-ensemble.md for why 30 minutes). */
export const HORIZON_MINUTES = 30;
/** Bars in the nearest-neighbour pattern. */
export const PATTERN_BARS = 15;
/**
 * Fewer one-minute bars than this and a prediction is not made: the 60-minute return needs 60 bars,
 * which is also all the market pipeline keeps (MINUTE_HISTORY).
 */
export const MIN_BARS = 60;

export const FEATURE_NAMES = [
  'return_5m',
  'return_15m',
  'return_60m',
  'return_1d',
  'return_5d',
  'volatility_30m',
  'volume_spike',
  'candle_pattern',
  'breadth',
  'stock_sentiment',
  'sector_sentiment',
] as const;
export type FeatureName = (typeof FEATURE_NAMES)[number];

/** How each feature is read out in an explanation. */
export const FEATURE_LABELS: Readonly<Record<FeatureName, string>> = {
  return_5m: '5-minute return',
  return_15m: '15-minute return',
  return_60m: '60-minute return',
  return_1d: 'return since the previous close',
  return_5d: '5-day return',
  volatility_30m: '30-minute realised volatility',
  volume_spike: 'volume spike (last 5 min vs hour)',
  candle_pattern: 'candle pattern',
  breadth: 'NIFTY 50 breadth',
  stock_sentiment: 'news sentiment (stock)',
  sector_sentiment: 'news sentiment (sector)',
};

export interface FeatureInputs {
  /** One-minute bars, oldest first (≥ MIN_BARS). */
  bars: readonly Candle[];
  previousClose: number | undefined;
  /** Daily closes, oldest first, before today (the 5-day return needs 5). */
  dailyCloses: readonly number[];
  /** Share of NIFTY 50 members above their previous close, 0..1. */
  breadth: number;
  stockSentiment: number | null;
  sectorSentiment: number | null;
}

// Scales bring each raw figure to roughly −1..1 on a normal day, so no feature dominates SGD.
const RETURN_SCALE = 100; // 1 % → 1
const VOLATILITY_SCALE = 1000; // 0.1 % per minute → 1

/** The feature vector of one symbol at its newest bar, in FEATURE_NAMES order. */
export function computeFeatures(input: FeatureInputs): number[] {
  const { bars } = input;
  const last = bars.length - 1;
  const close = bars[last]!.close;
  // An n-minute return: from the open of the bar n − 1 before the newest to the newest close.
  const ret = (minutes: number) => {
    const past = bars[Math.max(0, last - minutes + 1)]!.open;
    return past > 0 ? (close / past - 1) * RETURN_SCALE : 0;
  };
  const previousClose = input.previousClose ?? bars[0]!.open;
  const fiveDaysAgo = input.dailyCloses.at(-5);
  return [
    ret(5),
    ret(15),
    ret(60),
    previousClose > 0 ? (close / previousClose - 1) * RETURN_SCALE : 0,
    fiveDaysAgo ? (close / fiveDaysAgo - 1) * (RETURN_SCALE / 5) : 0,
    realisedVolatility(bars, 30) * VOLATILITY_SCALE,
    volumeSpike(bars),
    patternScore(bars),
    (input.breadth - 0.5) * 2,
    input.stockSentiment ?? 0,
    input.sectorSentiment ?? 0,
  ].map(finiteOrZero);
}

/** Standard deviation of one-minute log returns over the last `window` bars. */
export function realisedVolatility(bars: readonly Candle[], window: number): number {
  const returns: number[] = [];
  for (let i = Math.max(1, bars.length - window); i < bars.length; i++) {
    const before = bars[i - 1]!.close;
    if (before > 0) returns.push(Math.log(bars[i]!.close / before));
  }
  if (returns.length < 2) return 0;
  const centre = returns.reduce((sum, r) => sum + r, 0) / returns.length;
  return Math.sqrt(returns.reduce((sum, r) => sum + (r - centre) ** 2, 0) / returns.length);
}

/** log(mean volume of the last 5 bars / mean of the last 60): 0 is usual, +0.7 is double. */
function volumeSpike(bars: readonly Candle[]): number {
  const meanVolume = (n: number) => {
    const slice = bars.slice(-n);
    return slice.reduce((sum, bar) => sum + bar.volume, 0) / slice.length;
  };
  const hour = meanVolume(60);
  return hour > 0 ? Math.log(Math.max(meanVolume(5), 1e-9) / hour) : 0;
}

/** The market pipeline's detector on the newest bar: +1 per bullish pattern, −1 per bearish. */
function patternScore(bars: readonly Candle[]): number {
  let score = 0;
  for (const pattern of detectPatterns(bars.slice(-22))) {
    if (pattern === 'bullish_engulfing' || pattern === 'hammer' || pattern === 'range_breakout_up')
      score += 1;
    if (pattern === 'bearish_engulfing' || pattern === 'range_breakout_down') score -= 1;
  }
  return score;
}

/** The last PATTERN_BARS one-minute returns, z-scored within the window (shape, not size). */
export function barPattern(bars: readonly Candle[]): number[] {
  const returns: number[] = [];
  for (let i = bars.length - PATTERN_BARS; i < bars.length; i++) {
    const before = bars[i - 1]?.close ?? 0;
    returns.push(before > 0 ? bars[i]!.close / before - 1 : 0);
  }
  const centre = returns.reduce((sum, r) => sum + r, 0) / returns.length;
  const spread = Math.sqrt(returns.reduce((sum, r) => sum + (r - centre) ** 2, 0) / returns.length);
  return returns.map((r) => finiteOrZero(spread > 0 ? (r - centre) / spread : 0));
}

function finiteOrZero(value: number): number {
  return Number.isFinite(value) ? value : 0;
}
