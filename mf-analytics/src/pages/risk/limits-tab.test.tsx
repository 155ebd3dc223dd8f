import { reply } from '@td/platform/test-support';
import { screen, waitFor, within } from '@testing-library/react';
import { limits, ok, renderRisk, SAVE_LIMITS } from './risk-test-data';

async function openLimits(replies: Parameters<typeof renderRisk>[0] = {}) {
  const view = renderRisk(replies);
  await view.user.click(await screen.findByRole('tab', { name: 'Limits' }));
  return { view, form: await screen.findByRole('form', { name: 'Risk limits' }) };
}

describe('Risk limits', () => {
  it('shows the limits with their rupees and where the account stands, the ML recommendations and the warnings', async () => {
    await openLimits();
    expect(screen.getByLabelText('Daily loss limit (%)')).toHaveValue(2);
    expect(screen.getByText('≈ ₹20,000 · today 0.4%')).toBeInTheDocument();
    expect(screen.getByText('≈ ₹2,50,000 · now 12.8% in RELIANCE')).toBeInTheDocument();
    expect(screen.getByText('Recommended cash allocation').nextSibling).toHaveTextContent('35.0%');
    expect(screen.getByText('Market regime').nextSibling).toHaveTextContent('volatile');
    expect(screen.getByRole('list', { name: 'Warnings' })).toHaveTextContent(
      'Only 3 positions: below the 5 you set.',
    );
  });

  it("refuses a limit the shared schema refuses, then shows the server's sentence when it refuses the save", async () => {
    const { view, form } = await openLimits({
      [SAVE_LIMITS]: reply(422, {
        success: false,
        error: 'The daily loss limit (6 %) cannot be above the weekly loss limit (5 %).',
      }),
    });
    const daily = within(form).getByLabelText('Daily loss limit (%)');
    await view.user.clear(daily);
    await view.user.type(daily, '0');
    await view.user.click(within(form).getByRole('button', { name: 'Save limits' }));
    expect(await within(form).findByText('daily_loss_limit must be above 0 %.')).toBeInTheDocument();
    expect(view.requests.some((r) => r.method === 'POST')).toBe(false);

    await view.user.clear(daily);
    await view.user.type(daily, '6');
    await view.user.click(within(form).getByRole('button', { name: 'Save limits' }));
    expect(
      await within(form).findByText(
        'The daily loss limit (6 %) cannot be above the weekly loss limit (5 %).',
      ),
    ).toBeInTheDocument();
    expect(view.requests.find((r) => r.method === 'POST')?.body).toEqual({
      position_limits: limits.position_limits,
      loss_limits: { ...limits.loss_limits, daily_loss_limit: 6 },
    });
  });

  it('saves the limits and says so', async () => {
    const saved = { ...limits, loss_limits: { ...limits.loss_limits, daily_loss_limit: 3 } };
    const { view, form } = await openLimits({ [SAVE_LIMITS]: ok(saved) });
    const daily = within(form).getByLabelText('Daily loss limit (%)');
    await view.user.clear(daily);
    await view.user.type(daily, '3');
    await view.user.click(within(form).getByRole('button', { name: 'Save limits' }));
    await waitFor(() => expect(view.notify).toHaveBeenCalled());
    expect(view.requests.find((r) => r.method === 'POST')?.body).toMatchObject({
      loss_limits: { daily_loss_limit: 3 },
    });
    expect(view.notify).toHaveBeenCalledWith(
      'success',
      'Risk limits saved: every new order is checked against them.',
    );
  });
});
