import { MISSING_VALUE, theme } from '@td/ui';
import { render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { ThemeProvider } from 'styled-components';
import { BacktestResults } from './backtest/backtest-results';
import { fullBacktestResult } from './backtest/backtest-test-data';
import { MetricCards } from './metric-cards';
import { ANALYTICS_PATH, analytics, ok, renderPerformance } from './performance-test-data';

jest.mock('./equity-chart-canvas', () => ({
  __esModule: true,
  default: (props: { label: string }) =>
    require('react').createElement('div', { role: 'img', 'aria-label': props.label }),
}));

const withTheme = (ui: ReactElement) => render(<ThemeProvider theme={theme}>{ui}</ThemeProvider>);
const sharpeTile = () => screen.getByRole('group', { name: 'Sharpe Ratio' });

const SHORT_PERIOD = {
  ...analytics,
  period: 'week' as const,
  sharpe_ratio: null,
  sortino_ratio: null,
  calmar_ratio: null,
  volatility: null,
  ratios_note: 'Needs 30 trading days; this period has 2',
};

describe('the Sharpe Ratio card under 30 trading days', () => {
  it('shows a dash and says how many trading days the figures have', () => {
    withTheme(<MetricCards analytics={SHORT_PERIOD} loading={false} failed={false} />);
    expect(within(sharpeTile()).getByText(MISSING_VALUE)).toBeInTheDocument();
    expect(within(sharpeTile()).getByText('Needs 30 trading days; this period has 2')).toBeInTheDocument();
  });

  it('shows the figure and its basis when there are enough days', () => {
    withTheme(<MetricCards analytics={analytics} loading={false} failed={false} />);
    expect(within(sharpeTile()).getByText('1.87')).toBeInTheDocument();
    expect(within(sharpeTile()).getByText('annualised, risk-free 6.5%')).toBeInTheDocument();
  });

  it('on the Performance screen, with the Statistics tab naming why Sortino and Calmar are missing', async () => {
    const { user } = renderPerformance({ [ANALYTICS_PATH]: ok(SHORT_PERIOD) });
    expect(await screen.findByText('Needs 30 trading days; this period has 2')).toBeInTheDocument();
    expect(within(sharpeTile()).getByText(MISSING_VALUE)).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Statistics' }));
    const stats = screen.getByLabelText('Risk-adjusted statistics');
    expect(
      within(stats).getAllByText(`${MISSING_VALUE} (Needs 30 trading days; this period has 2)`),
    ).toHaveLength(3);
  });

  it('in a 2-session backtest’s results', () => {
    const { metrics } = fullBacktestResult;
    withTheme(
      <BacktestResults
        result={{
          ...fullBacktestResult,
          metrics: {
            ...metrics!,
            sharpe_ratio: null,
            sortino_ratio: null,
            volatility: null,
            ratios_note: 'Needs 30 trading days; this run has 2',
          },
        }}
      />,
    );
    const figures = screen.getByRole('group', { name: 'Backtest figures' });
    const sharpe = within(figures).getByRole('group', { name: 'Sharpe Ratio' });
    expect(within(sharpe).getByText(MISSING_VALUE)).toBeInTheDocument();
    expect(within(sharpe).getByText('Needs 30 trading days; this run has 2')).toBeInTheDocument();
  });
});
