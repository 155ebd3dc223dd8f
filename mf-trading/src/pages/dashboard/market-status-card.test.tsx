import { reply } from '@td/platform/test-support';
import { screen, waitFor, within } from '@testing-library/react';
import { indicesFrame, MARKET, renderDashboard } from './dashboard-test-data';

const marketCard = () => screen.getByRole('region', { name: 'Market Status' });
const index = (name: string) => within(marketCard()).getByRole('listitem', { name });

describe('dashboard: Market Status', () => {
  it('shows NIFTY 50, SENSEX and Bank NIFTY with value and signed percent change', async () => {
    renderDashboard();
    await within(await screen.findByRole('region', { name: 'Market Status' })).findByText('24,350.55');
    expect(index('NIFTY 50')).toHaveTextContent('24,350.55');
    expect(index('NIFTY 50')).toHaveTextContent('+0.42%');
    expect(index('SENSEX')).toHaveTextContent('80,123.40');
    expect(index('SENSEX')).toHaveTextContent('-0.47%');
    expect(index('Bank NIFTY')).toHaveTextContent('52,010.00');
    expect(index('Bank NIFTY')).toHaveTextContent('+0.02%');
  });

  it('labels simulator prices as simulated', async () => {
    renderDashboard();
    expect(
      await within(await screen.findByRole('region', { name: 'Market Status' })).findByText('Simulated data'),
    ).toBeInTheDocument();
    expect(marketCard()).toHaveTextContent('Source: simulator (market simulator, not exchange prices)');
  });

  it('follows the indices stream second by second', async () => {
    const { emit, subscribers } = renderDashboard();
    await within(await screen.findByRole('region', { name: 'Market Status' })).findByText('24,350.55');
    expect(subscribers('indices')).toBe(1);
    emit('indices', indicesFrame(24_480));
    await waitFor(() => expect(index('NIFTY 50')).toHaveTextContent('24,480.00'));
    expect(index('NIFTY 50')).toHaveTextContent('+2.00%');
  });

  it('drops the simulated label when the stream switches to exchange data', async () => {
    const { emit } = renderDashboard();
    await within(await screen.findByRole('region', { name: 'Market Status' })).findByText('Simulated data');
    emit('indices', indicesFrame(24_100, 'upstox'));
    await waitFor(() => expect(within(marketCard()).getByText('Live data')).toBeInTheDocument());
    expect(within(marketCard()).queryByText('Simulated data')).not.toBeInTheDocument();
    expect(marketCard()).toHaveTextContent('Source: upstox');
  });

  it('ignores stream messages of another shape', async () => {
    const { emit } = renderDashboard();
    await within(await screen.findByRole('region', { name: 'Market Status' })).findByText('24,350.55');
    emit('indices', { NIFTY_50: 'up' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(index('NIFTY 50')).toHaveTextContent('24,350.55');
  });

  it('shows an index the feed does not price as unavailable', async () => {
    renderDashboard({
      'GET /api/market/overview': reply(200, {
        success: true,
        data: { ...MARKET, indices: { ...MARKET.indices, BANK_NIFTY: null } },
      }),
    });
    await within(await screen.findByRole('region', { name: 'Market Status' })).findByText('24,350.55');
    expect(index('Bank NIFTY')).toHaveTextContent('Unavailable');
  });
});
