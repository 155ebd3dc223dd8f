import type { Candle } from '../market-types';

export type CandlePattern =
  | 'bullish_engulfing'
  | 'bearish_engulfing'
  | 'doji'
  | 'hammer'
  | 'range_breakout_up'
  | 'range_breakout_down';

/** Bars of history a range breakout is measured against. */
export const BREAKOUT_LOOKBACK = 20;

/**
 * Classic single- and two-bar patterns on closed candles, with the textbook rules stated:
 * doji: body ≤ 10 % of the range; hammer: lower shadow ≥ 2× body, upper shadow ≤ body, after a fall;
 * engulfing: this body covers the previous opposite-coloured body; breakout: close beyond the highest
 * high (lowest low) of the previous 20 bars.
 */
export function detectPatterns(history: readonly Candle[]): CandlePattern[] {
  const bar = history[history.length - 1];
  if (!bar) return [];
  const found: CandlePattern[] = [];
  const range = bar.high - bar.low;
  const body = Math.abs(bar.close - bar.open);
  if (range > 0 && body <= range * 0.1) found.push('doji');

  const previous = history[history.length - 2];
  if (previous) {
    const prevBody = Math.abs(previous.close - previous.open);
    const lowerShadow = Math.min(bar.open, bar.close) - bar.low;
    const upperShadow = bar.high - Math.max(bar.open, bar.close);
    if (body > 0 && lowerShadow >= 2 * body && upperShadow <= body && previous.close < previous.open)
      found.push('hammer');
    const prevDown = previous.close < previous.open;
    const prevUp = previous.close > previous.open;
    if (
      prevBody > 0 &&
      prevDown &&
      bar.close > bar.open &&
      bar.open <= previous.close &&
      bar.close >= previous.open
    ) {
      found.push('bullish_engulfing');
    }
    if (
      prevBody > 0 &&
      prevUp &&
      bar.close < bar.open &&
      bar.open >= previous.close &&
      bar.close <= previous.open
    ) {
      found.push('bearish_engulfing');
    }
  }

  if (history.length > BREAKOUT_LOOKBACK) {
    const window = history.slice(-BREAKOUT_LOOKBACK - 1, -1);
    const highest = Math.max(...window.map((candle) => candle.high));
    const lowest = Math.min(...window.map((candle) => candle.low));
    if (bar.close > highest) found.push('range_breakout_up');
    if (bar.close < lowest) found.push('range_breakout_down');
  }
  return found;
}
