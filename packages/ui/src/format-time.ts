import { MISSING_VALUE } from './format-inr';

const IST_CLOCK = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** "10:31" in IST, the exchange's time, from an ISO timestamp; the dash for none or a bad one. */
export function formatIstClock(iso: string | null | undefined): string {
  if (!iso) return MISSING_VALUE;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? MISSING_VALUE : IST_CLOCK.format(date);
}
