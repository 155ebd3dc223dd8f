import type { HistoricalCandlesRepository } from '../../core/ports/repositories/historical-candles';
import type { IstDate } from '../market/calendar';
import type { Candle } from '../market/market-types';
import { MINUTES_PER_SESSION } from '../market/simulator/history-generator';
import { type BacktestHistory, type BacktestRange, backtestInputError } from './backtest-sessions';

/** What a backtest over stored candles reads of historical_candles (migration 022). */
export type StoredCandles = Pick<HistoricalCandlesRepository, 'bars' | 'coverage' | 'minuteBarsPerDate'>;

const istStart = (date: IstDate) => Date.parse(`${date}T00:00:00+05:30`);
const istEnd = (date: IstDate) => Date.parse(`${date}T23:59:59.999+05:30`);
const istDay = (ms: number) => new Date(ms + 19_800_000).toISOString().slice(0, 10);

/**
 * The imported and fetched one-minute bars of the range (decision 0056): its sessions are the dates
 * that have bars, each counted as the bars it really has, so a feed's missing minutes do not pad the
 * progress total. Index seeks and a count a day find them here; a session's bars are read when the run
 * reaches it. `catalogue`: the symbols a run over "all symbols" looks for (only listed stocks are stored).
 * A range, a symbol or a store without one-minute bars is refused with what is stored instead.
 */
export function storedHistory(
  candles: StoredCandles,
  range: BacktestRange,
  catalogue: readonly string[],
): BacktestHistory {
  const asked = range.symbols.length > 0 ? [...new Set(range.symbols)] : catalogue;
  const counts = candles.minuteBarsPerDate({
    symbols: asked,
    fromMs: istStart(range.from),
    toMs: istEnd(range.to),
  });
  const found = new Set(counts.map((entry) => entry.symbol));
  // The whole store's summary is read only to say what is wrong: it scans the table.
  if (counts.length === 0 || (range.symbols.length > 0 && asked.some((symbol) => !found.has(symbol)))) {
    refuse(candles, range, asked, found);
  }
  const perDate = new Map<IstDate, Map<string, number>>();
  for (const { symbol, date, count } of counts) {
    const bySymbol = perDate.get(date) ?? new Map<string, number>();
    bySymbol.set(symbol, count);
    perDate.set(date, bySymbol);
  }
  const symbols = range.symbols.length > 0 ? asked : [...found].sort();
  return {
    sessionDates: [...perDate.keys()].sort(),
    symbols,
    minutesPerSession: MINUTES_PER_SESSION,
    sessionBarCount: (date, chosen) =>
      [...(perDate.get(date) ?? [])].reduce(
        (sum, [symbol, count]) => sum + (chosen.has(symbol) ? count : 0),
        0,
      ),
    sessionBars: (date) => sessionBars(candles, symbols, date),
  };
}

/** A symbol asked for has no bars in the range, or none does: the sentence says what is stored. */
function refuse(
  candles: StoredCandles,
  range: BacktestRange,
  asked: readonly string[],
  found: ReadonlySet<string>,
): void {
  const coverage = candles.coverage();
  const minutes = coverage.filter((entry) => entry.interval === '1minute');
  const daily = coverage.filter((entry) => entry.interval === 'day');
  const dailyNote =
    daily.length > 0
      ? ` Daily bars are stored (${span(daily)}), but a daily bar cannot drive the minute-by-minute replay.`
      : '';
  if (minutes.length === 0) {
    throw backtestInputError(
      `No one-minute candles are stored yet: import a one-minute CSV or fetch one-minute bars from Upstox in Settings → Data Sources.${dailyNote}`,
    );
  }
  const stored = new Set(minutes.map((entry) => entry.symbol));
  const unknown = range.symbols.filter((symbol) => !stored.has(symbol));
  if (unknown.length > 0) {
    throw backtestInputError(
      `No stored one-minute bars for ${unknown.join(', ')}: one-minute bars are stored for ${listed([...stored])}.${dailyNote}`,
    );
  }
  const outside = range.symbols.filter((symbol) => !found.has(symbol));
  const whose = outside.length > 0 ? outside : asked;
  throw backtestInputError(
    `No stored one-minute bars between ${range.from} and ${range.to}${range.symbols.length > 0 ? ` for ${listed(whose)}` : ''}: the stored one-minute bars cover ${span(minutes.filter((entry) => whose.includes(entry.symbol)))}.${dailyNote}`,
  );
}

function sessionBars(
  candles: StoredCandles,
  symbols: readonly string[],
  date: IstDate,
): Map<string, Candle[]> {
  const bars = new Map<string, Candle[]>();
  for (const bar of candles.bars({
    symbols,
    interval: '1minute',
    fromMs: istStart(date),
    toMs: istEnd(date),
  })) {
    const series = bars.get(bar.symbol) ?? [];
    if (series.length === 0) bars.set(bar.symbol, series);
    series.push({
      symbol: bar.symbol,
      interval: '1m',
      openTime: bar.startMs,
      open: bar.open,
      high: bar.high,
      low: bar.low,
      close: bar.close,
      volume: bar.volume,
      // Nothing in the replay reads a bar's source; a CSV's bars are real market bars, as Upstox's are.
      source: 'upstox',
    });
  }
  return bars;
}

/** "INFY 2026-01-02 to 2026-01-30, TCS 2026-01-05 to 2026-01-09": what is stored, per symbol. */
function span(entries: readonly { symbol: string; firstMs: number; lastMs: number }[]): string {
  const shown = entries.slice(0, 5).map((e) => `${e.symbol} ${istDay(e.firstMs)} to ${istDay(e.lastMs)}`);
  const more = entries.length > 5 ? ` and ${entries.length - 5} more symbols` : '';
  return `${shown.join(', ')}${more}`;
}

function listed(symbols: readonly string[]): string {
  const more = symbols.length > 8 ? ` and ${symbols.length - 8} more` : '';
  return `${symbols.slice(0, 8).join(', ')}${more}`;
}
