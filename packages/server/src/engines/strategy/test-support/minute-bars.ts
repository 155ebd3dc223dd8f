import type { Candle } from '../../market/market-types';
import type { SymbolBars } from '../../signals';

/** Tue 27 Jan 2026 09:15 IST, a normal NSE trading day. */
export const SESSION_OPEN = Date.parse('2026-01-27T09:15:00+05:30');

/** One-minute bars closing at the given prices (paise), oldest first, from `start`. */
export function minuteBars(symbol: string, closes: readonly number[], start = SESSION_OPEN): Candle[] {
  return closes.map((close, index) => ({
    symbol,
    interval: '1m',
    openTime: start + index * 60_000,
    open: close,
    high: close,
    low: close,
    close,
    volume: 1_000,
    source: 'simulator',
  }));
}

/** n closes from `from`, rising by `step` paise a bar. */
export function linear(n: number, from: number, step: number): number[] {
  return Array.from({ length: n }, (_, index) => from + index * step);
}

/** n closes wobbling ±amplitude around `level`, deterministic. */
export function wobble(n: number, level: number, amplitude: number): number[] {
  return Array.from({ length: n }, (_, index) => level + (index % 2 === 0 ? amplitude : -amplitude));
}

export function universeOf(series: Record<string, readonly number[]>): SymbolBars[] {
  return Object.entries(series).map(([symbol, closes]) => ({ symbol, bars: minuteBars(symbol, closes) }));
}
