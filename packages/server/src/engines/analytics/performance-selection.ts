import type { PerformancePeriod } from '@td/contracts';
import { addDays, parseIstDate } from '../../core/time/ist-time';
import type { Bucket, LedgerHistory } from './ledger-history';
import { emptyTotals, mergeTotals, type TradeTotals } from './trade-totals';

export interface SelectionQuery {
  period: PerformancePeriod;
  strategy?: string | undefined;
  symbol?: string | undefined;
}

/** The daily series and closed trades one period and filter cover. Money in paise. */
export interface Selection {
  /** The period's sessions; on a day without a session in the window (a Saturday's day), the last one. */
  days: string[];
  /** The period's first calendar date (its window, not its first session) and last (today). */
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

const MONTHS_BACK = { month: 1, quarter: 3, year: 12 } as const;

/**
 * spec part 2 §9 periods as trailing windows ending today: the period's first calendar date. A window
 * starts the day after the same date one, three or twelve months back, clamped to that month's end
 * (31 March's month starts after 28/29 February: all of March); a week is the 7 days ending today.
 */
export function periodStart(period: PerformancePeriod, today: string, firstDay: string): string {
  let start: string;
  if (period === 'day') start = today;
  else if (period === 'week') start = addDays(today, -6);
  else if (period === 'all') start = firstDay;
  else start = addDays(monthsBack(today, MONTHS_BACK[period]), 1);
  return start < firstDay ? firstDay : start;
}

/** The same day `months` calendar months earlier, or that month's last day when it is shorter. */
export function monthsBack(date: string, months: number): string {
  const { year, month, day } = parseIstDate(date);
  const lastDay = new Date(Date.UTC(year, month - 1 - months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month - 1 - months, Math.min(day, lastDay))).toISOString().slice(0, 10);
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
  const to = history.today;
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
