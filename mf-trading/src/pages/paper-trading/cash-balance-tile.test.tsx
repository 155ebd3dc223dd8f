import { NETWORK_DOWN, NO_ANSWER, type Responder, reply } from '@td/platform/test-support';
import { screen, waitFor, within } from '@testing-library/react';
import {
  accountReplies,
  BALANCE,
  OVERVIEW,
  ok,
  paperOverview,
  refused,
  renderPaperTrading,
} from './paper-trading-test-data';

async function openBalanceEditor(balanceReply: Responder = NO_ANSWER, overview?: Responder) {
  const view = renderPaperTrading(
    accountReplies({ [BALANCE]: balanceReply, ...(overview ? { [OVERVIEW]: overview } : {}) }),
  );
  const card = await screen.findByRole('group', { name: 'Cash Balance' });
  await view.user.click(within(card).getByRole('button', { name: 'Edit cash balance' }));
  const input = within(card).getByRole('spinbutton', { name: 'New cash balance (₹)' });
  const save = within(card).getByRole('button', { name: 'Save' });
  const balanceCalls = () => view.requests.filter((r) => r.path === '/api/trading/paper/balance');
  const enter = async (text: string) => {
    await view.user.clear(input);
    if (text) await view.user.type(input, text);
    await view.user.click(save);
  };
  return { ...view, card, input, save, balanceCalls, enter };
}

describe('paper trading: editing the cash balance in place', () => {
  it('opens an input with the current balance, min 0 and step 1000', async () => {
    const { input } = await openBalanceEditor();
    expect(input).toHaveValue(912345);
    expect(input).toHaveAttribute('min', '0');
    expect(input).toHaveAttribute('step', '1000');
    expect(input).toHaveFocus();
  });

  it.each([
    ['an empty', ''],
    ['a negative', '-5000'],
  ])('refuses %s balance on the screen without asking the server', async (_case, text) => {
    const { enter, input, card, balanceCalls, notify } = await openBalanceEditor();
    await enter(text);
    expect(within(card).getByRole('alert')).toHaveTextContent('Please enter a valid positive balance amount');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(balanceCalls()).toHaveLength(0);
    expect(notify).not.toHaveBeenCalled();
  });

  it('sends the new balance, says so with the amount in rupees, closes and shows the new figure', async () => {
    let overview = paperOverview();
    const { enter, balanceCalls, notify, card } = await openBalanceEditor(
      reply(200, {
        success: true,
        new_balance: 250000,
        message: 'Balance updated successfully to ₹2,50,000',
      }),
      () => ok(overview),
    );
    overview = paperOverview({ available_balance: 250000 });
    await enter('250000');
    expect(balanceCalls()[0]?.body).toEqual({ balance: 250000 });
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('success', 'Balance updated successfully to ₹2,50,000'),
    );
    expect(within(card).queryByRole('spinbutton')).not.toBeInTheDocument();
    await waitFor(() => expect(card).toHaveTextContent('₹2,50,000'));
  });

  it('refuses more than the largest balance the server takes, on the screen', async () => {
    const { enter, card, balanceCalls } = await openBalanceEditor();
    await enter('200000000000');
    expect(within(card).getByRole('alert')).toHaveTextContent('The balance is at most ₹1,00,00,00,00,000');
    expect(balanceCalls()).toHaveLength(0);
  });

  it("shows the server's reason when it refuses the balance, and keeps the editor open", async () => {
    const { enter, notify, card } = await openBalanceEditor(
      refused(400, 'Invalid balance: Please enter a valid positive balance amount'),
    );
    await enter('300000');
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith(
        'error',
        'Failed to update balance: Invalid balance: Please enter a valid positive balance amount',
      ),
    );
    expect(within(card).getByRole('spinbutton')).toHaveValue(300000);
  });

  it('asks to try again when the server answers with no reason', async () => {
    const { enter, notify } = await openBalanceEditor(reply(500, {}));
    await enter('300000');
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('error', 'Failed to update balance. Please try again.'),
    );
  });

  it('says the update failed when the server cannot be reached', async () => {
    const { enter, notify } = await openBalanceEditor(NETWORK_DOWN);
    await enter('300000');
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('error', 'Error updating balance. Please try again.'),
    );
  });

  it('disables Save and Cancel while the change is on its way', async () => {
    const { enter, save, card } = await openBalanceEditor(NO_ANSWER);
    await enter('300000');
    expect(save).toBeDisabled();
    expect(within(card).getByRole('button', { name: 'Cancel' })).toBeDisabled();
  });

  it('puts the figure back on Cancel without asking the server', async () => {
    const { card, user, balanceCalls } = await openBalanceEditor();
    await user.click(within(card).getByRole('button', { name: 'Cancel' }));
    expect(card).toHaveTextContent('₹9,12,345');
    expect(within(card).queryByRole('spinbutton')).not.toBeInTheDocument();
    expect(balanceCalls()).toHaveLength(0);
    expect(within(card).getByRole('button', { name: 'Edit cash balance' })).toHaveFocus();
  });

  it('closes on Escape as Cancel does', async () => {
    const { card, user, balanceCalls } = await openBalanceEditor();
    await user.keyboard('{Escape}');
    expect(within(card).queryByRole('spinbutton')).not.toBeInTheDocument();
    expect(card).toHaveTextContent('₹9,12,345');
    expect(balanceCalls()).toHaveLength(0);
  });
});
