import type { OrderRate } from '@td/contracts';
import { NETWORK_DOWN, type Responder, renderRemote, reply } from '@td/platform/test-support';
import { screen } from '@testing-library/react';
import { OrderRateCard } from './order-rate-card';

const RATE = 'GET /api/orders/rate';

const rate: OrderRate = {
  windows: [
    { window_ms: 1000, limit: 10, sent: 8, share_percent: 80 },
    { window_ms: 60_000, limit: 500, sent: 120, share_percent: 24 },
    { window_ms: 1_800_000, limit: 2000, sent: 2000, share_percent: 100 },
  ],
  shared: true,
};

const render = (replies: Record<string, Responder>) =>
  renderRemote(<OrderRateCard />, {
    remote: 'infra',
    signedIn: true,
    url: '/tick-streaming',
    ownPaths: ['/tick-streaming'],
    replies,
  });

describe('OrderRateCard', () => {
  it('shows the orders sent in each window against its limit and the share in use', async () => {
    render({ [RATE]: reply(200, { success: true, data: rate }) });
    await screen.findByText('Last second');
    const facts = screen.getByLabelText('Orders sent to Upstox against each limit');
    const pairs = [...facts.querySelectorAll('dt')].map(
      (dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`,
    );
    expect(pairs).toEqual([
      'Last second: 8 of 10 80.0% in use',
      'Last minute: 120 of 500 24.0% in use',
      'Last 30 minutes: 2,000 of 2,000 100.0% in use',
    ]);
    expect(screen.getByText(/the limits hold across every instance/)).toBeInTheDocument();
  });

  it('says the rate could not be read when the server does not answer', async () => {
    render({ [RATE]: NETWORK_DOWN });
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });
});
