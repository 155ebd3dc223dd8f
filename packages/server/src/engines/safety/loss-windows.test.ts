import { windowStarts } from './loss-windows';

describe('loss windows', () => {
  it('start the week on Monday and the month on the 1st, in IST', () => {
    // Wednesday 7 January 2026, 10:00 IST.
    expect(windowStarts(Date.UTC(2026, 0, 7, 4, 30))).toEqual({ week: '2026-01-05', month: '2026-01-01' });
    // Sunday 4 January 2026, 23:00 IST is still the week that began on Monday 29 December.
    expect(windowStarts(Date.UTC(2026, 0, 4, 17, 30))).toEqual({ week: '2025-12-29', month: '2026-01-01' });
    // 00:30 IST on Monday 5 January (still Sunday in UTC) starts the new week.
    expect(windowStarts(Date.UTC(2026, 0, 4, 19, 0))).toEqual({ week: '2026-01-05', month: '2026-01-01' });
  });
});
