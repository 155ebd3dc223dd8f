import { screen } from '@testing-library/react';
import { renderHost } from '../test-support/render-host';
import { QuickStatsPanel } from './quick-stats-panel';

describe('Quick Stats panel', () => {
  it('shows a skeleton while loading, then the figures the server computed', async () => {
    renderHost(<QuickStatsPanel />, {
      routes: {
        'GET /api/quick-stats': {
          body: {
            success: true,
            data: {
              active_positions: 7,
              win_rate: 58.25,
              monthly_return: -1.5,
              connection_status: 'connected',
              data_source: 'Live',
            },
          },
        },
      },
    });
    expect(screen.getByRole('status', { name: /loading/i })).toBeInTheDocument();
    expect(await screen.findByText('7')).toBeInTheDocument();
    expect(screen.getByText('58.3%')).toBeInTheDocument();
    expect(screen.getByText('-1.50%')).toBeInTheDocument();
    expect(screen.getByText('Live')).toBeInTheDocument();
  });

  it('offers no Retry while the figures are healthy, and puts the count beside a win rate from few trades', async () => {
    renderHost(<QuickStatsPanel />, {
      routes: {
        'GET /api/quick-stats': {
          body: {
            success: true,
            data: {
              active_positions: 1,
              win_rate: 100,
              closed_trades: 1,
              monthly_return: 0.4,
              connection_status: 'connected',
              data_source: 'Simulated',
            },
          },
        },
      },
    });
    expect(await screen.findByText('Simulated')).toBeInTheDocument();
    expect(screen.getByText('100.0% (1 trade)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('says it is disconnected on a 503 and invents no numbers', async () => {
    renderHost(<QuickStatsPanel />, {
      routes: {
        'GET /api/quick-stats': {
          status: 503,
          body: { success: false, error: 'Failed to fetch quick stats' },
        },
      },
    });
    expect(await screen.findByText('Disconnected from data source')).toBeInTheDocument();
    expect(screen.getByText('No data available')).toBeInTheDocument();
    expect(screen.queryByText(/%/)).not.toBeInTheDocument();
    expect(screen.getByText('Failed to fetch quick stats')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('treats success false as disconnected', async () => {
    renderHost(<QuickStatsPanel />, {
      routes: {
        'GET /api/quick-stats': {
          body: {
            success: true,
            data: {
              active_positions: 0,
              win_rate: 0,
              monthly_return: 0,
              connection_status: 'disconnected',
              data_source: 'Offline',
            },
          },
        },
      },
    });
    expect(await screen.findByText('Disconnected from data source')).toBeInTheDocument();
    expect(screen.getByText('The market data feed is not connected.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
