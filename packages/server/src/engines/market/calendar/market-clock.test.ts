import { hasHolidayList, holidayOn, NSE_HOLIDAYS } from '../../../core/time/nse-holidays';
import { MarketClock } from './market-clock';

/** An instant given as IST wall time, e.g. ist('2026-01-27T09:15:00'). */
const ist = (wallTime: string): number => Date.parse(`${wallTime}+05:30`);

function clockAt(wallTime: string, options: { continuousSession?: boolean } = {}) {
  let now = ist(wallTime);
  const warnings: string[] = [];
  const clock = new MarketClock({ now: () => now, onWarning: (m) => warnings.push(m), ...options });
  return { clock, warnings, moveTo: (next: string) => (now = ist(next)) };
}

describe('NSE holiday data', () => {
  it('lists 16 weekday holidays for 2026, all weekdays, sorted and unique', () => {
    const dates = NSE_HOLIDAYS[2026]!.map((h) => h.date);
    expect(dates).toHaveLength(16);
    expect(new Set(dates).size).toBe(16);
    expect([...dates].sort()).toEqual(dates);
    for (const date of dates) expect([1, 2, 3, 4, 5]).toContain(new Date(`${date}T00:00:00Z`).getUTCDay());
  });

  it('names the holiday on a date', () => {
    expect(holidayOn('2026-01-26')?.name).toBe('Republic Day');
    expect(holidayOn('2026-01-27')).toBeUndefined();
  });

  it('knows which years it has lists for', () => {
    expect(hasHolidayList(2025)).toBe(true);
    expect(hasHolidayList(2026)).toBe(true);
    expect(hasHolidayList(2027)).toBe(false);
  });
});

describe('MarketClock trading days', () => {
  const { clock } = clockAt('2026-01-27T10:00:00');

  it('is closed on Republic Day 2026-01-26 and open the next day', () => {
    expect(clock.isTradingDay('2026-01-26')).toBe(false);
    expect(clock.isTradingDay('2026-01-27')).toBe(true);
    expect(clock.sessionAt(ist('2026-01-26T11:00:00'))).toMatchObject({
      phase: 'closed',
      isOpen: false,
      tradingDay: false,
      holiday: 'Republic Day',
      date: '2026-01-26',
    });
    expect(clock.isOpen(ist('2026-01-27T11:00:00'))).toBe(true);
  });

  it('is closed on weekends, except special Budget-day sessions', () => {
    expect(clock.isTradingDay('2026-11-21')).toBe(false);
    expect(clock.isTradingDay('2026-11-22')).toBe(false);
    expect(clock.isOpen(ist('2026-11-21T11:00:00'))).toBe(false);
    expect(clock.isTradingDay('2026-02-01')).toBe(true);
    expect(clock.isOpen(ist('2026-02-01T11:00:00'))).toBe(true);
  });

  it('refuses a malformed date', () => {
    expect(() => clock.isTradingDay('2026-02-30')).toThrow(RangeError);
    expect(() => clock.isTradingDay('27/01/2026')).toThrow(RangeError);
  });
});

describe('MarketClock session phases (IST)', () => {
  const { clock } = clockAt('2026-01-27T10:00:00');
  const phaseAt = (time: string) => clock.sessionAt(ist(`2026-01-27T${time}`)).phase;

  it.each([
    ['08:59:59', 'closed'],
    ['09:00:00', 'pre_open'],
    ['09:07:59', 'pre_open'],
    ['09:08:00', 'pre_open_matching'],
    ['09:14:59', 'pre_open_matching'],
    ['09:15:00', 'normal'],
    ['15:29:59', 'normal'],
    ['15:30:00', 'post_close'],
    ['15:39:59', 'post_close'],
    ['15:40:00', 'closing'],
    ['15:59:59', 'closing'],
    ['16:00:00', 'closed'],
  ])('at %s the phase is %s', (time, phase) => {
    expect(phaseAt(time)).toBe(phase);
  });

  it('is open only in the normal session, from 09:15:00 to 15:29:59', () => {
    expect(clock.isOpen(ist('2026-01-27T09:14:59'))).toBe(false);
    expect(clock.isOpen(ist('2026-01-27T09:15:00'))).toBe(true);
    expect(clock.isOpen(ist('2026-01-27T15:29:59'))).toBe(true);
    expect(clock.isOpen(ist('2026-01-27T15:30:00'))).toBe(false);
  });

  it('gives the normal-session bounds of a trading day, and none for a holiday', () => {
    expect(clock.sessionBounds('2026-01-27')).toEqual({
      open: ist('2026-01-27T09:15:00'),
      close: ist('2026-01-27T15:30:00'),
    });
    expect(clock.sessionBounds('2026-01-26')).toBeNull();
  });
});

