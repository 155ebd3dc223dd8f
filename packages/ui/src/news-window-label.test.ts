import { newsWindowEnd, newsWindowLabel, newsWindowNote } from './news-window-label';

const LAST_SESSION = {
  from: '2026-11-26T18:30:00.000Z',
  to: '2026-11-27T18:29:59.999Z',
  basis: 'last_session' as const,
};
const LAST_24H = {
  from: '2026-11-29T03:35:00.000Z',
  to: '2026-11-30T03:35:00.000Z',
  basis: 'last_24h' as const,
};

describe('the news window’s label', () => {
  it('names the last session’s IST day after a weekend, and the last 24 h otherwise', () => {
    expect(newsWindowLabel(LAST_SESSION)).toBe('from the last session, Fri 27 Nov');
    expect(newsWindowNote(LAST_SESSION)).toBe('From the last session, Fri 27 Nov');
    expect(newsWindowLabel(LAST_24H)).toBe('in the last 24 h');
  });

  it('ends the last session’s window at its day’s end, not at the time of reading', () => {
    const monday = Date.parse('2026-11-30T03:35:00.000Z');
    expect(newsWindowEnd(LAST_SESSION, monday)).toBe(Date.parse(LAST_SESSION.to));
    expect(newsWindowEnd(LAST_24H, monday)).toBe(monday);
  });
});
