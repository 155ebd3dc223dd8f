import type { NewsWindow } from '@td/contracts';
import { DAY_MS, istDateOf, istMidnight } from '../../../core/time/ist-time';
import type { MarketClock } from '../../market/calendar';

const HOUR_MS = 3_600_000;
/** The figures read the last 24 h. */
export const WINDOW_MS = 24 * HOUR_MS;
/** The news of this many trading sessions is kept, and loaded on a mock start: the figures' day and the one before. */
export const SESSIONS_KEPT = 2;
/** Never less than two days, so a quiet weekday still has its change_24h comparison. */
const MIN_RETENTION_MS = 2 * WINDOW_MS;
/** Never more than ten days (no NSE closure comes near it): a broken calendar cannot keep news for ever. */
export const MAX_RETENTION_MS = 10 * DAY_MS;

export const LAST_SESSION_REASON =
  'No headline in the last 24 hours (the market has been shut), so these are the last session’s.';

/**
 * The oldest moment whose news is kept at `now`: the start of the IST day of the older of the last two
 * closed sessions, or two days back when that reaches further; a weekend or a holiday between sessions
 * therefore never empties the store, and the news goes once two newer sessions have happened.
 */
export function keptSince(now: number, clock: Pick<MarketClock, 'previousTradingDays'>): number {
  const byTime = now - MIN_RETENTION_MS;
  let bySessions = byTime;
  try {
    const [oldest] = clock.previousTradingDays(SESSIONS_KEPT, now);
    if (oldest) bySessions = istMidnight(oldest);
  } catch {
    // A calendar that finds no sessions keeps the two days.
  }
  return Math.max(now - MAX_RETENTION_MS, Math.min(byTime, bySessions));
}

/**
 * Which headlines the news and the sentiment figures show at `now`: the last 24 h, or, when those hold
 * no headline (a Monday morning, a weekend, the day after a holiday), the IST day of the last session
 * on or before the newest one, to the end of the newest one's day (a real feed's weekend story with
 * it), said so.
 */
export function newsWindow(
  now: number,
  newestAt: number | null,
  clock: Pick<MarketClock, 'previousTradingDays'>,
): NewsWindow & { fromMs: number; toMs: number } {
  if (newestAt === null || newestAt > now - WINDOW_MS) {
    return window(now - WINDOW_MS, now, 'last_24h', null);
  }
  const newestDayEnd = istMidnight(istDateOf(newestAt)) + DAY_MS - 1;
  let session = istDateOf(newestAt);
  try {
    session = clock.previousTradingDays(1, newestDayEnd)[0] ?? session;
  } catch {
    // A calendar that finds no session: the newest headline's own day.
  }
  const from = Math.max(istMidnight(session), newestDayEnd + 1 - MAX_RETENTION_MS);
  return window(from, Math.min(now, newestDayEnd), 'last_session', LAST_SESSION_REASON);
}

function window(
  fromMs: number,
  toMs: number,
  basis: NewsWindow['basis'],
  reason: string | null,
): NewsWindow & { fromMs: number; toMs: number } {
  return {
    fromMs,
    toMs,
    from: new Date(fromMs).toISOString(),
    to: new Date(toMs).toISOString(),
    basis,
    reason,
  };
}
