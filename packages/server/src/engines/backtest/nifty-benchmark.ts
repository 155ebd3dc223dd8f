import type { Candle } from '../market/market-types';

/** The NIFTY 50's level from constituent prices (paise by symbol), as the live index computes it; null without one. */
export type IndexLevel = (prices: ReadonlyMap<string, number>) => number | null;

/** One session of the index: its level at the session's first opens and after each minute's closes. */
export interface SessionIndexLevels {
  openLevel: number | null;
  /** By bar open time: the level at that minute's closes. */
  closes: Map<number, number>;
}

/**
 * The index through one session from its constituents' one-minute bars (the generated history has no
 * index bars): the live IndexCalculator's formula over the opens of each symbol's first bar, then over
 * the last close of every symbol at each minute.
 */
export function sessionIndexLevels(
  barsBySymbol: Map<string, Candle[]>,
  level: IndexLevel,
): SessionIndexLevels {
  const opens = new Map<string, number>();
  const byMinute = new Map<number, [string, number][]>();
  for (const [symbol, bars] of barsBySymbol) {
    const first = bars[0];
    if (first) opens.set(symbol, first.open);
    for (const bar of bars) {
      const minute = byMinute.get(bar.openTime) ?? [];
      minute.push([symbol, bar.close]);
      byMinute.set(bar.openTime, minute);
    }
  }
  const prices = new Map(opens);
  const closes = new Map<number, number>();
  for (const [openTime, minute] of [...byMinute].sort((a, b) => a[0] - b[0])) {
    for (const [symbol, close] of minute) prices.set(symbol, close);
    const value = level(prices);
    if (value !== null) closes.set(openTime, value);
  }
  return { openLevel: level(opens), closes };
}
