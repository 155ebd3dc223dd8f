// The calendar's public surface: the NSE market clock and the holiday data it runs on.
export type { IstDate } from '../../../core/time/ist-time';
export { formatIst, istDateOf } from '../../../core/time/ist-time';
export {
  hasHolidayList,
  holidayOn,
  NSE_HOLIDAYS,
  NSE_SPECIAL_SESSIONS,
  type NseHoliday,
  type NseSpecialSession,
} from '../../../core/time/nse-holidays';
export { NSE_SESSION_TIMES, type SessionPhase } from '../../../core/time/nse-session';
export {
  CONTINUOUS_SESSION_DESCRIPTION,
  MarketClock,
  type MarketClockOptions,
  type MarketSession,
  type SessionBounds,
} from './market-clock';
