import { loadRemote } from '@module-federation/enhanced/runtime';
import { createRemoteLifecycles } from '@td/platform';
import { fakeDateOnly, reply } from '@td/platform/test-support';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { ENGINES, renderDashboard } from './dashboard-test-data';

// The Intelligence tab mounts mf-ml's sentiment panel at runtime (docs/decisions/0016-remote-slot.md).
jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
}));
const mockedLoadRemote = loadRemote as jest.MockedFunction<typeof loadRemote>;
function MlSentimentPanel() {
  return <p>Headlines with their scores, served by mf-ml</p>;
}
beforeEach(() =>
  mockedLoadRemote.mockResolvedValue({
    default: createRemoteLifecycles(MlSentimentPanel, 'Market Sentiment'),
  }),
);
// Before the library's own cleanup (so inside each describe): a parcel unmounts a few promise turns
// after its host, inside act.
async function unmountParcels() {
  await act(async () => {
    cleanup();
    for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setTimeout(resolve, 0));
  });
  jest.clearAllMocks();
}

// The card reads ages against the time its data arrived: the clock stands still at NOW (only Date is
// faked; timers run for real), so "3 min ago" is exact on any day the tests run.
const NOW = Date.parse('2026-11-20T05:00:00.000Z');
beforeEach(() => fakeDateOnly(NOW));
afterEach(() => jest.useRealTimers());

const minutesAgo = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();

const SENTIMENT = reply(200, {
  success: true,
  sentiment: {
    overall: { score: 0.62, confidence: 0.8 },
    change_24h: 0.05,
    sources: { news: { count: 42 } },
    trending_topics: [
      'RBI policy',
      'IT earnings',
      'Crude oil',
      'FII flows',
      'Monsoon',
      'Auto sales',
      'GST',
      'Rupee',
      'Gold',
    ],
  },
});

const headline = (title: string, sentiment: string, minutes: number) => ({
  title,
  summary: `${title}: details`,
  sentiment,
  timestamp: minutesAgo(minutes),
  source: 'Moneycontrol',
});

const NEWS = reply(200, {
  success: true,
  data: {
    headlines: [
      headline('RBI holds repo rate', 'positive', 3),
      headline('IT majors miss estimates', 'negative', 10),
      headline('Markets open flat', 'neutral', 12),
      headline('FIIs sell again', 'negative', 20),
      headline('Auto sales jump', 'positive', 30),
      headline('Crude climbs', 'negative', 40),
      headline('Old news', 'positive', 120),
    ],
  },
});

const PIPELINE_UP = {
  'GET /api/ml/sentiment/market': SENTIMENT,
  'GET /api/news': NEWS,
  'GET /api/platform/registry': reply(200, {
    success: true,
    data: {
      updated_at: '2026-11-20T04:00:00.000Z',
      remotes: { ml: { manifest_url: 'http://cdn.test/mf-ml/1.0.0/mf-manifest.json', version: '1.0.0' } },
    },
  }),
};

const pipelineCard = () => screen.getByRole('region', { name: 'Data Intelligence Pipeline' });

describe('dashboard: data-intelligence pipeline while the AI services are not built', () => {
  it('says the AI services are unavailable and offers Retry Connection', async () => {
    renderDashboard();
    const card = await screen.findByRole('region', { name: 'Data Intelligence Pipeline' });
    expect(await within(card).findByText('Unable to connect to AI services')).toBeInTheDocument();
    expect(
      within(card).getByText('AI services unavailable - connecting to ML systems...'),
    ).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Retry Connection' })).toBeInTheDocument();
    expect(within(card).queryByRole('tablist')).not.toBeInTheDocument();
  });

  it('asks all three services again on Retry Connection and shows the pipeline once they answer', async () => {
    let built = false;
    const { user, calls } = renderDashboard({
      'GET /api/ml/sentiment/market': () => (built ? SENTIMENT : reply(404, { error: 'Not Found' })),
      'GET /api/news': () => (built ? NEWS : reply(404, { error: 'Not Found' })),
    });
    await screen.findByText('Unable to connect to AI services');
    const before = ['GET /api/ml/sentiment/market', 'GET /api/news'].map(calls);
    built = true;
    await user.click(screen.getByRole('button', { name: 'Retry Connection' }));
    expect(await within(pipelineCard()).findByRole('tab', { name: 'Overview' })).toBeInTheDocument();
    expect(['GET /api/ml/sentiment/market', 'GET /api/news'].map(calls)).toEqual(before.map((n) => n + 1));
  });

  it('stays unavailable when only some of the three answer', async () => {
    renderDashboard({ 'GET /api/ml/sentiment/market': SENTIMENT });
    expect(await screen.findByText('Unable to connect to AI services')).toBeInTheDocument();
  });
});

