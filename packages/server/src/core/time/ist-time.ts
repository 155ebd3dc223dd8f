/**
 * Indian Standard Time arithmetic on epoch milliseconds. IST is UTC+05:30 all year (India has no
 * daylight saving), so a fixed offset is exact. Only UTC getters are used on shifted timestamps:
 * the machine's own time zone never leaks into a market date.
 */
export const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;
export const DAY_MS = 86_400_000;

/** A calendar date in IST, 'YYYY-MM-DD'. */
export type IstDate = string;

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export interface DateParts {
  year: number;
  month: number;
  day: number;
}

/** Splits 'YYYY-MM-DD', refusing impossible dates such as 2026-02-30. */
export function parseIstDate(date: IstDate): DateParts {
  const match = DATE_PATTERN.exec(date);
  if (match) {
    const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const probe = new Date(Date.UTC(year, month - 1, day));
    if (probe.getUTCFullYear() === year && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day) {
      return { year, month, day };
    }
  }
  throw new RangeError(`Invalid date ${JSON.stringify(date)}: expected YYYY-MM-DD`);
}

/** The last date formatted, by IST day number: most calls in a row fall on the same day. */
const lastDate = { day: Number.NaN, date: '' };

/** The IST calendar date at an instant. */
export function istDateOf(ts: number): IstDate {
  const day = Math.floor((ts + IST_OFFSET_MS) / DAY_MS);
  if (day !== lastDate.day) {
    lastDate.date = new Date(ts + IST_OFFSET_MS).toISOString().slice(0, 10);
    lastDate.day = day;
  }
  return lastDate.date;
}

/** Milliseconds since IST midnight at an instant. */
export function istMsOfDay(ts: number): number {
  const shifted = (ts + IST_OFFSET_MS) % DAY_MS;
  return shifted < 0 ? shifted + DAY_MS : shifted;
}

/** The instant of 00:00 IST on a date. */
export function istMidnight(date: IstDate): number {
  const { year, month, day } = parseIstDate(date);
  return Date.UTC(year, month - 1, day) - IST_OFFSET_MS;
}

/** The instant of hh:mm IST on a date. */
export function istTimestamp(date: IstDate, hours: number, minutes: number): number {
  return istMidnight(date) + (hours * 60 + minutes) * 60_000;
}

export function addDays(date: IstDate, days: number): IstDate {
  const { year, month, day } = parseIstDate(date);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(date: IstDate): number {
  const { year, month, day } = parseIstDate(date);
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

export function isWeekend(date: IstDate): boolean {
  const weekday = weekdayOf(date);
  return weekday === 0 || weekday === 6;
}

/** 'Mon 23 Nov 2026 09:15 IST' — for messages a trader reads. */
export function formatIst(ts: number): string {
  const shifted = new Date(ts + IST_OFFSET_MS);
  const hh = String(shifted.getUTCHours()).padStart(2, '0');
  const mm = String(shifted.getUTCMinutes()).padStart(2, '0');
  const weekday = WEEKDAYS[shifted.getUTCDay()];
  const month = MONTHS[shifted.getUTCMonth()];
  return `${weekday} ${shifted.getUTCDate()} ${month} ${shifted.getUTCFullYear()} ${hh}:${mm} IST`;
}
