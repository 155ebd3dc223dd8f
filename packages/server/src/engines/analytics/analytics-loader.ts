import type { AccountId } from '../../core/orders';
import type { Steps } from '../../core/time-slices';
import type { AnalyticsReader, LedgerPosition } from './analytics-reader';
import { fillsSince } from './analytics-reader';
import { fillPages } from './fill-pages';
import { type LedgerHistory, type LedgerHistoryInput, ledgerHistorySteps } from './ledger-history';
import type { AnalyticsFill } from './round-trips';

/**
 * What a build reads: the ledger's rows, the calendar and the simulator's closes. The server's
 * AnalyticsReader on the main thread, or the rebuild worker's own read-only connection.
 */
export type LoaderReads = Pick<
  AnalyticsReader,
  | 'baselineBetween'
  | 'amountBetween'
  | 'flowsBetween'
  | 'fillsBetween'
  | 'nowMs'
  | 'isSession'
  | 'closes'
  | 'hasReplayedOrders'
>;

/** What the history was built from, kept so the next ledger change only reads the rows after it. */
export interface LoadedLedger {
  account: AccountId;
  position: LedgerPosition;
  date: string;
  simulatedFeed: boolean;
  input: LedgerHistoryInput & { flows: LedgerHistoryInput['flows'][number][]; fills: AnalyticsFill[] };
  history: LedgerHistory;
  replayed: boolean;
  /** Serialised answers for this history, by request and live marks. */
  answers: Map<string, string>;
}

/** Which rows, day and feed a history (here or in the rebuild worker) was built for. */
export type BuiltFor = Pick<LoadedLedger, 'account' | 'position' | 'date' | 'simulatedFeed'>;

/** What a build must reach: the ledger's newest rows and the day and feed the history is for. */
export interface LoadTarget {
  account: AccountId;
  newest: { entryId: number; fillRowid: number };
  date: string;
  simulatedFeed: boolean;
}

/**
 * Fills read per step: under 1 ms of SQLite on the bench ledger at idle (a 5,000-row read took
 * 25 ms), so a cold read of 200,000 fills no longer holds the event loop for a second and a half.
 * 500 a step measured 7–35 ms a step on a loaded machine (0047): half that keeps a step in budget.
 */
export const FILL_PAGE = 250;

/** Ledger entry ids looked at per step by the reads that go by id range (about 1 ms a range). */
export const ENTRY_PAGE = 5_000;

export function targetOf(reader: AnalyticsReader, account: AccountId): LoadTarget {
  return { account, newest: reader.newest(), date: reader.today(), simulatedFeed: reader.simulatedFeed() };
}

/** Whether `loaded` answers for `target`: same account, feed and day, and no row newer than it read. */
export function covers<T extends BuiltFor>(loaded: T | null, target: LoadTarget): loaded is T {
  return (
    loaded !== null &&
    loaded.account === target.account &&
    loaded.simulatedFeed === target.simulatedFeed &&
    loaded.date === target.date &&
    loaded.position.entryId >= target.newest.entryId &&
    loaded.position.fillRowid >= target.newest.fillRowid
  );
}

/**
 * The history for `target`: `last` itself when nothing moved, the rows added since appended when the
 * account was not reset, else everything read again. Nothing shared with `last` is changed, so a
 * build dropped half way (superseded, or the server stopping) leaves `last` as it was.
 */
export function* loadSteps(
  reader: LoaderReads,
  last: LoadedLedger | null,
  target: LoadTarget,
  page = FILL_PAGE,
): Steps<LoadedLedger> {
  const { account, newest, date, simulatedFeed } = target;
  const same = last !== null && last.account === account && last.simulatedFeed === simulatedFeed;
  if (
    same &&
    last.date === date &&
    last.position.entryId === newest.entryId &&
    last.position.fillRowid === newest.fillRowid
  ) {
    return last;
  }
  if (same) {
    // Only a reset (or a first opening) among the new entries moves where the figures start.
    const reset = yield* baselinePages(reader, account, [last.position.entryId, newest.entryId]);
    if (!reset && last.position.baseline) {
      return yield* appendSteps(reader, last, { ...newest, baseline: last.position.baseline }, date, page);
    }
  }
  const baseline = (yield* baselinePages(reader, account, [0, newest.entryId])) ?? null;
  const position = { ...newest, baseline };
  const capitalPaise = baseline ? yield* capitalPages(reader, account, baseline.id) : 0;
  const input = {
    baseline: baseline ? { ts: baseline.ts, capitalPaise } : null,
    flows: baseline ? yield* flowPages(reader, account, [baseline.id, position.entryId]) : [],
    fills: baseline
      ? yield* fillPages(reader, account, [0, position.fillRowid], fillsSince(baseline), page)
      : [],
    now: reader.nowMs(),
    isSession: reader.isSession,
    closes: reader.closes,
  };
  const history = yield* ledgerHistorySteps(input);
  yield; // the history's last step and this look-up are each a few ms: not in one slice
  const replayed = reader.hasReplayedOrders(account);
  return { account, position, date, simulatedFeed, input, history, replayed, answers: new Map() };
}

/** Adds only the rows written since the last build (the account was not reset in between). */
function* appendSteps(
  reader: LoaderReads,
  last: LoadedLedger,
  position: LedgerPosition,
  date: string,
  page: number,
): Steps<LoadedLedger> {
  const since = position.baseline ? fillsSince(position.baseline) : 0;
  const flows = yield* flowPages(reader, last.account, [last.position.entryId, position.entryId]);
  const rows: [number, number] = [last.position.fillRowid, position.fillRowid];
  const fills = yield* fillPages(reader, last.account, rows, since, page);
  const input = {
    ...last.input,
    flows: [...last.input.flows, ...flows],
    fills: last.input.fills.concat(fills),
    now: reader.nowMs(),
  };
  const lastTs = last.input.fills.at(-1)?.ts ?? Number.NEGATIVE_INFINITY;
  // A fill stamped before the newest one read (clocks, imports) keeps the time order by a sort.
  if (fills.length > 0 && fills[0]!.ts < lastTs) input.fills.sort((a, b) => a.ts - b.ts);
  const history = yield* ledgerHistorySteps(input);
  return { ...last, position, date, input, history, answers: new Map() };
}

/** The latest opening balance or reset with an id in (after, upTo]: ranges read newest first. */
function* baselinePages(reader: LoaderReads, account: AccountId, [after, upTo]: [number, number]) {
  for (let to = upTo; to > after; to -= ENTRY_PAGE) {
    const baseline = reader.baselineBetween(account, Math.max(after, to - ENTRY_PAGE), to);
    if (baseline) return baseline;
    yield;
  }
  return undefined;
}

/** capitalAt, summed a range of ids at a time (the same integer paise, so the same sum). */
function* capitalPages(reader: LoaderReads, account: AccountId, upTo: number): Steps<number> {
  let capital = 0;
  for (let from = 0; from < upTo; from += ENTRY_PAGE) {
    capital += reader.amountBetween(account, from, Math.min(from + ENTRY_PAGE, upTo));
    yield;
  }
  return capital;
}

/** Deposits and withdrawals with an id in (after, upTo], a range of ids at a time, in id order. */
function* flowPages(reader: LoaderReads, account: AccountId, [after, upTo]: [number, number]) {
  const flows: { ts: number; amountPaise: number }[] = [];
  for (let from = after; from < upTo; from += ENTRY_PAGE) {
    for (const flow of reader.flowsBetween(account, from, Math.min(from + ENTRY_PAGE, upTo)))
      flows.push(flow);
    yield;
  }
  return flows;
}
