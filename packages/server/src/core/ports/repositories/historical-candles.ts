import type { HistoryInterval, HistorySource } from '@td/contracts';

/** One stored bar: its start instant (epoch ms; daily bars start at IST midnight), prices in paise. */
export interface HistoricalBar {
  symbol: string;
  interval: HistoryInterval;
  startMs: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  source: HistorySource;
}

export interface HistoricalBarsQuery {
  symbols: readonly string[];
  interval: HistoryInterval;
  /** Bars starting at or after this instant… */
  fromMs: number;
  /** …and at or before this one. */
  toMs: number;
}

/** Per symbol and interval: the first and last bar start and how many bars are stored. */
export interface HistoricalCoverage {
  symbol: string;
  interval: HistoryInterval;
  firstMs: number;
  lastMs: number;
  count: number;
}

/** How many one-minute bars a symbol has on one IST date. */
export interface SessionBarCount {
  symbol: string;
  /** YYYY-MM-DD, IST. */
  date: string;
  count: number;
}

/** Real bars for backtests (migration 022), unique per symbol, interval and start. */
export interface HistoricalCandlesRepository {
  /** Stores the bars; one already stored for the same symbol, interval and start is replaced. */
  save(bars: readonly HistoricalBar[]): void;
  /** The bars of these symbols in the range, by symbol then start. */
  bars(query: HistoricalBarsQuery): HistoricalBar[];
  coverage(): HistoricalCoverage[];
  /** The first and last bar of each of these symbols that has any at this interval: two index seeks a symbol. */
  spans(symbols: readonly string[], interval: HistoryInterval): Omit<HistoricalCoverage, 'count'>[];
  /** Per symbol and IST date, the one-minute bars in the range: a backtest's sessions and its progress total. */
  minuteBarsPerDate(query: Omit<HistoricalBarsQuery, 'interval'>): SessionBarCount[];
}
