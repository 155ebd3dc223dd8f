import type { MarketClock } from './market-clock';

/**
 * Questions for the time-zone test whose IST answers differ from local-time answers in far-off
 * zones. Kept in its own module so a child Node process with another TZ can import it too.
 */
const ist = (wallTime: string): number => Date.parse(`${wallTime}+05:30`);

export function askClock(clock: MarketClock) {
  return {
    dateJustAfterIstMidnight: clock.sessionAt(ist('2026-01-27T00:30:00')).date,
    dateJustBeforeIstMidnight: clock.sessionAt(ist('2026-01-26T23:59:59')).date,
    republicDayMorning: clock.sessionAt(ist('2026-01-26T09:30:00')),
    openAt0914: clock.isOpen(ist('2026-01-27T09:14:59')),
    openAt0915: clock.isOpen(ist('2026-01-27T09:15:00')),
    openAt1529: clock.isOpen(ist('2026-01-27T15:29:59')),
    openAt1530: clock.isOpen(ist('2026-01-27T15:30:00')),
    nextOpenAfterFridayClose: clock.nextOpen(ist('2026-11-20T16:00:00')),
    previousDays: clock.previousTradingDays(3, ist('2026-01-27T10:00:00')),
    describeHoliday: clock.describe(ist('2026-01-26T09:30:00')),
  };
}

export const EXPECTED_IST_ANSWERS = {
  dateJustAfterIstMidnight: '2026-01-27',
  dateJustBeforeIstMidnight: '2026-01-26',
  republicDayMorning: {
    phase: 'closed',
    isOpen: false,
    tradingDay: false,
    date: '2026-01-26',
    holiday: 'Republic Day',
    warning: null,
    simulated: false,
  },
  openAt0914: false,
  openAt0915: true,
  openAt1529: true,
  openAt1530: false,
  nextOpenAfterFridayClose: Date.UTC(2026, 10, 23, 3, 45),
  previousDays: ['2026-01-21', '2026-01-22', '2026-01-23'],
  describeHoliday: 'NSE closed (holiday: Republic Day); opens Tue 27 Jan 2026 09:15 IST',
};
