import { istDateOf, istMidnight } from './ist-time';

describe('istDateOf', () => {
  it('turns the date at midnight IST (18:30 UTC the day before), not at midnight UTC', () => {
    expect(istDateOf(Date.UTC(2026, 10, 22, 18, 29, 59, 999))).toBe('2026-11-22');
    expect(istDateOf(Date.UTC(2026, 10, 22, 18, 30))).toBe('2026-11-23');
    expect(istDateOf(Date.UTC(2026, 11, 31, 18, 30))).toBe('2027-01-01');
  });

  it('gives each instant its own date when calls alternate between days, as a replay over sessions does', () => {
    const monday = Date.UTC(2026, 10, 23, 4, 0);
    const friday = Date.UTC(2026, 10, 27, 9, 0);
    const dates = [monday, friday, monday, monday + 1, friday, istMidnight('2026-11-24') - 1].map(istDateOf);
    expect(dates).toEqual([
      '2026-11-23',
      '2026-11-27',
      '2026-11-23',
      '2026-11-23',
      '2026-11-27',
      '2026-11-23',
    ]);
  });
});
