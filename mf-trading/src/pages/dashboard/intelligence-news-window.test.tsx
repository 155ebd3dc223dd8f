import { fakeDateOnly, reply } from '@td/platform/test-support';
import { screen, within } from '@testing-library/react';
import { renderDashboard } from './dashboard-test-data';
import { IntelligencePipelineCard } from './intelligence-pipeline-card';

// mf-ml's sentiment panel is not what these tests read: its slot stays empty.
jest.mock('@td/platform', () => ({ ...jest.requireActual('@td/platform'), RemoteSlot: () => null }));

/** 09:05 IST on Monday 30 November 2026: the last 24 h hold no headline, the weekend before them none either. */
const MONDAY_MORNING = Date.parse('2026-11-30T03:35:00.000Z');
beforeEach(() => fakeDateOnly(MONDAY_MORNING));
afterEach(() => jest.useRealTimers());

const sentimentOver = (window: unknown) =>
  reply(200, {
    success: true,
    sentiment: {
      overall: { score: 0.58, confidence: 0.7 },
      change_24h: -0.04,
      sources: { news: { count: 25 } },
      trending_topics: ['RBI policy'],
      ...(window === undefined ? {} : { window }),
    },
  });

const LAST_SESSION = {
  from: '2026-11-26T18:30:00.000Z',
  to: '2026-11-27T18:29:59.999Z',
  basis: 'last_session',
  reason: 'No headline in the last 24 h: the market was shut over the weekend.',
};
const LAST_24H = {
  from: '2026-11-29T03:35:00.000Z',
  to: '2026-11-30T03:35:00.000Z',
  basis: 'last_24h',
  reason: null,
};

async function openIntelligence(window: unknown) {
  const { user } = renderDashboard(
    {
      'GET /api/ml/sentiment/market': sentimentOver(window),
      'GET /api/news': reply(200, { success: true, data: { headlines: [] } }),
    },
    { ui: <IntelligencePipelineCard /> },
  );
  await user.click(await screen.findByRole('tab', { name: 'Intelligence' }));
  return screen.getByRole('tabpanel');
}

describe('dashboard: the Intelligence tab’s figures after a weekend', () => {
  it('says they are the last session’s, with its day, as mf-ml’s sentiment cards do', async () => {
    const panel = await openIntelligence(LAST_SESSION);
    const figures = within(panel).getByLabelText('Market sentiment');
    expect(figures).toHaveAccessibleDescription('From the last session, Fri 27 Nov');
    expect(figures).toHaveTextContent('Change (24 h)-4%');
    expect(figures).toHaveTextContent('News analysed25');
    expect(within(panel).getByText('From the last session, Fri 27 Nov')).toBeVisible();
  });

  it('adds nothing while they are the last 24 h’s', async () => {
    const panel = await openIntelligence(LAST_24H);
    expect(within(panel).getByLabelText('Market sentiment')).not.toHaveAccessibleDescription();
    expect(panel).toHaveTextContent('News analysed25');
    expect(panel).not.toHaveTextContent(/last session/i);
  });

  it('reads a server that sends no window as the last 24 h', async () => {
    const panel = await openIntelligence(undefined);
    expect(within(panel).getByLabelText('Market sentiment')).toHaveTextContent('Change (24 h)-4%');
    expect(panel).not.toHaveTextContent(/last session/i);
  });
});
