import { formatIstClock } from './format-time';

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
