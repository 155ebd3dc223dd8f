import { MarketClock } from '../../market/calendar';
import { keptSince, MAX_RETENTION_MS, newsWindow } from './news-window';

const clock = new MarketClock({ now: () => 0 });
const ist = (text: string) => Date.parse(`${text}+05:30`);

describe('keptSince: whose news the store keeps', () => {
  it('keeps Thursday’s and Friday’s news over the weekend and into Monday’s session', () => {
    for (const now of ['2026-01-03T12:00', '2026-01-04T23:00', '2026-01-05T09:00', '2026-01-05T15:00'])
      expect(keptSince(ist(now), clock)).toBe(ist('2026-01-01T00:00'));
  });

  it('lets Thursday go once Monday’s session has closed, and counts a holiday as no session', () => {
    expect(keptSince(ist('2026-01-05T15:30'), clock)).toBe(ist('2026-01-02T00:00'));
    // Republic Day (Monday 26 January): on Tuesday morning Thursday 22 and Friday 23 are the last two.
    expect(keptSince(ist('2026-01-27T09:00'), clock)).toBe(ist('2026-01-22T00:00'));
  });

  it('keeps at least two days, and never more than ten whatever the calendar says', () => {
    // Wednesday evening: the last two sessions (Tue, Wed) are younger than two days.
    expect(keptSince(ist('2026-01-07T20:00'), clock)).toBe(ist('2026-01-05T20:00'));
    const broken = { previousTradingDays: () => ['2025-11-01'] };
    const now = ist('2026-01-07T20:00');
    expect(keptSince(now, broken)).toBe(now - MAX_RETENTION_MS);
  });
});

describe('newsWindow: which headlines are shown', () => {
  it('is the last 24 h while they hold a headline, or before any', () => {
    const now = ist('2026-01-05T11:00');
    for (const newest of [now - 60_000, null])
      expect(newsWindow(now, newest, clock)).toMatchObject({
        fromMs: now - 86_400_000,
        toMs: now,
        basis: 'last_24h',
        reason: null,
      });
  });

  it('is the last session’s day once the last 24 h are empty, said so', () => {
    const window = newsWindow(ist('2026-01-05T09:00'), ist('2026-01-02T15:20'), clock);
    expect(window).toEqual({
      fromMs: ist('2026-01-02T00:00'),
      toMs: ist('2026-01-03T00:00') - 1,
      from: new Date(ist('2026-01-02T00:00')).toISOString(),
      to: new Date(ist('2026-01-03T00:00') - 1).toISOString(),
      basis: 'last_session',
      reason: expect.stringMatching(/^No headline in the last 24 hours/),
    });
  });
});
