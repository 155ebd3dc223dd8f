import { NETWORK_DOWN, type Responder, renderRemote, reply } from '@td/platform/test-support';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ResearchPage } from './research-page';
import { analysis } from './research-test-data';

// The canvas needs a real browser; here it reports what it was asked to draw.
jest.mock('./daily-candles-canvas', () => ({
  __esModule: true,
  default: (props: { candles: unknown[]; label: string }) =>
    require('react').createElement(
      'div',
      { role: 'img', 'aria-label': props.label },
      `${props.candles.length} candles`,
    ),
}));

const OK = reply(200, { success: true, data: analysis });
const DISCONNECTED = reply(503, {
  success: false,
  error: 'Data source not connected - Check Upstox connection',
  code: 'data_source_disconnected',
});

const candles = {
  success: true,
  data: {
    symbol: 'RELIANCE',
    interval: '1d',
    candles: [0, 1].map((i) => ({
      symbol: 'RELIANCE',
      interval: '1d',
      openTime: Date.UTC(2026, 0, 1 + i, 3, 45),
      open: 155_000,
      high: 156_000,
      low: 154_000,
      close: 155_500,
      volume: 100,
      source: 'simulator',
    })),
  },
};

function renderResearch(analysisReply: Responder = OK, fakeTimers = false) {
  return renderRemote(<ResearchPage />, {
    remote: 'analytics',
    signedIn: true,
    url: '/research',
    ownPaths: ['/research'],
    fakeTimers,
    replies: {
      'GET /api/research/analysis': analysisReply,
      'GET /api/market/candles/RELIANCE': reply(200, candles),
    },
  });
}

const analysisCalls = (view: ReturnType<typeof renderResearch>) =>
  view.requests.filter((request) => request.path === '/api/research/analysis').length;

