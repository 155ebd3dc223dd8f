import type { IstDate } from './ist-time';

export interface NseHoliday {
  date: IstDate;
  name: string;
}

/** A weekend date on which NSE ran a full normal session (e.g. Union Budget day). */
export interface NseSpecialSession {
  date: IstDate;
  reason: string;
}

/**
 * NSE capital-market trading holidays that fall on weekdays, per calendar year. Weekend holidays
 * are left out: the clock already closes weekends. A year missing here is NOT a year without
 * holidays — see hasHolidayList(). Add the next year when NSE publishes its circular (mid-December).
 *
 * 2025: NSE circular NSE/CMTR/65587 (13 Dec 2024).
 * 2026: NSE circular NSE/CMTR/71775 (12 Dec 2025), plus 15 Jan added by NSE/CMTR/72260 (12 Jan 2026).
 * Muhurat trading (a one-hour evening session on Diwali) is not modelled: those days stay holidays.
 */
export const NSE_HOLIDAYS: Readonly<Record<number, readonly NseHoliday[]>> = {
  2025: [
    { date: '2025-02-26', name: 'Mahashivratri' },
    { date: '2025-03-14', name: 'Holi' },
    { date: '2025-03-31', name: 'Id-Ul-Fitr (Ramadan Eid)' },
    { date: '2025-04-10', name: 'Shri Mahavir Jayanti' },
    { date: '2025-04-14', name: 'Dr. Baba Saheb Ambedkar Jayanti' },
    { date: '2025-04-18', name: 'Good Friday' },
    { date: '2025-05-01', name: 'Maharashtra Day' },
    { date: '2025-08-15', name: 'Independence Day' },
    { date: '2025-08-27', name: 'Ganesh Chaturthi' },
    { date: '2025-10-02', name: 'Mahatma Gandhi Jayanti / Dussehra' },
    { date: '2025-10-21', name: 'Diwali Laxmi Pujan' },
    { date: '2025-10-22', name: 'Diwali Balipratipada' },
    { date: '2025-11-05', name: 'Prakash Gurpurb Sri Guru Nanak Dev' },
    { date: '2025-12-25', name: 'Christmas' },
  ],
  2026: [
    { date: '2026-01-15', name: 'Municipal Corporation Elections in Maharashtra' },
    { date: '2026-01-26', name: 'Republic Day' },
    { date: '2026-03-03', name: 'Holi' },
    { date: '2026-03-26', name: 'Shri Ram Navami' },
    { date: '2026-03-31', name: 'Shri Mahavir Jayanti' },
    { date: '2026-04-03', name: 'Good Friday' },
    { date: '2026-04-14', name: 'Dr. Baba Saheb Ambedkar Jayanti' },
    { date: '2026-05-01', name: 'Maharashtra Day' },
    { date: '2026-05-28', name: 'Bakri Id' },
    { date: '2026-06-26', name: 'Muharram' },
    { date: '2026-09-14', name: 'Ganesh Chaturthi' },
    { date: '2026-10-02', name: 'Mahatma Gandhi Jayanti' },
    { date: '2026-10-20', name: 'Dussehra' },
    { date: '2026-11-10', name: 'Diwali Balipratipada' },
    { date: '2026-11-24', name: 'Prakash Gurpurb Sri Guru Nanak Dev' },
    { date: '2026-12-25', name: 'Christmas' },
  ],
};

/**
 * Weekend days with a normal 09:15–15:30 session. 2025-02-01 (Saturday) and 2026-02-01 (Sunday,
 * NSE/CMTR/72349) were Union Budget days.
 */
export const NSE_SPECIAL_SESSIONS: readonly NseSpecialSession[] = [
  { date: '2025-02-01', reason: 'Union Budget (live trading on a Saturday)' },
  { date: '2026-02-01', reason: 'Union Budget (live trading on a Sunday)' },
];

/** Whether the holiday list for a year is known; without it holidays cannot be told from trading days. */
export function hasHolidayList(year: number, holidays = NSE_HOLIDAYS): boolean {
  return Object.hasOwn(holidays, year);
}

/** The holiday on a date, or undefined (also when the year has no list: check hasHolidayList). */
export function holidayOn(date: IstDate, holidays = NSE_HOLIDAYS): NseHoliday | undefined {
  return holidays[Number(date.slice(0, 4))]?.find((holiday) => holiday.date === date);
}

export function missingHolidayListMessage(year: number): string {
  return `NSE holiday list missing for ${year}: weekdays are treated as trading days until it is added`;
}
