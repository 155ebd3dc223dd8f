import { MISSING_VALUE } from './format-inr';

/**
 * Made on first use, not at module load: building a time-zone formatter costs 20-50 ms on a slow
 * phone's CPU, and this module is on the dashboard's path to its figures (docs/decisions/0046).
 */
function lazyFormat(options: Intl.DateTimeFormatOptions): (date: Date) => string {
  let format: Intl.DateTimeFormat | undefined;
  return (date) => {
    format ??= new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', hour12: false, ...options });
    return format.format(date);
  };
}

const istClock = lazyFormat({ hour: '2-digit', minute: '2-digit' });

/** "10:31" in IST, the exchange's time, from an ISO timestamp; the dash for none or a bad one. */
export function formatIstClock(iso: string | null | undefined): string {
  if (!iso) return MISSING_VALUE;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? MISSING_VALUE : istClock(date);
}

const istDateTime = lazyFormat({ day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

/** "5 Jan, 09:30" in IST, for an event that may be days old (a halt, an alert); the dash for none. */
export function formatIstDateTime(iso: string | null | undefined): string {
  if (!iso) return MISSING_VALUE;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? MISSING_VALUE : istDateTime(date);
}

const istDate = lazyFormat({ day: 'numeric', month: 'short', year: 'numeric' });

/** "2 Nov 2026", the IST day, for a daily bar or anything dated by the exchange's day; the dash for none. */
export function formatIstDate(iso: string | null | undefined): string {
  if (!iso) return MISSING_VALUE;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? MISSING_VALUE : istDate(date);
}

const istDay = lazyFormat({ weekday: 'short', day: 'numeric', month: 'short' });

/** "Fri 27 Nov", the IST trading day with its weekday, for news of the last session; the dash for none. */
export function formatIstDay(iso: string | null | undefined): string {
  if (!iso) return MISSING_VALUE;
  const date = new Date(iso);
  // Intl writes "Fri, 27 Nov" in en-IN; the label reads better without the comma.
  return Number.isNaN(date.getTime()) ? MISSING_VALUE : istDay(date).replace(',', '');
}

const istDateTimeWithYear = lazyFormat({
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** "2 Nov 2026, 09:15" in IST, for a moment that may be years old (a stored one-minute bar). */
export function formatIstDateTimeWithYear(iso: string | null | undefined): string {
  if (!iso) return MISSING_VALUE;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? MISSING_VALUE : istDateTimeWithYear(date);
}

/** How old a figure is, in words: "40 s", "3 min", "2 h 5 min", "3 days". */
export function formatAge(milliseconds: number): string {
  const seconds = Math.max(0, Math.floor(milliseconds / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return `${days} day${days === 1 ? '' : 's'}`;
}
