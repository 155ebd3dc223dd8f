import { NO_ANSWER, reply } from '@td/platform/test-support';
import { screen, waitFor, within } from '@testing-library/react';
import { modeReply, renderDashboard } from './dashboard-test-data';
import { REAL_MODE_WARNING } from './trading-mode-switch';

const MODE = 'GET /api/trading/mode';
const CHANGE = 'POST /api/trading/mode';
const changed = (mode: 'paper' | 'live') =>
  reply(200, { success: true, data: { current_mode: mode, current_mode_label: mode } });

async function enabledSwitch() {
  const toggle = await screen.findByRole('switch');
  await waitFor(() => expect(toggle).toBeEnabled());
  return toggle;
}

describe('dashboard: trading-mode switch', () => {
  it('asks for the same confirmation as the sidebar before going live, then switches on an ok reply', async () => {
    let mode: 'paper' | 'live' = 'paper';
    const { user, requests, notify } = renderDashboard({
      [MODE]: () => modeReply(mode),
      [CHANGE]: () => {
        mode = 'live';
        return changed('live');
      },
    });
    const toggle = await enabledSwitch();
    expect(toggle).toHaveAccessibleName('Paper Trading');
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await user.click(toggle);

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(REAL_MODE_WARNING)).toBeInTheDocument();
    expect(REAL_MODE_WARNING).toBe(
      'WARNING: You are switching to REAL TRADING mode! This will execute actual trades with real money. Are you sure you want to continue?',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Switch to Live' }));

    await waitFor(() => expect(screen.getByRole('switch')).toHaveAttribute('aria-checked', 'true'));
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({ mode: 'live' });
    expect(notify).toHaveBeenCalledWith(
      'success',
      'Real Trading Mode Activated! All trades will now be executed with real money.',
    );
  });

  it('stays in paper when the confirmation is cancelled', async () => {
    const { user, requests } = renderDashboard();
    await user.click(await enabledSwitch());
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
    expect(screen.getByRole('switch')).toHaveAttribute('aria-checked', 'false');
  });

  it('goes from live to paper without a confirmation and reloads the portfolio', async () => {
    let mode: 'paper' | 'live' = 'live';
    const { user, requests, calls } = renderDashboard({
      [MODE]: () => modeReply(mode),
      [CHANGE]: () => {
        mode = 'paper';
        return changed('paper');
      },
    });
    const toggle = await enabledSwitch();
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    await screen.findByText('₹12,34,567');
    const overviewsBefore = calls('GET /api/portfolio/overview');
    await user.click(toggle);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch')).toHaveAttribute('aria-checked', 'false'));
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({ mode: 'paper' });
    expect(calls('GET /api/portfolio/overview')).toBe(overviewsBefore + 1);
  });

  it('says Failed to switch trading mode, with the server reason, and keeps paper when refused', async () => {
    const reason = 'Live trading needs a connected Upstox account with a valid access token.';
    const { user, notify } = renderDashboard({
      [CHANGE]: reply(409, { success: false, error: reason, code: 'live_unavailable' }),
    });
    await user.click(await enabledSwitch());
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Switch to Live' }),
    );
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('error', `Failed to switch trading mode: ${reason}`),
    );
    expect(screen.getByRole('switch')).toHaveAttribute('aria-checked', 'false');
  });

  it('says Failed to switch trading mode when the server cannot be reached', async () => {
    const { user, notify } = renderDashboard({ [CHANGE]: { networkError: true } });
    await user.click(await enabledSwitch());
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Switch to Live' }),
    );
    await waitFor(() => expect(notify).toHaveBeenCalledWith('error', 'Failed to switch trading mode'));
  });

  it('is disabled while a change is in flight', async () => {
    const { user } = renderDashboard({ [CHANGE]: NO_ANSWER });
    await user.click(await enabledSwitch());
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Switch to Live' }),
    );
    await waitFor(() => expect(screen.getByRole('switch')).toBeDisabled());
    expect(screen.getByRole('switch')).toHaveAttribute('aria-checked', 'false');
  });
});
