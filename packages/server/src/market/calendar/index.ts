// The calendar's public surface: the NSE market clock and the holiday data it runs on.
export type { IstDate } from './ist-time';
export { formatIst, istDateOf } from './ist-time';
export {
  CONTINUOUS_SESSION_DESCRIPTION,
  MarketClock,
  type MarketClockOptions,
  type MarketSession,
  type SessionBounds,
} from './market-clock';
export {
  hasHolidayList,
  holidayOn,
  NSE_HOLIDAYS,
  NSE_SPECIAL_SESSIONS,
  type NseHoliday,
  type NseSpecialSession,
} from './nse-holidays';
export { NSE_SESSION_TIMES, type SessionPhase } from './nse-session';