describe('MarketClock next open and close', () => {
  const { clock } = clockAt('2026-11-20T16:30:00');

  it('skips the weekend: Friday 2026-11-20 after close → Monday 2026-11-23 09:15 IST', () => {
    expect(clock.nextOpen()).toBe(ist('2026-11-23T09:15:00'));
    expect(clock.nextClose()).toBe(ist('2026-11-23T15:30:00'));
  });

  it('skips a holiday: Monday 2026-11-23 after close → Wednesday 2026-11-25 (Guru Nanak Jayanti on 24th)', () => {
    expect(clock.nextOpen(ist('2026-11-23T15:45:00'))).toBe(ist('2026-11-25T09:15:00'));
  });

  it('opens later the same day when asked before 09:15, and the next day once open', () => {
    expect(clock.nextOpen(ist('2026-11-23T08:00:00'))).toBe(ist('2026-11-23T09:15:00'));
    expect(clock.nextOpen(ist('2026-11-23T09:15:00'))).toBe(ist('2026-11-25T09:15:00'));
    expect(clock.nextClose(ist('2026-11-23T10:00:00'))).toBe(ist('2026-11-23T15:30:00'));
  });

  it('describes a holiday and when the market opens again', () => {
    expect(clock.describe(ist('2026-01-26T11:00:00'))).toBe(
      'NSE closed (holiday: Republic Day); opens Tue 27 Jan 2026 09:15 IST',
    );
    expect(clock.describe(ist('2026-11-21T11:00:00'))).toBe(
      'NSE closed (weekend); opens Mon 23 Nov 2026 09:15 IST',
    );
    expect(clock.describe(ist('2026-11-20T10:00:00'))).toBe('NSE open: normal session until 15:30 IST');
  });
});

describe('MarketClock previous trading days', () => {
  const { clock } = clockAt('2026-01-27T10:00:00');

  it('counts today only once its session has closed, and skips weekends and holidays (oldest first)', () => {
    expect(clock.previousTradingDays(3, ist('2026-01-27T10:00:00'))).toEqual([
      '2026-01-21',
      '2026-01-22',
      '2026-01-23',
    ]);
    expect(clock.previousTradingDays(3, ist('2026-01-27T15:30:00'))).toEqual([
      '2026-01-22',
      '2026-01-23',
      '2026-01-27',
    ]);
  });

  it('returns nothing for n = 0 and refuses a negative n', () => {
    expect(clock.previousTradingDays(0)).toEqual([]);
    expect(() => clock.previousTradingDays(-1)).toThrow(RangeError);
  });

  it('walks back across the year boundary into 2025 using the 2025 list', () => {
    const days = clock.previousTradingDays(3, ist('2026-01-02T09:00:00'));
    expect(days).toEqual(['2025-12-30', '2025-12-31', '2026-01-01']);
    expect(clock.previousTradingDays(2, ist('2025-12-26T18:00:00'))).toEqual(['2025-12-24', '2025-12-26']);
  });
});

describe('MarketClock continuous demo session', () => {
  const { clock } = clockAt('2026-01-26T02:00:00', { continuousSession: true });

  it('is always open in phase normal, even at night on a holiday, and says it is simulated', () => {
    expect(clock.sessionAt()).toMatchObject({
      phase: 'normal',
      isOpen: true,
      simulated: true,
      date: '2026-01-26',
    });
    expect(clock.isOpen(ist('2026-11-22T23:59:00'))).toBe(true);
    expect(clock.describe()).toBe('continuous demo session (simulated)');
    expect(clock.nextOpen()).toBeNull();
    expect(clock.nextClose()).toBeNull();
  });

  it('still answers calendar questions from the NSE calendar', () => {
    expect(clock.isTradingDay('2026-01-26')).toBe(false);
    expect(clock.previousTradingDays(1, ist('2026-01-26T12:00:00'))).toEqual(['2026-01-23']);
  });
});

describe('MarketClock without a holiday list for the year', () => {
  it('flags the missing year once, in the session, the description and the warning hook', () => {
    const { clock, warnings } = clockAt('2027-03-10T10:00:00');
    const session = clock.sessionAt();
    expect(session.tradingDay).toBe(true);
    expect(session.warning).toBe(
      'NSE holiday list missing for 2027: weekdays are treated as trading days until it is added',
    );
    clock.isTradingDay('2027-03-11');
    expect(warnings).toEqual([session.warning]);
    expect(clock.missingHolidayYears()).toEqual([2027]);
    expect(clock.describe()).toContain('holiday list missing for 2027');
  });

  it('does not warn for years it has', () => {
    const { clock, warnings } = clockAt('2026-03-10T10:00:00');
    expect(clock.sessionAt().warning).toBeNull();
    expect(warnings).toEqual([]);
  });
});
