import { type Responder, renderRemote, reply } from '@td/platform/test-support';
import { act, screen, within } from '@testing-library/react';
import { AllocationPage } from './allocation-page';
import {
  aiRecommendationFixture,
  allocationSettingsFixture,
  dailyAmountFixture,
} from './allocation-test-data';

const ok = (data: unknown) => reply(200, { success: true, data });

function renderAllocation(replies: Record<string, Responder> = {}, options: { fakeTimers?: boolean } = {}) {
  return renderRemote(<AllocationPage />, {
    url: '/allocation',
    ownPaths: ['/allocation'],
    remote: 'analytics',
    signedIn: true,
    fakeTimers: options.fakeTimers,
    replies: {
      'GET /api/allocation/settings': ok(allocationSettingsFixture()),
      'GET /api/allocation/daily-amount': reply(200, { success: true, ...dailyAmountFixture }),
      'GET /api/allocation/ai-recommendation': reply(200, { success: true, ...aiRecommendationFixture }),
      'POST /api/allocation/save': (body) =>
        reply(200, {
          success: true,
          message: 'Allocation settings saved',
          data: allocationSettingsFixture(body as object),
        }),
      'POST /api/allocation/daily-amount': reply(200, {
        success: true,
        ...dailyAmountFixture,
        source: 'daily_amount',
      }),
      ...replies,
    },
  });
}

