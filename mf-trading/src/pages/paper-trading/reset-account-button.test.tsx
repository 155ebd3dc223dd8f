import { NETWORK_DOWN, NO_ANSWER, type Responder, reply } from '@td/platform/test-support';
import { screen, waitFor, within } from '@testing-library/react';
import {
  accountReplies,
  OVERVIEW,
  ok,
  paperOverview,
  RESET,
  renderPaperTrading,
} from './paper-trading-test-data';

const RESET_REPLY = reply(200, {
  success: true,
  message: 'Paper trading account reset successfully!',
  data: { balance: 1000000, closed_positions: 3, cancelled_orders: 1 },
});

async function openResetDialog(resetReply: Responder = NO_ANSWER, overview?: Responder) {
  const view = renderPaperTrading(
    accountReplies({ [RESET]: resetReply, ...(overview ? { [OVERVIEW]: overview } : {}) }),
  );
  await view.user.click(screen.getByRole('button', { name: 'Configuration' }));
  await view.user.click(await screen.findByRole('button', { name: 'Reset Account' }));
  const dialog = screen.getByRole('dialog', { name: 'Reset paper trading account?' });
  const resetCalls = () => view.requests.filter((r) => r.path === '/api/trading/paper-reset');
  const confirm = () => view.user.click(within(dialog).getByRole('button', { name: 'Reset Account' }));
  return { ...view, dialog, resetCalls, confirm };
}

describe('paper trading: resetting the account', () => {
  it('asks first, warning that positions close and the balance resets to ₹10,00,000', async () => {
    const { dialog, resetCalls } = await openResetDialog();
    expect(dialog).toHaveTextContent('All open positions will be closed');
    expect(dialog).toHaveTextContent('₹10,00,000');
    expect(resetCalls()).toHaveLength(0);
  });

  it('changes nothing when the trader cancels', async () => {
    const { dialog, resetCalls, user, notify } = await openResetDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(resetCalls()).toHaveLength(0);
    expect(notify).not.toHaveBeenCalled();
  });

  it('resets to 10,00,000 after confirmation, says so and shows the new figures', async () => {
    let overview = paperOverview();
    const { confirm, resetCalls, notify } = await openResetDialog(RESET_REPLY, () => ok(overview));
    overview = paperOverview({ available_balance: 1000000, portfolio_value: 1000000, active_positions: 0 });
    await confirm();
    expect(resetCalls()).toHaveLength(1);
    expect(resetCalls()[0]?.body).toEqual({ balance: 1000000 });
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('success', 'Paper trading account reset successfully!'),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('group', { name: 'Cash Balance' })).toHaveTextContent('₹10,00,000'),
    );
    expect(screen.getByRole('group', { name: 'Active Positions' })).toHaveTextContent('0');
  });

  it('keeps the last figures, marked as not current, when the refresh after a reset fails', async () => {
    let overview = ok(paperOverview());
    const { confirm, notify } = await openResetDialog(RESET_REPLY, () => overview);
    overview = reply(409, { success: false, error: 'Paper account is busy' });
    await confirm();
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('success', 'Paper trading account reset successfully!'),
    );
    expect(await screen.findByText('The paper account could not be refreshed')).toBeInTheDocument();
    expect(screen.getByText('The figures below are from the last successful update.')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Cash Balance' })).toHaveTextContent('₹9,12,345');
  });

  it.each([
    ['the server refuses', reply(500, { success: false, error: 'Ledger is locked' })],
    ['the server cannot be reached', NETWORK_DOWN],
  ])('says the reset failed when %s', async (_case, failure) => {
    const { confirm, notify, dialog } = await openResetDialog(failure);
    await confirm();
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('error', 'Failed to reset paper trading account.'),
    );
    expect(dialog).toBeInTheDocument();
  });

  it('says why and when when the server is not ready: the start-up replay is preparing the account', async () => {
    const sentence =
      'The paper account is being prepared from 60 sessions of history (34 of 60 done); orders open when it finishes.';
    const { confirm, notify } = await openResetDialog(
      reply(503, { success: false, error: sentence, code: 'paper_account_preparing' }),
    );
    await confirm();
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('error', `Failed to reset paper trading account: ${sentence}`),
    );
  });

  it('disables the confirm button while the reset is on its way', async () => {
    const { confirm, dialog } = await openResetDialog(NO_ANSWER);
    await confirm();
    expect(within(dialog).getByRole('button', { name: 'Reset Account' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
  });
});
