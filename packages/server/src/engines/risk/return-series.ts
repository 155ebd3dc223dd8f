// Daily simple returns lined up by session, for a stock against NIFTY 50 and for a set of stocks together.

export interface DailyBar {
  close: number;
  volume: number;
}

/** Past sessions' closes: the session axis with NIFTY 50's level, and each stock's bars by date. */
export interface DailyHistory {
  /** IST dates (YYYY-MM-DD), oldest first, today excluded. */
  dates: readonly string[];
  /** NIFTY 50's closing level per date; null where it is not known. */
  index: readonly (number | null)[];
  bars: ReadonlyMap<string, ReadonlyMap<string, DailyBar>>;
}

/** One session in the risk calculations: a year of them (quantstats' 252). */
export const MAX_RETURN_SESSIONS = 252;

export interface AlignedReturns {
  /** Per symbol asked for, its returns on the kept sessions. */
  stocks: readonly (readonly number[])[];
  /** NIFTY 50's returns on the same sessions. */
  index: readonly number[];
  /** The date each kept return ends on. */
  dates: readonly string[];
}

/** Each symbol's closes on the session axis (NaN where it has none), kept with the history they came from. */
const axisMemo = new WeakMap<DailyHistory, Map<string, Float64Array>>();

/** A symbol's closes on the session axis, oldest first, NaN where it has none. */
export function closesOnAxis(history: DailyHistory, symbol: string): Float64Array {
  let memo = axisMemo.get(history);
  if (!memo) {
    memo = new Map();
    axisMemo.set(history, memo);
  }
  let closes = memo.get(symbol);
  if (!closes) {
    const bars = history.bars.get(symbol);
    closes = Float64Array.from(history.dates, (date) => {
      const close = bars?.get(date)?.close;
      return close !== undefined && close > 0 ? close : Number.NaN;
    });
    // Bars still being read are not remembered as missing.
    if (bars) memo.set(symbol, closes);
  }
  return closes;
}

const alignedMemo = new WeakMap<DailyHistory, Map<string, AlignedReturns>>();
const MAX_REMEMBERED_SETS = 16;

/** A positive level's change, or null where either end is unknown. */
const ratio = (after: number | null | undefined, before: number | null | undefined) =>
  after && before && after > 0 && before > 0 ? after / before - 1 : null;

/**
 * Returns close(t) / close(t − 1) − 1 for each pair of consecutive sessions on which every symbol and
 * the index have a close, the newest `maxSessions` of them: the common sessions of a portfolio.
 */
export function alignedReturns(
  history: DailyHistory,
  symbols: readonly string[],
  maxSessions = MAX_RETURN_SESSIONS,
): AlignedReturns {
  // The held set changes only with a trade: its returns are kept with the history, for a few sets.
  let memo = alignedMemo.get(history);
  if (!memo) {
    memo = new Map();
    alignedMemo.set(history, memo);
  }
  const key = `${maxSessions}:${symbols.join(',')}`;
  const known = memo.get(key);
  if (known) return known;
  const aligned = alignReturns(history, symbols, maxSessions);
  if (symbols.every((symbol) => history.bars.has(symbol))) {
    if (memo.size >= MAX_REMEMBERED_SETS) memo.clear();
    memo.set(key, aligned);
  }
  return aligned;
}

function alignReturns(
  history: DailyHistory,
  symbols: readonly string[],
  maxSessions: number,
): AlignedReturns {
  const series = symbols.map((symbol) => closesOnAxis(history, symbol));
  const kept: number[] = [];
  for (let t = history.dates.length - 1; t >= 1 && kept.length < maxSessions; t -= 1) {
    if (ratio(history.index[t], history.index[t - 1]) === null) continue;
    // NaN fails every comparison: a missing close on either day drops the session.
    if (series.every((closes) => closes[t]! > 0 && closes[t - 1]! > 0)) kept.push(t);
  }
  kept.reverse();
  return {
    stocks: series.map((closes) => kept.map((t) => closes[t]! / closes[t - 1]! - 1)),
    index: kept.map((t) => ratio(history.index[t], history.index[t - 1])!),
    dates: kept.map((t) => history.dates[t]!),
  };
}

/** A stock's bars on the axis, oldest first (for its traded value). */
export function barsOnAxis(history: DailyHistory, symbol: string): DailyBar[] {
  const bars = history.bars.get(symbol);
  if (!bars) return [];
  return history.dates.flatMap((date) => {
    const bar = bars.get(date);
    return bar ? [bar] : [];
  });
}
