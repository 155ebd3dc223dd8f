import type { HaltState } from '@td/contracts';
import { engineStatusFixture, haltStateFixture, manualHaltFixture } from '@td/platform/test-support';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderHost } from '../test-support/render-host';
import { HaltBanner } from './halt-banner';
import { TopBar } from './top-bar';

const TRADING: HaltState = haltStateFixture();

const HALTED: HaltState = manualHaltFixture({
  cancelled_orders: 3,
  refusal: 'Trading is halted: no new orders until you resume.',
});

const ok = (data: unknown) => ({ body: { success: true, data } });

/** A server whose halt follows the stop and resume calls it receives. */
function haltServer(initial: HaltState) {
  let halt = initial;
  return {
    'GET /api/risk/halt': () => ok(halt),
    'GET /api/engines/status': () => ok({ ...engineStatusFixture(), halt }),
    'POST /api/risk/resume': () => {
      halt = { ...halt, halted: false, resumed_at: '2026-01-05T04:10:00.000Z', refusal: null };
      return ok(halt);
    },
    'POST /api/risk/emergency-stop': (request: { body: unknown }) => {
      const { reason } = request.body as { reason: string };
      halt = { ...HALTED, reason, cancelled_orders: 1 };
      return ok(halt);
    },
    'GET /api/trades/recent': ok({
      trades: [],
      total: 1,
      page: 1,
      page_size: 1,
      summary: {
        total_trades: 1,
        filled: 0,
        pending: 1,
        win_rate: null,
        total_pnl: 0,
        total_fees: 0,
        open_positions: 4,
      },
    }),
  };
}

const never = () => new Promise<never>(() => undefined);

/** The halt server, except that once a stop or resume is acknowledged no reload ever finishes (a broker gone quiet). */
function stallingHaltServer(initial: HaltState) {
  const server = haltServer(initial);
  let acknowledged = false;
  const untilAcknowledged =
    <Reply,>(reply: () => Reply) =>
    () =>
      acknowledged ? never() : reply();
  return {
    ...server,
    'GET /api/risk/halt': untilAcknowledged(server['GET /api/risk/halt']),
    'GET /api/engines/status': untilAcknowledged(server['GET /api/engines/status']),
    'GET /api/trades/recent': untilAcknowledged(() => server['GET /api/trades/recent']),
    'GET /api/portfolio/overview': never,
    'GET /api/portfolio/holdings': never,
    'POST /api/risk/emergency-stop': (request: { body: unknown }) => {
      acknowledged = true;
      return server['POST /api/risk/emergency-stop'](request);
    },
    'POST /api/risk/resume': () => {
      acknowledged = true;
      return server['POST /api/risk/resume']();
    },
  };
}

