import { due, runToEnd, type Steps } from '../../core/time-slices';
import { closingMarkSteps, dateOfDayNumber, sessionAxisSteps } from './history-axis';
import { type AnalyticsFill, type RoundTrip, roundTripSteps } from './round-trips';
import { SuffixTotals } from './trade-totals';

const DAY_MS = 86_400_000;
const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;

/** The IST day number of an instant (days since 1970-01-01 IST). */
export const istDayNumber = (ts: number) => Math.floor((ts + IST_OFFSET_MS) / DAY_MS);

/** What the reader hands over: plain data from the ledger and the market, money in paise. */
export interface LedgerHistoryInput {
  /**
   * The account's current capital and when it was set (opened, or last reset); null: never opened.
   * Fills stamped earlier (a replayed history) start the series on their own day, with this capital.
   */
  baseline: { ts: number; capitalPaise: number } | null;
  /** Money put in (+) or taken out (−) after the baseline. */
  flows: readonly { ts: number; amountPaise: number }[];
  /** Fills after the baseline, in time order. */
  fills: readonly AnalyticsFill[];
  /** Now; today's session is marked at the live price, per request (see openLots). */
  now: number;
  /** Whether an IST date (YYYY-MM-DD) was a trading session. */
  isSession(date: string): boolean;
  /** A symbol's session closes by IST date, paise (past sessions; today's is the live price). */
  closes(symbol: string): ReadonlyMap<string, number> | undefined;
}

/** One symbol traded under one strategy: its share of every daily figure. */
export interface Bucket {
  symbol: string;
  strategy: string;
  /** Per day of the axis: P&L marked to the close (paise, after charges), trades closed, of them won. */
  pnl: Float64Array;
  trades: Int32Array;
  wins: Int32Array;
  /** 1 on a day a position was open at any moment. */
  exposed: Uint8Array;
  /** Closed trades by exit time, and the axis day each closed on. */
  trips: RoundTrip[];
  tripDays: Int32Array;
  /** The trade totals of trips i … end, for a period's suffix in one lookup. */
  suffix: SuffixTotals;
}

/** An open lot's move from its last fixed mark to the live price is today's, computed per request. */
export interface OpenLotMark {
  bucket: number;
  symbol: string;
  quantity: number;
  markPaise: number;
}

export interface LedgerHistory {
  /**
   * The axis: the NSE sessions from the baseline to today (decision 0011). A weekend or holiday is not a
   * day of the series: what happened on it counts on the next session, or on the last one when none has
   * come yet (today on a Saturday); only an account with no session at all has today alone.
   */
  days: string[];
  /** Today's IST date, where the trailing windows end (on a Saturday, a day after the last session). */
  today: string;
  capitalPaise: number;
  /** Deposits (+) and withdrawals (−) per day. */
  flows: Float64Array;
  buckets: Bucket[];
  openLots: OpenLotMark[];
  strategies: string[];
  symbols: string[];
}

/**
 * Every closed trade and every open lot marked to each session's close, split by symbol × strategy so
 * a filter is a sum of buckets. A lot's P&L on a day is quantity × (close − previous mark), the first
 * mark being its entry price and the last its exit (or, today, the live price): summed over the
 * account this is exactly the change of cash + holdings at the closes, charges included.
 */
export function buildLedgerHistory(input: LedgerHistoryInput): LedgerHistory {
  return runToEnd(ledgerHistorySteps(input));
}

