import { fakeDateOnly, NETWORK_DOWN, reply } from '@td/platform/test-support';
import { screen, within } from '@testing-library/react';
import { DOWN, headline, renderMl } from '../ml-intelligence/ml-test-data';
import { sentimentOverDay } from './sentiment-over-day';
import { SentimentPanel } from './sentiment-panel';

// The panel reads the headlines' ages against the time its data arrived: only Date is faked, so the
// day's window holds on any day the tests run.
const NOW = Date.parse('2026-01-05T04:00:00.000Z');
beforeEach(() => fakeDateOnly(NOW));
afterEach(() => jest.useRealTimers());
const HEADLINES = [
  headline('h1', 'TCS wins ₹4,000 crore order from a European bank', 0.62, 5),
  headline('h2', 'SEBI penalises INFY over disclosure lapse', -0.48, 20),
  headline('h3', 'Markets open flat', 0, 40),
  headline('h4', 'HDFCBANK beats estimates', 0.4, 70),
  headline('h5', 'Crude climbs', -0.1, 90),
  headline('h6', 'Rupee steady', 0.05, 100),
  headline('h7', 'Old headline past the six shown', 0.3, 110),
];
const LAST_DAY = {
  from: new Date(NOW - 86_400_000).toISOString(),
  to: new Date(NOW).toISOString(),
  basis: 'last_24h',
  reason: null,
};
const NEWS = reply(200, {
  success: true,
  data: { headlines: HEADLINES, total: 31, mode: 'simulator', window: LAST_DAY },
});

const renderPanel = (replies = {}) =>
  renderMl(<SentimentPanel />, '/', { 'GET /api/news': NEWS, ...replies });

describe('Sentiment panel (exposed to the dashboard)', () => {
  it('lists the latest six headlines with their scores, newest first', async () => {
    renderPanel();
    const latest = await screen.findByRole('region', { name: 'Latest headlines' });
    const rows = await within(latest).findAllByRole('listitem');
    expect(rows).toHaveLength(6);
    expect(rows[0]).toHaveTextContent('+0.62TCS wins ₹4,000 crore order from a European bank');
    expect(rows[0]).toHaveTextContent(
      'Simulated newswire · 09:25 IST · TCS · bullish, confidence 80% · simulated',
    );
    expect(rows[1]).toHaveTextContent('-0.48SEBI penalises INFY');
    expect(latest).toHaveTextContent('Latest headlines (6 of 31 in the last 24 h)');
    expect(latest).not.toHaveTextContent('Old headline past the six shown');
  });

  it('draws the trend over the day from the headlines and shows the bullish and bearish topics', async () => {
    const view = renderPanel();
    // 110 minutes of news → 5-minute buckets; the seven headlines fall in seven of them.
    expect(
      await screen.findByRole('img', {
        name: 'Sentiment from 07:42 to 09:27 IST: 7 readings, from 0.30 to 0.62',
      }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Bullish topics' })).toHaveTextContent(
      'resultsorder wins',
    );
    expect(screen.getByRole('list', { name: 'Bearish topics' })).toHaveTextContent('regulatory action');
    expect(view.requests.find((r) => r.path === '/api/news')?.query).toBe('limit=200');
  });

  it('says the headlines are from the last session, and which, when the last 24 h held none', async () => {
    // Monday 5 January 09:00 IST: the server shows Friday 2 January's headlines (their times are Friday's).
    const friday = HEADLINES.map((h) => ({
      ...h,
      timestamp: new Date(Date.parse(h.timestamp) - 3 * 86_400_000 + 6 * 3_600_000).toISOString(),
    }));
    const lastSession = {
      from: '2026-01-01T18:30:00.000Z',
      to: '2026-01-02T18:29:59.999Z',
      basis: 'last_session',
      reason: 'No headline in the last 24 hours (the market has been shut), so these are the last session’s.',
    };
    renderPanel({
      'GET /api/news': reply(200, {
        success: true,
        data: { headlines: friday, total: 25, mode: 'simulator', window: lastSession },
      }),
    });
    const latest = await screen.findByRole('region', { name: 'Latest headlines' });
    expect(
      await within(latest).findByText('Latest headlines (6 of 25 from the last session, Fri 2 Jan)'),
    ).toBeInTheDocument();
    expect(within(latest).getAllByRole('listitem')[0]).toHaveTextContent('TCS wins ₹4,000 crore order');
    // The day's trend is Friday's, drawn to Friday's end, not an empty Monday.
    const trend = screen.getByRole('region', { name: 'Sentiment over the day' });
    expect(within(trend).getByText('From the last session, Fri 2 Jan')).toBeInTheDocument();
    expect(
      within(trend).getByRole('img', { name: /^Sentiment from 13:\d\d to 15:\d\d IST/ }),
    ).toBeInTheDocument();
    expect(within(trend).queryByText(/No headlines in the last 24 hours/)).not.toBeInTheDocument();
  });

  it('says only the headlines are not connected when the news call fails', async () => {
    renderPanel({ 'GET /api/news': DOWN });
    const latest = await screen.findByRole('region', { name: 'Latest headlines' });
    expect(await within(latest).findByText('Not Connected (Future Enhancement)')).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Bullish topics' })).toBeInTheDocument();
  });

  it('keeps the headlines when the sentiment call fails', async () => {
    renderPanel({ 'GET /api/ml/sentiment/market': NETWORK_DOWN });
    const topics = await screen.findByRole('region', { name: 'Sentiment topics' });
    expect(await within(topics).findByText('Not Connected (Future Enhancement)')).toBeInTheDocument();
    expect(await screen.findAllByText(/TCS wins/)).toHaveLength(1);
  });
});

describe('sentimentOverDay', () => {
  it('averages each time bucket weighted by confidence, oldest first', () => {
    const points = sentimentOverDay(
      [
        { ...headline('a', 'A', 0.6, 12), confidence: 1 },
        { ...headline('b', 'B', -0.2, 13), confidence: 0.5 },
        { ...headline('c', 'C', -0.5, 100), confidence: 1 },
      ],
      NOW,
    );
    // 100 minutes of news → 5-minute buckets; 12 and 13 minutes ago (03:48, 03:47) share one: (0.6·1 − 0.2·0.5) / 1.5
    expect(points).toHaveLength(2);
    expect(points[0]?.score).toBeCloseTo(-0.5);
    expect(points[1]?.score).toBeCloseTo(0.5 / 1.5);
    expect(points[0]!.time).toBeLessThan(points[1]!.time);
  });

  it('leaves out headlines older than a day or from the future', () => {
    expect(sentimentOverDay([headline('a', 'A', 0.6, 25 * 60), headline('b', 'B', 0.6, -10)], NOW)).toEqual(
      [],
    );
  });
});
