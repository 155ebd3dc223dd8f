import {
  formatAge,
  formatIstClock,
  formatIstDate,
  formatIstDateTime,
  formatIstDateTimeWithYear,
  formatIstDay,
} from './format-time';

describe('formatIstClock', () => {
  it('shows the exchange time, whatever zone the browser is in', () => {
    expect(formatIstClock('2026-11-20T05:01:00.000Z')).toBe('10:31');
    expect(formatIstClock('2030-01-01T18:29:00.000Z')).toBe('23:59');
  });

  it('shows the dash for a missing or unreadable time', () => {
    expect(formatIstClock(null)).toBe('—');
    expect(formatIstClock('not a time')).toBe('—');
  });
});

describe('formatIstDateTime', () => {
  it('shows the IST day and time of an event that may be days old', () => {
    expect(formatIstDateTime('2026-01-05T04:00:00.000Z')).toBe('5 Jan, 09:30');
    expect(formatIstDateTime(null)).toBe('—');
  });
});

describe('formatIstDate and formatIstDateTimeWithYear', () => {
  it('show the IST day with its year, so a stored bar of another year reads right', () => {
    // IST midnight of 2 Nov is 18:30 UTC the day before.
    expect(formatIstDate('2026-11-01T18:30:00.000Z')).toBe('2 Nov 2026');
    expect(formatIstDateTimeWithYear('2025-01-06T03:45:00.000Z')).toBe('6 Jan 2025, 09:15');
    expect(formatIstDate(null)).toBe('—');
    expect(formatIstDateTimeWithYear('not a time')).toBe('—');
  });
});

describe('formatIstDay', () => {
  it('shows the IST trading day with its weekday, the day IST midnight starts', () => {
    expect(formatIstDay('2026-11-27T09:59:00.000Z')).toBe('Fri 27 Nov');
    // 23:40 UTC on Friday is already Saturday in India.
    expect(formatIstDay('2026-11-27T18:40:00.000Z')).toBe('Sat 28 Nov');
    expect(formatIstDay(null)).toBe('—');
    expect(formatIstDay('not a time')).toBe('—');
  });
});

describe('formatAge', () => {
  it('says how old a figure is in the largest units that fit', () => {
    expect(formatAge(40_000)).toBe('40 s');
    expect(formatAge(3 * 60_000 + 5_000)).toBe('3 min');
    expect(formatAge(125 * 60_000)).toBe('2 h 5 min');
    expect(formatAge(2 * 3_600_000)).toBe('2 h');
    expect(formatAge(3 * 86_400_000)).toBe('3 days');
  });
});

describe('the IST formatters', () => {
  it('are built on first use, not when the module loads, and once each', () => {
    const made = jest.spyOn(Intl, 'DateTimeFormat');
    jest.isolateModules(() => {
      const fresh: typeof import('./format-time') = require('./format-time');
      expect(made).not.toHaveBeenCalled();
      expect(fresh.formatIstClock('2026-01-05T04:01:00.000Z')).toBe('09:31');
      expect(fresh.formatIstClock('2026-01-05T05:02:00.000Z')).toBe('10:32');
      expect(made).toHaveBeenCalledTimes(1);
    });
    made.mockRestore();
  });
});
