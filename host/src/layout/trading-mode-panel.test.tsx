import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderHost } from '../test-support/render-host';
import { REAL_MODE_WARNING, TradingModePanel } from './trading-mode-panel';

const modeReply = (mode: 'paper' | 'live' | 'mock') => ({
  body: {
    success: true,
    data: {
      trading_mode: mode,
      trading_mode_label: mode,
      live_available: true,
      live_unavailable_reason: null,
    },
  },
});

describe('Trading Mode panel', () => {
  it('asks for the exact confirmation before real trading and switches only after an ok reply', async () => {
    let mode: 'paper' | 'live' = 'paper';
    let release: () => void = () => undefined;
    const { notify, fake } = renderHost(<TradingModePanel />, {
      routes: {
        'GET /api/trading/mode': () => modeReply(mode),
        'POST /api/trading/mode': () =>
          new Promise((resolve) => {
            release = () => {
              mode = 'live';
              resolve({
                body: { success: true, data: { current_mode: 'live', current_mode_label: 'Live Trading' } },
              });
            };
          }),
      },
    });
    const toggle = await screen.findByRole('switch', { name: /paper/i });
    await waitFor(() => expect(toggle).toBeEnabled());
    await userEvent.click(toggle);

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(REAL_MODE_WARNING)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Switch to Real' }));

    await waitFor(() => expect(screen.getByRole('switch')).toBeDisabled());
    expect(screen.getByRole('switch')).toHaveAttribute('aria-checked', 'false');
    release();

    await screen.findByText('LIVE TRADING ACTIVE');
    expect(screen.getByRole('switch')).toHaveAttribute('aria-checked', 'true');
    expect(fake.calls.find((call) => call.method === 'POST')?.body).toEqual({ mode: 'live' });
    expect(notify).toHaveBeenCalledWith(
      'success',
      'Real Trading Mode Activated! All trades will now be executed with real money.',
    );
  });

  it('stays in paper when the confirmation is cancelled', async () => {
    const { fake } = renderHost(<TradingModePanel />, {
      routes: { 'GET /api/trading/mode': modeReply('paper') },
    });
    const toggle = await screen.findByRole('switch');
    await waitFor(() => expect(toggle).toBeEnabled());
    await userEvent.click(toggle);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(fake.calls.some((call) => call.method === 'POST')).toBe(false);
    expect(screen.getByRole('switch')).toHaveAttribute('aria-checked', 'false');
  });

  it('tells the trader why the server refused real trading and keeps paper', async () => {
    const reason = 'Live trading needs a connected Upstox account with a valid access token.';
    const { notify } = renderHost(<TradingModePanel />, {
      routes: {
        'GET /api/trading/mode': modeReply('paper'),
        'POST /api/trading/mode': {
          status: 409,
          body: { success: false, error: reason, code: 'live_unavailable' },
        },
      },
    });
    const toggle = await screen.findByRole('switch');
    await waitFor(() => expect(toggle).toBeEnabled());
    await userEvent.click(toggle);
    await userEvent.click(await screen.findByRole('button', { name: 'Switch to Real' }));
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith(
        'error',
        `Failed to change trading mode. Please try again. ${reason}`,
      ),
    );
    expect(screen.getByRole('switch')).toHaveAttribute('aria-checked', 'false');
    expect(screen.queryByText('LIVE TRADING ACTIVE')).not.toBeInTheDocument();
  });

  it('reports a network failure with the spec text', async () => {
    const { notify } = renderHost(<TradingModePanel />, {
      routes: {
        'GET /api/trading/mode': modeReply('live'),
        'POST /api/trading/mode': new TypeError('Failed to fetch'),
      },
    });
    const toggle = await screen.findByRole('switch', { name: /real/i });
    await waitFor(() => expect(toggle).toBeEnabled());
    await userEvent.click(toggle);
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('error', 'Error: Could not change trading mode.'),
    );
  });

  it('switches from real to paper without confirmation', async () => {
    let mode: 'paper' | 'live' = 'live';
    const { notify } = renderHost(<TradingModePanel />, {
      routes: {
        'GET /api/trading/mode': () => modeReply(mode),
        'POST /api/trading/mode': () => {
          mode = 'paper';
          return {
            body: { success: true, data: { current_mode: 'paper', current_mode_label: 'Paper Trading' } },
          };
        },
      },
    });
    const toggle = await screen.findByRole('switch', { name: /real/i });
    await waitFor(() => expect(toggle).toBeEnabled());
    await userEvent.click(toggle);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith(
        'success',
        'Paper Trading Mode Activated! All trades will be simulated for ML training.',
      ),
    );
    await waitFor(() => expect(screen.getByRole('switch')).toHaveAttribute('aria-checked', 'false'));
  });

  it('says until when the Upstox session allows live trading', async () => {
    renderHost(<TradingModePanel />, {
      routes: {
        'GET /api/trading/mode': {
          body: {
            success: true,
            data: {
              ...modeReply('live').body.data,
              // 03:30 IST on 6 January 2026.
              live_allowed_until: '2026-01-05T22:00:00.000Z',
            },
          },
        },
      },
    });
    expect(
      await screen.findByText('Live trading allowed until 03:30 IST (Upstox session)'),
    ).toBeInTheDocument();
  });
});
