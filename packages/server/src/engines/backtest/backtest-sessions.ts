import { badRequest, type HttpError } from '../../core/errors';
import type { IstDate } from '../market/calendar';
import type { Candle } from '../market/market-types';
import type { SessionNews } from '../ml/past-news';
import { type IndexLevel, type SessionIndexLevels, sessionIndexLevels } from './nifty-benchmark';

/** One session a backtest replays; its bars are read only when the run reaches it. */
export interface BacktestSession {
  date: IstDate;
  /** One-minute bars in the session, all symbols: the progress counts against their sum. */
  barCount: number;
  bars: () => Map<string, Candle[]>;
  /** The NIFTY 50 through the session, given the bars just read (the run's symbols may be fewer than its 50). */
  nifty50?: (bars: Map<string, Candle[]>) => SessionIndexLevels;
}

/** Where a backtest reads its one-minute bars: the generated history, or the stored candles. */
export interface BacktestHistory {
  readonly sessionDates: readonly IstDate[];
  readonly symbols: readonly string[];
  readonly minutesPerSession: number;
  sessionBars(date: IstDate): Map<string, Candle[]>;
  /** The bars the symbols have that day, when not every minute has a bar (stored candles have gaps). */
  sessionBarCount?(date: IstDate, symbols: ReadonlySet<string>): number;
  /** The NIFTY 50 from its constituents' prices, for the buy-and-hold line; absent: no benchmark. */
  nifty50Level?: IndexLevel;
  /** The NIFTY 50's constituents and their weights, for a history that has bars of only some of them. */
  nifty50Weights?: ReadonlyMap<string, number>;
  /** What the NIFTY 50 line is made of, or why there is none, when the history cannot give the whole index. */
  nifty50Note?: string;
  /** The stock's sector, for the ML ensemble's sector features and sector news. */
  sectorOf?(symbol: string): string | undefined;
  /**
   * The last `count` sessions before `date` that have bars, oldest first: what the ML ensemble trains
   * on before a range. Absent: the history's own dates before it.
   */
  datesBefore?(date: IstDate, count: number): IstDate[];
  /** A session's news, for the ML ensemble (the generated history's newswire); absent: no past news. */
  sessionNews?: SessionNews;
}

export interface BacktestRange {
  from: IstDate;
  to: IstDate;
  /** Empty: every symbol of the history. */
  symbols: readonly string[];
}

export const backtestInputError = (message: string): HttpError => badRequest(message, 'backtest_input');

/** The history's sessions within the range, each narrowed to the symbols; a sentence for each bad range. */
export function selectBacktestSessions(history: BacktestHistory, range: BacktestRange): BacktestSession[] {
  if (range.from > range.to) {
    throw backtestInputError(`The start date ${range.from} is after the end date ${range.to}: swap them.`);
  }
  const known = new Set(history.symbols);
  const unknown = range.symbols.filter((symbol) => !known.has(symbol));
  if (unknown.length > 0) {
    throw backtestInputError(
      `No one-minute history for ${unknown.join(', ')}: choose among the ${known.size} symbols the market lists.`,
    );
  }
  const dates = history.sessionDates.filter((date) => date >= range.from && date <= range.to);
  if (dates.length === 0) {
    const first = history.sessionDates[0];
    const last = history.sessionDates.at(-1);
    const covered = first && last ? `history covers ${first} to ${last}` : 'there is no history yet';
    throw backtestInputError(`No one-minute bars between ${range.from} and ${range.to}: ${covered}.`);
  }
  const symbols = range.symbols.length > 0 ? new Set(range.symbols) : known;
  const level = history.nifty50Level;
  return dates.map((date) => ({
    date,
    barCount: history.sessionBarCount?.(date, symbols) ?? symbols.size * history.minutesPerSession,
    bars: () => {
      const all = history.sessionBars(date);
      if (symbols === known) return all;
      return new Map([...all].filter(([symbol]) => symbols.has(symbol)));
    },
    ...(level && {
      nifty50: (bars: Map<string, Candle[]>) =>
        sessionIndexLevels(symbols === known ? bars : history.sessionBars(date), level),
    }),
  }));
}

/** Sessions whose bars are at hand (a test's crafted bars, a caller's own data). */
export function sessionsOfBars(
  sessions: { date: IstDate; barsBySymbol: Map<string, Candle[]> }[],
  nifty50Level?: IndexLevel,
): BacktestSession[] {
  return sessions.map(({ date, barsBySymbol }) => ({
    date,
    barCount: [...barsBySymbol.values()].reduce((sum, bars) => sum + bars.length, 0),
    bars: () => barsBySymbol,
    ...(nifty50Level && { nifty50: (bars: Map<string, Candle[]>) => sessionIndexLevels(bars, nifty50Level) }),
  }));
}
