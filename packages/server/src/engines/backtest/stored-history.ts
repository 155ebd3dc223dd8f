import type { HistoricalCandlesRepository } from '../../core/ports/repositories/historical-candles';
import type { IstDate } from '../market/calendar';
import type { Candle } from '../market/market-types';
import { MINUTES_PER_SESSION } from '../market/simulator/history-generator';
import { type BacktestHistory, type BacktestRange, backtestInputError } from './backtest-sessions';

/** What a backtest over stored candles reads of historical_candles (migration 022). */
export type StoredCandles = Pick<HistoricalCandlesRepository, 'bars' | 'spans' | 'minuteBarsPerDate'>;

/** The market's catalogue and its NIFTY 50, as the generated history gives them. */
export type MarketCatalogue = Pick<
  BacktestHistory,
  'symbols' | 'nifty50Level' | 'nifty50Weights' | 'sectorOf'
>;

/**
 * A backtest over stored candles covers at most a year, about 250 sessions: the request thread counts
 * its bars a day at a time (0056), and a year of minutes is already 90,000 points thinned for the chart.
 */
export const MAX_STORED_RANGE_DAYS = 366;

/** How far before a range the ML ensemble's training sessions are looked for: about 40 sessions. */
const TRAINING_LOOKBACK_DAYS = 60;

/** The buy-and-hold line needs constituents carrying at least this share of the NIFTY 50's weight. */
export const MIN_NIFTY50_WEIGHT_SHARE = 0.5;

const istStart = (date: IstDate) => Date.parse(`${date}T00:00:00+05:30`);
const istEnd = (date: IstDate) => Date.parse(`${date}T23:59:59.999+05:30`);
const istDay = (ms: number) => new Date(ms + 19_800_000).toISOString().slice(0, 10);

/**
 * The imported and fetched one-minute bars of the range (decision 0056): its sessions are the dates
 * that have bars, each counted as the bars it really has, so a feed's missing minutes do not pad the
 * progress total. Index seeks and a count a day find them here; a session's bars are read when the run
 * reaches it. `market.symbols`: the symbols a run over "all symbols" looks for (only listed stocks are
 * stored). A range longer than a year, or a range, a symbol or a store without one-minute bars, is refused
 * with what is stored instead. The NIFTY 50 line is rebuilt from the run's constituents that have bars in
 * every session (niftyFromConstituents).
 */
export function storedHistory(
  candles: StoredCandles,
  range: BacktestRange,
  market: MarketCatalogue,
): BacktestHistory {
  const days = (istStart(range.to) - istStart(range.from)) / 86_400_000 + 1;
  if (days > MAX_STORED_RANGE_DAYS) {
    throw backtestInputError(
      `A backtest over stored candles covers at most a year (${MAX_STORED_RANGE_DAYS} days, about 250 sessions): ${range.from} to ${range.to} is ${days} days. Split it into runs of a year or less.`,
    );
  }
  const asked = range.symbols.length > 0 ? [...new Set(range.symbols)] : market.symbols;
  const counts = candles.minuteBarsPerDate({
    symbols: asked,
    fromMs: istStart(range.from),
    toMs: istEnd(range.to),
  });
  const found = new Set(counts.map((entry) => entry.symbol));
  if (counts.length === 0 || (range.symbols.length > 0 && asked.some((symbol) => !found.has(symbol)))) {
    refuse(candles, range, asked, found, market.symbols);
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
    // The stored sessions before the range (the ML ensemble trains on them): a count a day, asked once.
    datesBefore: (date, count) => {
      const before = candles.minuteBarsPerDate({
        symbols,
        fromMs: istStart(date) - TRAINING_LOOKBACK_DAYS * 86_400_000,
        toMs: istStart(date) - 1,
      });
      return [...new Set(before.map((entry) => entry.date))].sort().slice(-count);
    },
    ...(market.sectorOf && { sectorOf: market.sectorOf }),
    ...niftyFromConstituents(market, perDate),
  };
}

/**
 * The NIFTY 50 from the stored bars: the live index's formula over the constituents that have bars in
 * every session of the run (a fixed set, so a day without one of them does not make the line jump),
 * each at its index weight. Under MIN_NIFTY50_WEIGHT_SHARE of the weight it would not be the index: no
 * line, and a note saying why.
 */
function niftyFromConstituents(
  market: MarketCatalogue,
  perDate: ReadonlyMap<IstDate, ReadonlyMap<string, number>>,
): Pick<BacktestHistory, 'nifty50Level' | 'nifty50Note'> {
  const weights = market.nifty50Weights;
  const level = market.nifty50Level;
  if (!weights || weights.size === 0 || !level) return {};
  const sessions = [...perDate.values()];
  const everyDay = [...weights.keys()].filter((symbol) =>
    sessions.every((bars) => (bars.get(symbol) ?? 0) > 0),
  );
  const total = [...weights.values()].reduce((sum, weight) => sum + weight, 0);
  const share = everyDay.reduce((sum, symbol) => sum + weights.get(symbol)!, 0) / total;
  const percent = `${Math.round(share * 100)} %`;
  if (share < MIN_NIFTY50_WEIGHT_SHARE) {
    return {
      nifty50Note: `No NIFTY 50 line: it is rebuilt from its constituents' stored bars, and the ${everyDay.length} with bars in every session of this run carry ${percent} of its weight, under the ${MIN_NIFTY50_WEIGHT_SHARE * 100} % it needs. Store more constituents' one-minute bars, or run over all symbols.`,
    };
  }
  const members = new Set(everyDay);
  return {
    nifty50Level: (prices) => level(new Map([...prices].filter(([symbol]) => members.has(symbol)))),
    nifty50Note: `The NIFTY 50 line is rebuilt from the ${everyDay.length} of its ${weights.size} constituents with stored bars in every session (${percent} of its weight), at their index weights.`,
  };
}

/**
 * A symbol asked for has no bars in the range, or none does: the sentence says what is stored, read by
 * two index seeks a symbol of the catalogue (only listed stocks are stored), never a scan of the table.
 */
function refuse(
  candles: StoredCandles,
  range: BacktestRange,
  asked: readonly string[],
  found: ReadonlySet<string>,
  catalogue: readonly string[],
): void {
  const everyKnown = [...new Set([...catalogue, ...asked])];
  const minutes = candles.spans(everyKnown, '1minute');
  const daily = candles.spans(everyKnown, 'day');
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
