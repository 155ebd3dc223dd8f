import type { IstDate } from './ist-time';

/**
 * NSE capital-market session timings (IST) and the phase a moment of the day falls in.
 * Pre-open order entry 09:00–09:08, order matching and buffer 09:08–09:15, normal market
 * 09:15–15:30, closing-price calculation 15:30–15:40, closing session 15:40–16:00.
 */
export type SessionPhase = 'pre_open' | 'pre_open_matching' | 'normal' | 'post_close' | 'closing' | 'closed';

const MINUTE_MS = 60_000;
const at = (hours: number, minutes: number): number => (hours * 60 + minutes) * MINUTE_MS;

/** Offsets from IST midnight, ms. Each phase starts at its time and ends just before the next. */
export const NSE_SESSION_TIMES = {
  preOpenStart: at(9, 0),
  preOpenEnd: at(9, 8),
  normalOpen: at(9, 15),
  normalClose: at(15, 30),
  closingStart: at(15, 40),
  closingEnd: at(16, 0),
} as const;

/** The phase at a moment of a trading day, given as ms since IST midnight. */
export function phaseAtMsOfDay(msOfDay: number): SessionPhase {
  const t = NSE_SESSION_TIMES;
  if (msOfDay < t.preOpenStart) return 'closed';
  if (msOfDay < t.preOpenEnd) return 'pre_open';
  if (msOfDay < t.normalOpen) return 'pre_open_matching';
  if (msOfDay < t.normalClose) return 'normal';
  if (msOfDay < t.closingStart) return 'post_close';
  if (msOfDay < t.closingEnd) return 'closing';
  return 'closed';
}

/** Where a moment stands in the NSE calendar: the phase, whether it trades, and why not. */
export interface MarketSession {
  phase: SessionPhase;
  /** True only in the normal market, 09:15–15:30 IST (always, in a continuous demo session). */
  isOpen: boolean;
  tradingDay: boolean;
  /** The IST calendar date. */
  date: IstDate;
  /** The holiday that closes this weekday, e.g. 'Republic Day'. */
  holiday: string | null;
  /** Set when the date's year has no holiday list, so the answer may be wrong. */
  warning: string | null;
  /** True in the simulator's continuous demo session, which ignores the calendar. */
  simulated: boolean;
}
