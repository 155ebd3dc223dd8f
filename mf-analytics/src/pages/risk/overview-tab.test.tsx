import { theme } from '@td/ui';
import { render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { OverviewTab } from './overview-tab';
import { metrics } from './risk-test-data';

const renderOverview = (figures: typeof metrics | undefined, loading = false) =>
  render(
    <ThemeProvider theme={theme}>
      <OverviewTab metrics={figures} loading={loading} />
    </ThemeProvider>,
  );
const sharpeTile = () => screen.getByRole('group', { name: 'Sharpe Ratio (3-month)' });

describe('the risk overview’s Sharpe Ratio tile', () => {
  it('names its 3-month window and the dates the ratio covers', () => {
    renderOverview(metrics);
    expect(sharpeTile()).toHaveTextContent('1.87annualised, 6 Oct 2025 – 5 Jan 2026');
  });

  it('shows a dash and the server’s sentence while the account is too young, still naming the window', () => {
    renderOverview({
      ...metrics,
      sharpe_ratio: null,
      sharpe_window: { period: 'quarter', from: '2025-12-19', to: '2026-01-05' },
      sharpe_note: 'Needs 30 trading days; this period has 10',
    });
    expect(sharpeTile()).toHaveTextContent('—Needs 30 trading days; this period has 10');
    expect(screen.queryByText(/needs more sessions of the account/)).not.toBeInTheDocument();
  });

  it('names the window the server reports, and the 3-month one before the figures arrive', () => {
    const { unmount } = renderOverview(undefined, true);
    expect(sharpeTile()).toHaveTextContent('…');
    unmount();
    renderOverview({ ...metrics, sharpe_window: { period: 'all', from: '2025-06-02', to: '2026-01-05' } });
    expect(screen.getByRole('group', { name: 'Sharpe Ratio (all-time)' })).toHaveTextContent(
      '1.87annualised, 2 Jun 2025 – 5 Jan 2026',
    );
  });
});