describe('dashboard: data-intelligence pipeline once the AI services answer', () => {
  afterEach(unmountParcels);

  it('shows pipeline health and data quality on Overview', async () => {
    renderDashboard(PIPELINE_UP);
    await within(await screen.findByRole('region', { name: 'Data Intelligence Pipeline' })).findByRole(
      'tab',
      {
        name: 'Overview',
      },
    );
    const panel = within(pipelineCard()).getByRole('tabpanel');
    expect(panel).toHaveTextContent('Statushealthy');
    expect(panel).toHaveTextContent('Alerts5');
    expect(panel).toHaveTextContent('Queue7');
    expect(panel).toHaveTextContent('Error rate0%');
    expect(panel).toHaveTextContent('Latency3 min');
    expect(panel).toHaveTextContent('Complete headlines100%');
  });

  it('shows a stopped engine as degraded, in red', async () => {
    renderDashboard({
      ...PIPELINE_UP,
      'GET /api/engines/status': reply(200, {
        ...(ENGINES as { body: { data: object } }).body,
        data: {
          ...(ENGINES as { body: { data: object } }).body.data,
          engines: { market_data: { running: true }, strategy: { running: false } },
        },
      }),
    });
    const status = await within(
      await screen.findByRole('region', { name: 'Data Intelligence Pipeline' }),
    ).findByText('degraded');
    expect(status).toHaveStyle({ color: '#ef4444' });
    expect(within(pipelineCard()).getByRole('tabpanel')).toHaveTextContent('Error rate50%');
  });

  it('lists up to 5 high-priority events of the last hour on Events', async () => {
    const { user } = renderDashboard(PIPELINE_UP);
    await user.click(
      await within(await screen.findByRole('region', { name: 'Data Intelligence Pipeline' })).findByRole(
        'tab',
        {
          name: 'Events',
        },
      ),
    );
    const items = within(within(pipelineCard()).getByRole('tabpanel')).getAllByRole('listitem');
    expect(items).toHaveLength(5);
    expect(items[0]).toHaveTextContent('HIGH');
    expect(items[0]).toHaveTextContent('RBI holds repo rate');
    expect(items[0]).toHaveTextContent('Moneycontrol · 3 min ago');
    expect(within(pipelineCard()).queryByText('Markets open flat')).not.toBeInTheDocument();
    expect(within(pipelineCard()).queryByText('Old news')).not.toBeInTheDocument();
  });

  it('says No critical events in the last hour when the news is quiet', async () => {
    const { user } = renderDashboard({
      ...PIPELINE_UP,
      'GET /api/news': reply(200, {
        success: true,
        data: { headlines: [headline('Markets open flat', 'neutral', 5)] },
      }),
    });
    await user.click(
      await within(await screen.findByRole('region', { name: 'Data Intelligence Pipeline' })).findByRole(
        'tab',
        {
          name: 'Events',
        },
      ),
    );
    expect(within(pipelineCard()).getByText('No critical events in the last hour')).toBeInTheDocument();
  });

  it('shows the sentiment trend, up to 8 topics and the impact level on Intelligence', async () => {
    const { user } = renderDashboard(PIPELINE_UP);
    await user.click(
      await within(await screen.findByRole('region', { name: 'Data Intelligence Pipeline' })).findByRole(
        'tab',
        {
          name: 'Intelligence',
        },
      ),
    );
    const panel = within(pipelineCard()).getByRole('tabpanel');
    // score 0.62 on 0–1 is +0.24 on −1…1: above 0.1, improving
    expect(panel).toHaveTextContent('Market sentiment trendimproving');
    expect(panel).toHaveTextContent('Current sentiment+24%');
    expect(panel).toHaveTextContent('Change (24 h)+5%');
    expect(panel).toHaveTextContent('News analysed42');
    expect(panel).toHaveTextContent('Impact levelHigh');
    const topics = within(within(panel).getByRole('list', { name: 'Trending topics' })).getAllByRole(
      'listitem',
    );
    expect(topics).toHaveLength(8);
    expect(panel).not.toHaveTextContent('Gold');
  });

  it('reads a falling market as declining', async () => {
    const { user } = renderDashboard({
      ...PIPELINE_UP,
      'GET /api/ml/sentiment/market': reply(200, {
        success: true,
        data: { sentiment: { overall: { score: 0.3 } } },
      }),
    });
    await user.click(
      await within(await screen.findByRole('region', { name: 'Data Intelligence Pipeline' })).findByRole(
        'tab',
        {
          name: 'Intelligence',
        },
      ),
    );
    await waitFor(() =>
      expect(within(pipelineCard()).getByRole('tabpanel')).toHaveTextContent(
        'Market sentiment trenddeclining',
      ),
    );
    expect(within(pipelineCard()).getByText('No trending topics')).toBeInTheDocument();
  });
});

describe('dashboard: the sentiment panel from mf-ml in the Intelligence tab', () => {
  afterEach(unmountParcels);

  const openIntelligence = async (replies = {}) => {
    const view = renderDashboard({ ...PIPELINE_UP, ...replies });
    await view.user.click(
      await within(await screen.findByRole('region', { name: 'Data Intelligence Pipeline' })).findByRole(
        'tab',
        { name: 'Intelligence' },
      ),
    );
    return view;
  };

  it("mounts mf-ml's sentiment panel below the pipeline's own figures", async () => {
    await openIntelligence();
    const panel = within(pipelineCard()).getByRole('tabpanel');
    expect(
      await within(panel).findByText('Headlines with their scores, served by mf-ml'),
    ).toBeInTheDocument();
    expect(panel).toHaveTextContent('Market sentiment trendimproving');
    expect(mockedLoadRemote).toHaveBeenCalledWith('mf_ml/SentimentPanel');
  });

  it('says only the panel is unavailable when mf-ml is down; the rest of the dashboard keeps working', async () => {
    mockedLoadRemote.mockRejectedValue(new Error('Failed to load mf-manifest.json'));
    const view = await openIntelligence();
    const panel = within(pipelineCard()).getByRole('tabpanel');
    const failure = await within(panel).findByRole('alert');
    expect(failure).toHaveTextContent('Market sentiment panel is unavailable');
    expect(within(failure).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(panel).toHaveTextContent('Market sentiment trendimproving');
    expect(panel).toHaveTextContent('Impact levelHigh');
    expect(screen.getByRole('group', { name: 'Portfolio Value' })).toHaveTextContent('₹12,34,567');
    await view.user.click(within(pipelineCard()).getByRole('tab', { name: 'Events' }));
    expect(within(pipelineCard()).getByRole('tabpanel')).toHaveTextContent('RBI holds repo rate');
  });
});
