import type { AccountId } from '../../core/orders';
import type { Steps } from '../../core/time-slices';
import type { AnalyticsReader } from './analytics-reader';
import type { AnalyticsFill } from './round-trips';

/**
 * Fills with a rowid in (after, upTo], a page of rowids per step, in the order one read gives
 * (time, then rowid): pages come in rowid order, so a stable sort by time, when one is needed, is it.
 */
export function* fillPages(
  reader: Pick<AnalyticsReader, 'fillsBetween'>,
  account: AccountId,
  [after, upTo]: [number, number],
  since: number,
  page: number,
): Steps<AnalyticsFill[]> {
  const fills: AnalyticsFill[] = [];
  let sorted = true;
  for (let from = after; from < upTo; from += page) {
    const rows = reader.fillsBetween(account, from, Math.min(from + page, upTo), since);
    if (rows.length > 0 && fills.length > 0 && rows[0]!.ts < fills.at(-1)!.ts) sorted = false;
    for (const fill of rows) fills.push(fill);
    yield;
  }
  if (!sorted) fills.sort((a, b) => a.ts - b.ts);
  return fills;
}
