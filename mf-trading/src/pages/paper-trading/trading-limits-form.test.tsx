import { NETWORK_DOWN, NO_ANSWER, type Responder, reply } from '@td/platform/test-support';
import { screen, waitFor, within } from '@testing-library/react';
import {
  accountReplies,
  DEFAULT_LIMITS,
  refused,
  renderPaperTrading,
  UPDATE_LIMITS,
} from './paper-trading-test-data';

const LABELS = {
  max_position_size: 'Max Position Size (₹)',
  max_daily_loss: 'Max Daily Loss (₹)',
  max_portfolio_exposure: 'Max Portfolio Exposure',
  max_positions_count: 'Max Open Positions',
  min_balance_threshold: 'Min Balance Threshold (₹)',
  brokerage_per_trade: 'Brokerage per Trade (₹)',
  stt_rate: 'STT Rate',
  transaction_charges: 'Transaction Charges (%)',
} as const;

const field = (name: keyof typeof LABELS) => screen.getByRole('spinbutton', { name: LABELS[name] });
const planField = () => screen.getByRole('combobox', { name: 'Brokerage Plan' });

async function openConfiguration(updateReply: Responder = NO_ANSWER) {
  const view = renderPaperTrading(accountReplies({ [UPDATE_LIMITS]: updateReply }));
  const toggle = screen.getByRole('button', { name: 'Configuration' });
  await view.user.click(toggle);
  await screen.findByRole('form', { name: 'Trading limits' });
  const updateCalls = () =>
    view.requests.filter((r) => r.method === 'POST' && r.path.endsWith('paper-limits'));
  const setField = async (name: keyof typeof LABELS, text: string) => {
    await view.user.clear(field(name));
    if (text) await view.user.type(field(name), text);
  };
  const submit = () => view.user.click(screen.getByRole('button', { name: 'Update Limits' }));
  return { ...view, toggle, updateCalls, setField, submit };
}

describe('paper trading: the trading limits form', () => {
  it('stays closed until Configuration is pressed, and closes again', async () => {
    const { toggle, user } = await openConfiguration();
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('form', { name: 'Trading limits' })).not.toBeInTheDocument();
  });

  it('shows the eight limits with their labels, filled from the current limits', async () => {
    await openConfiguration();
    for (const name of Object.keys(LABELS) as (keyof typeof LABELS)[]) {
      expect(field(name)).toHaveValue(DEFAULT_LIMITS[name]);
    }
    expect(field('max_portfolio_exposure')).toHaveAttribute('min', '0');
    expect(field('max_portfolio_exposure')).toHaveAttribute('max', '1');
    expect(field('max_portfolio_exposure')).toHaveAttribute('step', '0.1');
    expect(field('stt_rate')).toHaveAttribute('step', '0.001');
    expect(field('transaction_charges')).toHaveAttribute('step', '0.001');
  });

  it('sends all eight fields as numbers and says the limits were updated', async () => {
    const { setField, submit, updateCalls, notify, requests } = await openConfiguration(
      reply(200, { success: true, data: DEFAULT_LIMITS, message: 'Trading limits updated successfully!' }),
    );
    await setField('max_position_size', '75000');
    await setField('max_portfolio_exposure', '0.5');
    await setField('transaction_charges', '0.004');
    await submit();
    expect(updateCalls()[0]?.body).toEqual({
      max_position_size: 75000,
      max_daily_loss: 25000,
      max_portfolio_exposure: 0.5,
      max_positions_count: 10,
      min_balance_threshold: 100000,
      brokerage_plan: 'flat',
      brokerage_per_trade: 20,
      stt_rate: 0.001,
      transaction_charges: 0.004,
    });
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('success', 'Trading limits updated successfully!'),
    );
    // The figures are asked for again: the overview (with its risk checks) and the limits.
    await waitFor(() =>
      expect(requests.filter((r) => r.path === '/api/trading/paper/overview').length).toBeGreaterThan(1),
    );
    expect(
      requests.filter((r) => r.method === 'GET' && r.path.endsWith('paper-limits')).length,
    ).toBeGreaterThan(1);
  });

  it('offers the brokerage plans, shows the saved one and sends the one chosen', async () => {
    const { user, submit, updateCalls } = await openConfiguration();
    expect(planField()).toHaveValue('flat');
    expect(
      within(planField())
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Flat: the brokerage below on every order',
      'Discount: min(brokerage, 0.03 %) intraday, ₹0 delivery',
    ]);
    await user.selectOptions(planField(), 'discount');
    await submit();
    expect(updateCalls()[0]?.body).toMatchObject({ brokerage_plan: 'discount', brokerage_per_trade: 20 });
  });

  it('refuses an exposure of 1.5 beside the field, with the shared rule, without asking the server', async () => {
    const { setField, submit, updateCalls } = await openConfiguration();
    await setField('max_portfolio_exposure', '1.5');
    await submit();
    expect(field('max_portfolio_exposure')).toHaveAttribute('aria-invalid', 'true');
    expect(field('max_portfolio_exposure')).toHaveAccessibleDescription(
      expect.stringContaining('max_portfolio_exposure is a fraction from 0 to 1'),
    );
    expect(field('max_daily_loss')).not.toHaveAttribute('aria-invalid');
    expect(updateCalls()).toHaveLength(0);
  });

  it('refuses an empty field instead of sending it as 0, and clears the error once the field is edited', async () => {
    const { setField, submit, updateCalls } = await openConfiguration();
    await setField('min_balance_threshold', '');
    await setField('max_positions_count', '2.5');
    await submit();
    expect(field('min_balance_threshold')).toHaveAccessibleDescription(
      expect.stringContaining('min_balance_threshold must be a number'),
    );
    expect(field('max_positions_count')).toHaveAccessibleDescription(
      expect.stringContaining('max_positions_count must be a whole number'),
    );
    expect(updateCalls()).toHaveLength(0);
    await setField('min_balance_threshold', '50000');
    expect(field('min_balance_threshold')).not.toHaveAttribute('aria-invalid');
  });

  it('says the update failed when the server refuses it', async () => {
    const { submit, notify } = await openConfiguration(
      refused(400, 'Invalid stt_rate: stt_rate is at most 0.05'),
    );
    await submit();
    await waitFor(() => expect(notify).toHaveBeenCalledWith('error', 'Failed to update trading limits.'));
  });

  it('says there was an error when the server cannot be reached', async () => {
    const { submit, notify } = await openConfiguration(NETWORK_DOWN);
    await submit();
    await waitFor(() => expect(notify).toHaveBeenCalledWith('error', 'Error updating trading limits.'));
  });

  it('disables Update Limits while the update is on its way', async () => {
    const { submit, updateCalls } = await openConfiguration(NO_ANSWER);
    await submit();
    const button = screen.getByRole('button', { name: 'Update Limits' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(updateCalls()).toHaveLength(1);
    expect(
      within(screen.getByRole('form', { name: 'Trading limits' })).getByRole('button', {
        name: 'Reset Account',
      }),
    ).toBeDisabled();
  });
});