describe('TRADING HALTED banner', () => {
  it('says who stopped trading, when and why, and Resume (after confirming) clears it', async () => {
    const { fake, notify } = renderHost(<HaltBanner />, { routes: haltServer(HALTED) });
    const banner = (await screen.findByText('TRADING HALTED')).closest<HTMLElement>('[role="alert"]')!;
    expect(banner).toHaveTextContent(
      'Feed looks wrong. Stopped by trader@example.com on 5 Jan, 09:30 IST; 3 pending orders cancelled. Every new order is refused until you resume.',
    );

    await userEvent.click(within(banner).getByRole('button', { name: 'Resume trading' }));
    const dialog = screen.getByRole('dialog', { name: 'Resume trading?' });
    expect(fake.calls.some((call) => call.path === '/api/risk/resume')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Resume trading' }));

    await waitFor(() => expect(screen.queryByText('TRADING HALTED')).not.toBeInTheDocument());
    expect(fake.calls.filter((call) => call.path === '/api/risk/resume')).toHaveLength(1);
    expect(notify).toHaveBeenCalledWith(
      'success',
      'Trading resumed: new orders are accepted and the trading loop runs again.',
    );
  });

  it('reports live orders already filled at Upstox and those whose cancel is still being chased', async () => {
    const live = manualHaltFixture({ cancelled_orders: 15, filled_orders: 1, chasing_orders: 9 });
    renderHost(<HaltBanner />, { routes: haltServer(live) });
    const banner = (await screen.findByText('TRADING HALTED')).closest<HTMLElement>('[role="alert"]')!;
    expect(banner).toHaveTextContent(
      '15 pending orders cancelled, 1 already filled, 9 still being cancelled at Upstox.',
    );
  });

  it('shows the halt the engines status carries even when the halt call fails', async () => {
    renderHost(<HaltBanner />, {
      routes: {
        'GET /api/risk/halt': { status: 503, body: { success: false, error: 'down' } },
        'GET /api/engines/status': ok({
          ...engineStatusFixture(),
          halt: {
            ...HALTED,
            source: 'circuit_breaker',
            breaker: 'market_drop',
            by: 'circuit breaker',
            reason: 'NIFTY 50 fell 3.4 % within an hour',
          },
        }),
      },
    });
    expect(
      await screen.findByText(/NIFTY 50 fell 3.4 % within an hour\. Stopped by the circuit breaker/),
    ).toBeInTheDocument();
  });

  it('is not shown while trading', async () => {
    const { fake } = renderHost(<HaltBanner />, { routes: haltServer(TRADING) });
    await waitFor(() => expect(fake.calls.some((call) => call.path === '/api/risk/halt')).toBe(true));
    expect(screen.queryByText('TRADING HALTED')).not.toBeInTheDocument();
  });

  it("stops trading from the top bar's Emergency Stop and the banner appears at once", async () => {
    const { fake } = renderHost(
      <>
        <TopBar onOpenMenu={() => undefined} />
        <HaltBanner />
      </>,
      { routes: haltServer(TRADING) },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Emergency Stop' }));
    const dialog = screen.getByRole('dialog', { name: 'Emergency Stop' });
    expect(
      await within(dialog).findByText(
        'Halts the automated trading loop, cancels 1 pending order, refuses every new order until you resume.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox')).toHaveAccessibleName(
      'Also close all positions at market (4 positions)',
    );
    await userEvent.type(
      within(dialog).getByLabelText('Reason (recorded with the halt)'),
      'Leaving the desk',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stop all trading' }));

    expect(await screen.findByText(/Leaving the desk\. Stopped by trader@example.com/)).toBeInTheDocument();
    expect(fake.calls.find((call) => call.path === '/api/risk/emergency-stop')?.body).toEqual({
      reason: 'Leaving the desk',
      close_positions: false,
    });
    expect(screen.getByRole('button', { name: 'Emergency Stop' })).toBeDisabled();
  });

  it('closes the Emergency Stop dialog on the acknowledgement while the reloads it starts never finish', async () => {
    const { fake, notify } = renderHost(
      <>
        <TopBar onOpenMenu={() => undefined} />
        <HaltBanner />
      </>,
      { routes: stallingHaltServer(TRADING) },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Emergency Stop' }));
    const dialog = screen.getByRole('dialog', { name: 'Emergency Stop' });
    await userEvent.type(within(dialog).getByLabelText('Reason (recorded with the halt)'), 'Broker silent');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stop all trading' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText(/Broker silent\. Stopped by trader@example.com/)).toBeInTheDocument();
    expect(notify).toHaveBeenCalledWith('success', 'Trading halted: 1 pending order cancelled.');
    // The reloads were started, not skipped: they are what keeps every other figure true after the stop.
    const stopAt = fake.calls.findIndex((call) => call.path === '/api/risk/emergency-stop');
    expect(fake.calls.slice(stopAt + 1).map((call) => call.path)).toEqual(
      expect.arrayContaining(['/api/risk/halt', '/api/engines/status']),
    );
  });

  it('confirms the resume on the acknowledgement while the reloads it starts never finish', async () => {
    const { notify } = renderHost(<HaltBanner />, { routes: stallingHaltServer(HALTED) });
    const banner = (await screen.findByText('TRADING HALTED')).closest<HTMLElement>('[role="alert"]')!;
    await userEvent.click(within(banner).getByRole('button', { name: 'Resume trading' }));
    const dialog = screen.getByRole('dialog', { name: 'Resume trading?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Resume trading' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText('TRADING HALTED')).not.toBeInTheDocument();
    expect(notify).toHaveBeenCalledWith(
      'success',
      'Trading resumed: new orders are accepted and the trading loop runs again.',
    );
  });
});
