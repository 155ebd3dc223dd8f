import { engineStatusFixture, reply } from '@td/platform/test-support';
import { screen, within } from '@testing-library/react';
import { renderDashboard } from './dashboard-test-data';

const loopCard = async () => screen.findByRole('region', { name: 'Trading Loop' });

describe('dashboard: Trading Loop', () => {
  it('shows what the loop is doing, when it ran and runs next, and each decision with its reason', async () => {
    renderDashboard();
    const card = await loopCard();
    expect(
      await within(card).findByText(/^Trading momentum\+mean_reversion: 2 orders today/),
    ).toBeInTheDocument();
    expect(within(card).getByText('Active')).toBeInTheDocument();
    expect(card).toHaveTextContent('Last run10:31');
    expect(card).toHaveTextContent('Next run10:32');
    expect(card).toHaveTextContent('Signals in the last run3 BUY · 1 SELL');
    expect(card).toHaveTextContent('Day budget left₹12,500 of ₹25,000');
    const decisions = within(card).getByRole('list', { name: 'Last decisions' });
    const [bought, skipped] = within(decisions).getAllByRole('listitem');
    expect(bought).toHaveTextContent('BUY 4 RELIANCE');
    expect(bought).toHaveTextContent('filled');
    expect(bought).toHaveTextContent('momentum: 20-bar return +1.8 %');
    expect(skipped).toHaveTextContent('TCS');
    expect(skipped).toHaveTextContent('daily budget spent');
  });

  it('says why a running loop places nothing: the bars a signal still needs', async () => {
    const waiting = engineStatusFixture({
      trading_active: false,
      trading_loop: {
        status: 'waiting',
        status_text: 'Waiting for data: RELIANCE: needs 50 one-minute bars, has 12. Next run 10:32 IST.',
        orders_placed_today: 0,
        top_signals: [],
        recent_decisions: [
          {
            at: '2026-11-20T05:01:00.000Z',
            first_at: '2026-11-20T04:59:00.000Z',
            symbol: '*',
            side: null,
            quantity: null,
            outcome: 'waiting',
            reason: 'RELIANCE: needs 50 one-minute bars, has 12 (49 more symbols waiting for bars)',
            repeats: 3,
          },
        ],
      },
    });
    renderDashboard({ 'GET /api/engines/status': reply(200, { success: true, data: waiting }) });
    const card = await loopCard();
    expect(await within(card).findByText('Waiting')).toBeInTheDocument();
    const [row] = within(within(card).getByRole('list', { name: 'Last decisions' })).getAllByRole('listitem');
    expect(row).toHaveTextContent('All symbols ×3');
    expect(row).toHaveTextContent('needs 50 one-minute bars, has 12');
    expect(within(card).queryByRole('list', { name: 'Top signals' })).not.toBeInTheDocument();
  });

  it('shows a hold repeated minute after minute as one line with its count, first and last time', async () => {
    const holding = engineStatusFixture({
      trading_loop: {
        recent_decisions: [
          {
            at: '2026-11-20T05:40:00.000Z',
            first_at: '2026-11-20T05:02:00.000Z',
            symbol: 'RELIANCE',
            side: null,
            quantity: null,
            outcome: 'skipped',
            reason: 'SELL signal, gain ₹15.15 does not cover round-trip charges ₹45.10 × 2; holding',
            repeats: 39,
          },
        ],
      },
    });
    renderDashboard({ 'GET /api/engines/status': reply(200, { success: true, data: holding }) });
    const card = await loopCard();
    const list = await within(card).findByRole('list', { name: 'Last decisions' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('11:10RELIANCE ×39 since 10:32skipped');
    expect(rows[0]).toHaveTextContent('gain ₹15.15 does not cover round-trip charges');
  });

  it('offers a retry when the engines status cannot be read, instead of inventing a state', async () => {
    renderDashboard({ 'GET /api/engines/status': reply(503, { message: 'down' }) });
    const card = await loopCard();
    expect(await within(card).findByText('Trading loop status unavailable')).toBeInTheDocument();
    expect(within(card).queryByText('Active')).not.toBeInTheDocument();
  });
});
