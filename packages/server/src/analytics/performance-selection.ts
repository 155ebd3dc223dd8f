import type { PerformancePeriod } from '@td/contracts';
import type { Bucket, LedgerHistory } from './ledger-history';
import { emptyTotals, mergeTotals, type TradeTotals } from './trade-totals';

export interface SelectionQuery {
  period: PerformancePeriod;
  strategy?: string | undefined;
  symbol?: string | undefined;
}

/** The daily series and closed trades one period and filter cover. Money in paise. */
export interface Selection {
  /** Axis days of the period, and where the period starts on the whole axis. */
  days: string[];
  /** The period's first calendar date (its window, not its first session) and last. */
  from: string;
  to: string;
  /** Per period day: P&L, equity at the close, return, closed trades, of them won, exposure. */
  pnl: number[];
  equity: number[];
  returns: number[];
  trades: number[];
  wins: number[];
  exposed: number[];
  /** Closed trades of the period (exit inside it): all of them, and per bucket the filter kept. */
  totals: TradeTotals;
  groups: { symbol: string; strategy: string; totals: TradeTotals }[];
}

/** spec part 2 §9 periods as trailing windows ending today: the period's first calendar date. */
export function periodStart(period: PerformancePeriod, today: string, firstDay: string): string {
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  const back = (months: number, days: number) =>
    new Date(Date.UTC(year, month - 1 - months, day - days)).toISOString().slice(0, 10);
  const start: Record<PerformancePeriod, string> = {
    day: today,
    week: back(0, 6),
    month: back(1, -1),
    quarter: back(3, -1),
    year: back(12, -1),
    all: firstDay,
  };
  return start[period] < firstDay ? firstDay : start[period];
}

const matches = (bucket: Bucket, query: SelectionQuery) =>
  (query.strategy === undefined || bucket.strategy === query.strategy) &&
  (query.symbol === undefined || bucket.symbol === query.symbol);

/**
 * Sums the buckets the filter keeps, adds the open lots' move to the live price on today, and rolls
 * equity forward from the account's capital: equity(d) = equity(d−1) + deposits(d) + P&L(d), and the
 * day's return = P&L(d) / (equity(d−1) + deposits(d)) (money put in counts from the day's start).
 */
export function selectPeriod(
  history: LedgerHistory,
  query: SelectionQuery,
  livePrice: (symbol: string) => number | undefined,
): Selection | null {
  const n = history.days.length;
  if (n === 0) return null;
  const to = history.days[n - 1]!;
  const from = periodStart(query.period, to, history.days[0]!);
  let start = 0;
  while (start < n - 1 && history.days[start]! < from) start += 1;

  const kept = history.buckets.filter((bucket) => matches(bucket, query));
  const pnl = new Float64Array(n);
  for (const bucket of kept) for (let d = 0; d < n; d += 1) pnl[d]! += bucket.pnl[d]!;
  for (const lot of history.openLots) {
    if (!matches(history.buckets[lot.bucket]!, query)) continue;
    pnl[n - 1]! += lot.quantity * ((livePrice(lot.symbol) ?? lot.markPaise) - lot.markPaise);
  }

  const selection: Selection = {
    days: history.days.slice(start),
    from,
    to,
    pnl: [],
    equity: [],
    returns: [],
    trades: [],
    wins: [],
    exposed: [],
    totals: emptyTotals(),
    groups: [],
  };
  let equity = history.capitalPaise;
  for (let d = 0; d < n; d += 1) {
    const base = equity + history.flows[d]!;
    equity = base + pnl[d]!;
    if (d < start) continue;
    let trades = 0;
    let wins = 0;
    let exposed = 0;
    for (const bucket of kept) {
      trades += bucket.trades[d]!;
      wins += bucket.wins[d]!;
      exposed |= bucket.exposed[d]!;
    }
    selection.pnl.push(pnl[d]!);
    selection.equity.push(equity);
    selection.returns.push(base > 0 ? pnl[d]! / base : 0);
    selection.trades.push(trades);
    selection.wins.push(wins);
    selection.exposed.push(exposed);
  }
  for (const bucket of kept) {
    const totals = bucket.suffix.from(firstAtOrAfter(bucket.tripDays, start));
    if (totals.total === 0) continue;
    mergeTotals(selection.totals, totals);
    selection.groups.push({ symbol: bucket.symbol, strategy: bucket.strategy, totals });
  }
  return selection;
}

/** Binary search in ascending day indexes. */
function firstAtOrAfter(days: Int32Array, day: number): number {
  let low = 0;
  let high = days.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (days[mid]! < day) low = mid + 1;
    else high = mid;
  }
  return low;
}