describe('Daily Investment Allocation', () => {
  it("shows each strategy's percent and rupees from the server, and the limits panel", async () => {
    renderAllocation();
    const strategies = await screen.findByRole('radiogroup', { name: 'Allocation strategy' });
    expect(within(strategies).getByText('Conservative').parentElement).toHaveTextContent('1.5%₹15,000');
    expect(within(strategies).getByText('Aggressive').parentElement).toHaveTextContent('4.0%₹40,000');
    expect(within(strategies).getByText('AI Optimized').parentElement).toHaveTextContent('3.1%₹31,000');
    expect(within(strategies).getByRole('radio', { name: /Moderate/ })).toBeChecked();
    const limits = screen.getByRole('region', { name: 'Allocation limits' });
    expect(limits).toHaveTextContent('Default2.5%Minimum1.0%Maximum4.0%');
    const manual = screen.getByLabelText(/Manual allocation/);
    expect(manual).toHaveAttribute('min', '0.5');
    expect(manual).toHaveAttribute('max', '6');
    expect(manual).toHaveAttribute('step', '0.1');
    expect(screen.getByText('Connected')).toBeInTheDocument();
  });

  it('saves the full settings object and says so for 3 seconds', async () => {
    jest.useFakeTimers();
    try {
      const view = renderAllocation({}, { fakeTimers: true });
      await view.user.click(await screen.findByText('Aggressive'));
      await view.user.click(screen.getByRole('button', { name: 'Save Settings' }));
      expect(await screen.findByText('Settings saved successfully!')).toBeInTheDocument();
      const saved = view.requests.find((request) => request.path === '/api/allocation/save');
      expect(saved?.body).toEqual({
        allocation_strategy: 'aggressive',
        ai_enabled: true,
        manual_allocation_pct: null,
        daily_amount: null,
        daily_risk_budget: 1.5,
        total_capital: 1_000_000,
        portfolio_value: 1_012_345,
        available_cash: 912_000,
        max_round_trip_charges_pct: 0.5,
      });
      await act(() => jest.advanceTimersByTimeAsync(2900));
      expect(screen.getByText('Settings saved successfully!')).toBeInTheDocument();
      await act(() => jest.advanceTimersByTimeAsync(200));
      expect(screen.queryByText('Settings saved successfully!')).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it("refuses a manual percent outside 0.5–6.0 with the schema's sentence and posts nothing", async () => {
    const view = renderAllocation();
    const manual = await screen.findByLabelText(/Manual allocation/);
    await view.user.type(manual, '7');
    await view.user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findAllByText(/manual_allocation_pct must be at most 6.0 %/)).not.toHaveLength(0);
    expect(manual).toHaveAttribute('aria-invalid', 'true');
    expect(view.requests.some((request) => request.path === '/api/allocation/save')).toBe(false);
  });

  it("shows the server's sentence when it refuses the save, or the spec's fallback", async () => {
    const view = renderAllocation({
      'POST /api/allocation/save': reply(422, {
        success: false,
        error: 'total_capital is above the account equity of ₹10,12,345',
      }),
    });
    await screen.findByRole('radiogroup', { name: 'Allocation strategy' });
    await view.user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(
      await screen.findByText('total_capital is above the account equity of ₹10,12,345'),
    ).toBeInTheDocument();
  });

  it('says Failed to save settings when the server gives no sentence', async () => {
    const view = renderAllocation({ 'POST /api/allocation/save': { networkError: true } });
    await screen.findByRole('radiogroup', { name: 'Allocation strategy' });
    await view.user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Failed to save settings. Please try again.')).toBeInTheDocument();
  });

  it('posts the daily amount as soon as its input loses focus', async () => {
    const view = renderAllocation();
    const amount = await screen.findByLabelText(/Daily amount/);
    await view.user.type(amount, '30000');
    expect(
      view.requests.some(
        (request) => request.path === '/api/allocation/daily-amount' && request.method === 'POST',
      ),
    ).toBe(false);
    await view.user.tab();
    const posted = view.requests.filter(
      (request) => request.path === '/api/allocation/daily-amount' && request.method === 'POST',
    );
    expect(posted.map((request) => request.body)).toEqual([{ daily_amount: 30000 }]);
  });

  it('does not post a daily amount below ₹1,000 and says why', async () => {
    const view = renderAllocation();
    const amount = await screen.findByLabelText(/Daily amount/);
    await view.user.type(amount, '500');
    await view.user.tab();
    expect(await screen.findByText('daily_amount must be at least ₹1,000')).toBeInTheDocument();
    expect(
      view.requests.some(
        (request) => request.path === '/api/allocation/daily-amount' && request.method === 'POST',
      ),
    ).toBe(false);
  });

  it('shows the connection issues banner with Data source not available on 503', async () => {
    renderAllocation({
      'GET /api/allocation/settings': reply(503, {
        success: false,
        error: 'Market engine has no prices yet',
      }),
    });
    expect(await screen.findByText('Allocation Data Connection Issues')).toBeInTheDocument();
    expect(screen.getAllByText('Data source not available').length).toBeGreaterThan(0);
    expect(screen.getByText('Disconnected')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Settings' })).toBeDisabled();
  });

  it('says Failed to fetch allocation settings on another failure', async () => {
    renderAllocation({ 'GET /api/allocation/settings': reply(500, { success: false, error: 'boom' }) });
    expect(await screen.findByText('Allocation Data Connection Issues')).toBeInTheDocument();
    expect(screen.getAllByText('Failed to fetch allocation settings').length).toBeGreaterThan(0);
  });

  it("shows the server's AI recommendation: amount, percent, confidence, risk, reasons, opportunities", async () => {
    const view = renderAllocation();
    await view.user.click(await screen.findByRole('tab', { name: 'AI Recommendation' }));
    const card = await screen.findByRole('region', { name: 'AI Recommendation' });
    expect(card).toHaveTextContent('Allocation amount₹31,000');
    expect(card).toHaveTextContent('Allocation percent3.1%');
    expect(card).toHaveTextContent('Confidence68%');
    expect(card).toHaveTextContent('Risk assessmentMedium');
    expect(card).toHaveTextContent('Expected opportunities7');
    expect(screen.getByText('7 BUY signals at or above 0.60 confidence (mean 0.71)')).toBeInTheDocument();
  });

  it('maps each daily risk budget to the rupees it risks on the capital', async () => {
    const view = renderAllocation();
    await view.user.click(await screen.findByRole('tab', { name: 'Advanced Settings' }));
    const budgets = screen.getByRole('radiogroup', { name: 'Daily risk budget' });
    expect(within(budgets).getByRole('radio', { name: /0.5%/ }).parentElement).toHaveTextContent(
      'max risk ₹5,000',
    );
    expect(within(budgets).getByRole('radio', { name: /2.5%/ }).parentElement).toHaveTextContent(
      'max risk ₹25,000',
    );
    await view.user.click(within(budgets).getByText('2.0%'));
    await view.user.click(screen.getByRole('button', { name: 'Save Settings' }));
    await screen.findByText('Settings saved successfully!');
    const saved = view.requests.find((request) => request.path === '/api/allocation/save');
    expect(saved?.body).toMatchObject({ daily_risk_budget: 2 });
  });
});