describe('Research & Analysis', () => {
  it('shows sentiment, the count of BUY opportunities and volatility in the three tiles', async () => {
    renderResearch();
    expect(await screen.findByText('Bullish')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Market Sentiment' })).toHaveTextContent(
      '32 advancing · 18 declining · Uptrend',
    );
    expect(screen.getByRole('group', { name: 'Opportunities' })).toHaveTextContent('1');
    expect(screen.getByRole('group', { name: 'Volatility' })).toHaveTextContent('Moderate');
    expect(screen.getByRole('group', { name: 'Volatility' })).toHaveTextContent('14.20% annualised');
    expect(screen.getByText(/32 advancing, 18 declining/)).toBeInTheDocument();
  });

  it('marks the 5-year trend panel as editorial text', async () => {
    renderResearch();
    const panel = await screen.findByRole('region', { name: '5-Year Trend Analysis' });
    expect(within(panel).getByText('Editorial')).toBeInTheDocument();
    expect(within(panel).getByText(/not computed from data/)).toBeInTheDocument();
  });

  it('lists the signals with Symbol, Signal, Confidence, Target and Risk, most confident first', async () => {
    renderResearch();
    const table = await screen.findByRole('table', { name: 'AI Trading Signals' });
    await within(table).findByText('RELIANCE');
    for (const header of ['Symbol', 'Signal', 'Confidence', 'Target', 'Risk']) {
      expect(within(table).getByRole('columnheader', { name: new RegExp(header) })).toBeInTheDocument();
    }
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual([
      'RELIANCE',
      'TCS',
      'INFY',
    ]);
    expect(rows[0]).toHaveTextContent('BUY');
    expect(rows[0]).toHaveTextContent('81%');
    expect(rows[0]).toHaveTextContent('₹1,767');
    expect(rows[0]).toHaveTextContent('₹109 (7.00%) Low');
    expect(rows[1]).toHaveTextContent('—');
  });

  it('shows the NIFTY 50 names first, and every symbol the loop ranks on request', async () => {
    const user = userEvent.setup();
    renderResearch();
    const table = await screen.findByRole('table', { name: 'AI Trading Signals' });
    await within(table).findByText('RELIANCE');
    expect(within(table).queryByText('PNB')).not.toBeInTheDocument();
    expect(
      screen.getByText(/Showing 3 of the 4 symbols the trading loop ranks; the rest are Bank NIFTY members/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'NIFTY 50 only' }));
    expect(await within(table).findByText('PNB')).toBeInTheDocument();
    expect(screen.getByText('Showing 4 of the 4 symbols the trading loop ranks.')).toBeInTheDocument();
  });

  it('lists the same signals in two lines each for phones, with target and risk for a BUY', async () => {
    renderResearch();
    await screen.findByRole('button', { name: 'RELIANCE chart' });
    const list = screen.getByLabelText('AI Trading Signals', { selector: 'ul' });
    const items = within(list).getAllByRole('listitem', { hidden: true });
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('RELIANCE BUY81%Target ₹1,767Risk ₹109 (7.00%) · Low');
    expect(items[1]).toHaveTextContent(/^TCS SELL64%$/);
  });

  it('sorts by a column when its header is pressed, and again the other way', async () => {
    const view = renderResearch();
    const table = await screen.findByRole('table', { name: 'AI Trading Signals' });
    await within(table).findByText('RELIANCE');
    const symbols = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[0]!.textContent);
    await view.user.click(within(table).getByRole('button', { name: 'Symbol' }));
    expect(within(table).getByRole('columnheader', { name: /Symbol/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(symbols()).toEqual(['TCS', 'RELIANCE', 'INFY']);
    await view.user.click(within(table).getByRole('button', { name: /Symbol/ }));
    expect(symbols()).toEqual(['INFY', 'RELIANCE', 'TCS']);
    expect(within(table).getByRole('columnheader', { name: /Confidence/ })).toHaveAttribute(
      'aria-sort',
      'none',
    );
  });

  it('opens a signal’s daily chart and its reasons from the symbol', async () => {
    const view = renderResearch();
    await view.user.click(await screen.findByRole('button', { name: 'RELIANCE chart' }));
    const dialog = await screen.findByRole('dialog', { name: 'RELIANCE · BUY' });
    expect(await within(dialog).findByRole('img', { name: 'RELIANCE daily price chart' })).toHaveTextContent(
      '2 candles',
    );
    expect(within(dialog).getByText('momentum: 20-bar return +1.4 %')).toBeInTheDocument();
    expect(
      view.requests.some((r) => r.path === '/api/market/candles/RELIANCE' && r.query === 'interval=1d'),
    ).toBe(true);
  });

  it('says No trading signals available when the loop has no signals', async () => {
    renderResearch(reply(200, { success: true, data: { ...analysis, recommendations: [] } }));
    const table = await screen.findByRole('table', { name: 'AI Trading Signals' });
    expect(await within(table).findByText('No trading signals available')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Opportunities' })).toHaveTextContent('0');
  });

  it('on a 503 says Data source not connected, with dashes, and the signals unavailable', async () => {
    renderResearch(DISCONNECTED);
    const title = await screen.findByText('Data source not connected - Check Upstox connection');
    const banner = title.closest('[role="status"]');
    expect(banner).toHaveTextContent('Data source not connected - Check Upstox connection');
    expect(banner).toHaveTextContent('Research data not available');
    const table = screen.getByRole('table', { name: 'AI Trading Signals' });
    expect(
      within(table).getByText('Trading signals unavailable - data source disconnected'),
    ).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Market Sentiment' })).toHaveTextContent('—');
  });

  it('says Research service not connected when the server cannot be reached, and Fix Connection opens diagnostics', async () => {
    const view = renderResearch(NETWORK_DOWN);
    expect(await screen.findByText('Research service not connected')).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Fix Connection' }));
    expect(view.props().openDiagnostics).toHaveBeenCalledTimes(1);
  });
});

describe('Research loading retries', () => {
  // A fixed start: the retry gaps are measured on the fake clock, never on today's date.
  beforeEach(() => jest.useFakeTimers({ now: Date.parse('2026-01-05T04:00:00.000Z') }));
  afterEach(() => jest.useRealTimers());

  // React runs effects (where the next retry is scheduled) when act ends, so time moves in 100 ms
  // acts: an answer is handled within one step of arriving, and each gap is its delay plus < 1 step.
  const STEP = 100;
  const advance = async (ms: number) => {
    for (let passed = 0; passed < ms; passed += STEP) {
      await act(async () => {
        await jest.advanceTimersByTimeAsync(Math.min(STEP, ms - passed));
      });
    }
  };

  /** A 503 every time, and the fake clock's time of each call. */
  function failingServer() {
    const at: number[] = [];
    const view = renderResearch(() => {
      at.push(jest.now());
      return DISCONNECTED;
    }, true);
    const gaps = () => at.slice(1).map((time, i) => time - at[i]!);
    return { view, at, gaps };
  }

  it('retries after 2, 4 and 8 s, then opens diagnostics once and retries every 30 s', async () => {
    const { view, at, gaps } = failingServer();
    await screen.findByText('Data source not connected - Check Upstox connection');
    await advance(2000 + 4000 + 8000 - 500);
    expect(at).toHaveLength(3);
    expect(view.props().openDiagnostics).not.toHaveBeenCalled();
    await advance(1000);
    expect(at).toHaveLength(4);
    expect(view.props().openDiagnostics).toHaveBeenCalledTimes(1);
    await advance(60_500);
    expect(at).toHaveLength(6);
    const expected = [2000, 4000, 8000, 30_000, 30_000];
    gaps().forEach((gap, i) => {
      expect(gap).toBeGreaterThanOrEqual(expected[i]!);
      expect(gap).toBeLessThan(expected[i]! + STEP + 10);
    });
    expect(view.props().openDiagnostics).toHaveBeenCalledTimes(1);
  });

  it('manual Retry asks at once and starts the count over: the next retry is 2 s away', async () => {
    const { view, at } = failingServer();
    await screen.findByText('Data source not connected - Check Upstox connection');
    await advance(2000 + 4000 + 8000 + 500);
    expect(view.props().openDiagnostics).toHaveBeenCalledTimes(1);
    expect(at).toHaveLength(4);
    await view.user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(at).toHaveLength(5);
    await advance(2000 + STEP + 10);
    expect(at).toHaveLength(6);
    expect(at[5]! - at[4]!).toBeGreaterThanOrEqual(2000);
    expect(at[5]! - at[4]!).toBeLessThan(2000 + STEP + 10);
  });

  it('stops retrying once research loads', async () => {
    let calls = 0;
    const view = renderResearch(() => (calls++ === 0 ? DISCONNECTED : OK), true);
    await screen.findByText('Data source not connected - Check Upstox connection');
    await advance(2200);
    expect(await screen.findByText('Bullish')).toBeInTheDocument();
    expect(screen.queryByText('Data source not connected - Check Upstox connection')).not.toBeInTheDocument();
    await advance(60_000);
    expect(analysisCalls(view)).toBe(2);
    expect(view.props().openDiagnostics).not.toHaveBeenCalled();
  });
});
