import { NO_ANSWER, type Responder, renderRemote, reply } from '@td/platform/test-support';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HistoricalCandlesCard } from './historical-candles-card';
import { COVERAGE, ok } from './settings-tabs-test-data';

function renderCard(replies: Record<string, Responder> = {}) {
  return renderRemote(<HistoricalCandlesCard />, {
    remote: 'infra',
    signedIn: true,
    url: '/settings',
    ownPaths: ['/settings'],
    replies: { 'GET /api/history/coverage': ok(COVERAGE), ...replies },
  });
}

const form = () => screen.getByRole('form', { name: 'Fetch candles from Upstox' });
const fill = (label: string, value: string) =>
  fireEvent.change(within(form()).getByLabelText(label), { target: { value } });
const fetchButton = () => within(form()).getByRole('button', { name: 'Fetch from Upstox' });

async function fillFetch(values: { symbols: string; interval?: string; from: string; to: string }) {
  await screen.findByRole('form', { name: 'Fetch candles from Upstox' });
  fill('Symbols', values.symbols);
  if (values.interval) fill('Bars', values.interval);
  fill('From', values.from);
  fill('To', values.to);
}

const refusal = (status: number, error: string, extra: object = {}) =>
  reply(status, { success: false, error, ...extra });

describe('Fetch from Upstox', () => {
  it('sends the symbols, interval and range, says what was stored and lists it again', async () => {
    const view = renderCard({
      'POST /api/history/fetch': ok({
        interval: '1minute',
        from: '2025-11-03',
        to: '2026-01-02',
        stored: [
          { symbol: 'RELIANCE', bars: 16_875 },
          { symbol: 'TCS', bars: 16_875 },
        ],
      }),
    });
    await fillFetch({ symbols: 'reliance, TCS', from: '2025-11-03', to: '2026-01-02' });
    await view.user.click(fetchButton());
    expect(
      await screen.findByText(
        'Stored one-minute bars from 2025-11-03 to 2026-01-02: RELIANCE 16,875 bars, TCS 16,875 bars.',
      ),
    ).toBeInTheDocument();
    expect(view.requests.find((r) => r.method === 'POST')?.body).toEqual({
      symbols: ['RELIANCE', 'TCS'],
      interval: '1minute',
      from: '2025-11-03',
      to: '2026-01-02',
    });
    // The table shows the new bars: the coverage is asked for again.
    await waitFor(() =>
      expect(view.requests.filter((r) => r.path === '/api/history/coverage')).toHaveLength(2),
    );
  });

  it("refuses bad input with the server schema's sentences and sends nothing", async () => {
    const view = renderCard();
    await fillFetch({ symbols: ' ', from: '2021-12-01', to: '2021-12-31' });
    await view.user.click(fetchButton());
    expect(screen.getByText('symbols is empty: name at least one symbol')).toBeInTheDocument();
    fill('Symbols', 'INFY');
    await view.user.click(fetchButton());
    expect(
      screen.getByText('Upstox serves one-minute bars from 2022-01-01 on: start the range on or after it'),
    ).toBeInTheDocument();
    expect(within(form()).getByLabelText('From')).toHaveAttribute('aria-invalid', 'true');
    expect(view.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('on a rate limit, shows the sentence, which names what was stored, once', async () => {
    const view = renderCard({
      'POST /api/history/fetch': refusal(
        429,
        "The history fetch paused: Upstox's rate limit was reached (RELIANCE stored; TCS and the symbols after it were not fetched). Fetch the rest again in 30 s.",
        { code: 'upstox_rate_limited', stored: [{ symbol: 'RELIANCE', bars: 90 }] },
      ),
    });
    await fillFetch({ symbols: 'RELIANCE TCS', interval: 'day', from: '2025-01-01', to: '2025-12-31' });
    await view.user.click(fetchButton());
    expect(
      await screen.findByText(
        "The history fetch paused: Upstox's rate limit was reached (RELIANCE stored; TCS and the symbols after it were not fetched). Fetch the rest again in 30 s.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Stored before it stopped/)).not.toBeInTheDocument();
    expect(view.requests.find((r) => r.method === 'POST')?.body).toMatchObject({ interval: 'day' });
  });

  it.each([
    'Upstox history needs a connected account. Upstox is not configured: set UPSTOX_CLIENT_ID and UPSTOX_CLIENT_SECRET.',
    'The history fetch stopped: Upstox rejected the access token, which expires daily at 03:30 IST (nothing stored; RELIANCE and the symbols after it were not fetched). Reconnect Upstox and fetch again.',
  ])('shows the reason the server gives when Upstox cannot answer: %s', async (sentence) => {
    const view = renderCard({ 'POST /api/history/fetch': refusal(409, sentence) });
    await fillFetch({ symbols: 'RELIANCE', from: '2025-12-01', to: '2025-12-31' });
    await view.user.click(fetchButton());
    expect(await screen.findByText(sentence)).toBeInTheDocument();
  });

  it('on an answer the page cannot read, says so and points at the coverage, not at an unreachable server', async () => {
    const view = renderCard({ 'POST /api/history/fetch': ok({ unexpected: true }) });
    await fillFetch({ symbols: 'RELIANCE', from: '2025-12-01', to: '2025-12-31' });
    await view.user.click(fetchButton());
    expect(
      await screen.findByText(/cannot read: check the stored coverage below for what was stored/),
    ).toBeInTheDocument();
    expect(screen.queryByText(/could not be reached/)).not.toBeInTheDocument();
  });

  it('when no answer comes in time, says the server may still be storing the bars', async () => {
    jest.useFakeTimers();
    try {
      const view = renderRemote(<HistoricalCandlesCard />, {
        remote: 'infra',
        signedIn: true,
        url: '/settings',
        ownPaths: ['/settings'],
        fakeTimers: true,
        replies: { 'GET /api/history/coverage': ok(COVERAGE), 'POST /api/history/fetch': NO_ANSWER },
      });
      await fillFetch({ symbols: 'RELIANCE', from: '2025-12-01', to: '2025-12-31' });
      await view.user.click(fetchButton());
      await act(async () => {
        jest.advanceTimersByTime(10 * 60_000 + 1);
      });
      expect(
        await screen.findByText(/the server may still be fetching and storing the bars/),
      ).toBeInTheDocument();
      expect(screen.queryByText(/could not be reached/)).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });
});