/** buildLedgerHistory as steps, yielding every few hundred items: runSliced keeps each slice short. */
export function* ledgerHistorySteps(input: LedgerHistoryInput): Steps<LedgerHistory> {
  const empty = { capitalPaise: 0, flows: new Float64Array(0), buckets: [], openLots: [] };
  if (!input.baseline) {
    return {
      ...empty,
      days: [],
      today: dateOfDayNumber(istDayNumber(input.now)),
      strategies: [],
      symbols: [],
    };
  }
  const first = istDayNumber(Math.min(input.baseline.ts, input.fills[0]?.ts ?? Number.POSITIVE_INFINITY));
  const today = Math.max(istDayNumber(input.now), first);
  const { days, indexOfDay } = yield* sessionAxisSteps(first, today, input.isSession);
  const dayIndex = (ts: number) => indexOfDay[Math.min(Math.max(istDayNumber(ts), first), today) - first]!;

  const flows = new Float64Array(days.length);
  for (const flow of input.flows) flows[dayIndex(flow.ts)]! += flow.amountPaise;

  const marks = yield* closingMarkSteps(input, days, dayIndex);
  const { trips, open } = yield* roundTripSteps(input.fills);
  const buckets: Bucket[] = [];
  const bucketOf = new Map<string, Bucket>();
  const bucketFor = (symbol: string, strategy: string) => {
    const key = `${symbol}\u0000${strategy}`;
    let bucket = bucketOf.get(key);
    if (!bucket) {
      const n = days.length;
      bucket = {
        symbol,
        strategy,
        pnl: new Float64Array(n),
        trades: new Int32Array(n),
        wins: new Int32Array(n),
        exposed: new Uint8Array(n),
        trips: [],
        tripDays: new Int32Array(0),
        suffix: new SuffixTotals([]),
      };
      bucketOf.set(key, bucket);
      buckets.push(bucket);
    }
    return bucket;
  };

  const todayIndex = days.length - 1;
  const tripDays = new Map<Bucket, number[]>();
  for (const [i, trip] of trips.entries()) {
    if (due(i)) yield;
    const bucket = bucketFor(trip.symbol, trip.strategy);
    const entry = dayIndex(trip.entryTs);
    const exit = dayIndex(trip.exitTs);
    const symbolMarks = marks.get(trip.symbol)!;
    const ref = markThrough(bucket, symbolMarks, trip.quantity, trip.entryPricePaise, entry, exit);
    bucket.pnl[entry]! -= trip.entryChargesPaise;
    bucket.pnl[exit]! += trip.quantity * (trip.exitPricePaise - ref) - trip.exitChargesPaise;
    bucket.trades[exit]! += 1;
    if (trip.pnlPaise > 0) bucket.wins[exit]! += 1;
    bucket.trips.push(trip);
    const list = tripDays.get(bucket);
    if (list) list.push(exit);
    else tripDays.set(bucket, [exit]);
  }
  const openLots: OpenLotMark[] = [];
  for (const [i, lot] of open.entries()) {
    if (due(i)) yield;
    const bucket = bucketFor(lot.symbol, lot.strategy);
    const entry = dayIndex(lot.entryTs);
    const ref = markThrough(
      bucket,
      marks.get(lot.symbol)!,
      lot.quantity,
      lot.entryPricePaise,
      entry,
      todayIndex,
    );
    bucket.pnl[entry]! -= lot.entryChargesPaise;
    openLots.push({
      bucket: buckets.indexOf(bucket),
      symbol: lot.symbol,
      quantity: lot.quantity,
      markPaise: ref,
    });
  }
  for (const bucket of buckets) {
    // Trips arrive in exit order already (fills are read in time order); the days follow them.
    bucket.tripDays = Int32Array.from(tripDays.get(bucket) ?? []);
    bucket.suffix = yield* SuffixTotals.steps(bucket.trips);
    yield;
  }
  const strategies = new Set<string>();
  const symbols = new Set<string>();
  for (const [i, trip] of trips.entries()) {
    if (due(i, 4096)) yield;
    strategies.add(trip.strategy);
    symbols.add(trip.symbol);
  }
  return {
    days,
    today: dateOfDayNumber(today),
    capitalPaise: input.baseline.capitalPaise,
    flows,
    buckets,
    openLots,
    strategies: [...strategies].sort(),
    symbols: [...symbols].sort(),
  };
}

/**
 * Books a lot's moves from the entry price through each close before `last`, marks it exposed from
 * entry to `last`, and returns its last mark (what the final day's move is measured from).
 */
function markThrough(
  bucket: Bucket,
  marks: Float64Array,
  quantity: number,
  entryPricePaise: number,
  entry: number,
  last: number,
): number {
  let ref = entryPricePaise;
  for (let day = entry; day < last; day += 1) {
    bucket.exposed[day] = 1;
    const mark = marks[day]!;
    if (Number.isNaN(mark)) continue; // no close known that day: the move lands on the next known one
    bucket.pnl[day]! += quantity * (mark - ref);
    ref = mark;
  }
  bucket.exposed[last] = 1;
  return ref;
}
