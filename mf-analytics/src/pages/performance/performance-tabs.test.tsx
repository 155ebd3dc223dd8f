import { pnlHeatColour } from '@td/ui';
import { screen, waitFor, within } from '@testing-library/react';
import { analytics, renderPerformance, returns } from './performance-test-data';

jest.mock('./equity-chart-canvas', () => ({
  __esModule: true,
  default: (props: { label: string }) =>
    require('react').createElement('div', { role: 'img', 'aria-label': props.label }),
}));

// jsdom has no object URLs and does not navigate; the saved file is seen through these.
let saved: { download: string; blob: Blob }[];
beforeEach(() => {
  saved = [];
  const blobs: Blob[] = [];
  Object.assign(URL, {
    createObjectURL: jest.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:http://host.test/report';
    }),
    revokeObjectURL: jest.fn(),
  });
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ download: this.download, blob: blobs.at(-1)! });
  });
});
afterEach(() => jest.restoreAllMocks());

/** jsdom's Blob has no text(); FileReader reads it. */
const readText = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

const openTab = async (user: ReturnType<typeof renderPerformance>['user'], name: string) => {
  await screen.findByText('+₹12,346');
  await user.click(screen.getByRole('tab', { name }));
  return screen.getByRole('tabpanel');
};

describe('Performance Analytics tabs', () => {
  it("fills the heatmap's cells from the daily P&L series, by size and sign, over the last 30 days", async () => {
    renderPerformance();
    const heatmap = await screen.findByRole('group', { name: 'Daily P&L, last 30 days' });
    const cells = within(heatmap).getAllByRole('img');
    expect(cells).toHaveLength(30);
    expect(cells[0]).toHaveAttribute('data-date', '2026-10-22');
    expect(cells.at(-1)).toHaveAttribute('data-date', '2026-11-20');
    const scale = 7_745.67;
    for (const day of returns.equity) {
      const cell = cells.find((c) => c.dataset.date === day.date)!;
      expect(cell).toHaveStyle({ background: pnlHeatColour(day.pnl, scale) });
    }
    expect(cells.find((c) => c.dataset.date === '2026-11-17')).toHaveAccessibleName(
      '17 Nov: -₹2,500 (-0.25%), 2 closed trades, equity ₹9,98,500',
    );
    expect(cells.find((c) => c.dataset.date === '2026-11-15')).toHaveAccessibleName('15 Nov: no session');
    expect(cells.filter((c) => !/no session/.test(c.getAttribute('aria-label')!))).toHaveLength(5);
  });

  it("shows a day's figures in the tooltip on hover", async () => {
    const view = renderPerformance();
    const heatmap = await screen.findByRole('group', { name: 'Daily P&L, last 30 days' });
    const cell = within(heatmap)
      .getAllByRole('img')
      .find((c) => c.dataset.date === '2026-11-18')!;
    await view.user.hover(cell);
    expect(screen.getByRole('tooltip')).toHaveTextContent(
      '18 Nov: +₹6,100 (+0.61%), 3 closed trades, equity ₹10,04,600',
    );
  });

  it('shows Key Statistics from the analytics', async () => {
    renderPerformance();
    const stats = await screen.findByLabelText('Key Statistics', { selector: 'dl' });
    expect(stats).toHaveTextContent(
      'Average Win+₹3,000Average Loss-₹1,414Best Trade+₹5,200Worst Trade-₹2,100Volatility12.40%',
    );
  });

  it('lists the monthly, stock and strategy tables from the returns', async () => {
    const { user } = renderPerformance();
    let panel = await openTab(user, 'Monthly');
    expect(within(panel).getByRole('row', { name: /Nov 2026/ })).toHaveTextContent(
      'Nov 2026+1.64%+₹16,346771.4% (7 trades)',
    );
    panel = await openTab(user, 'Stocks');
    expect(within(panel).getByRole('row', { name: /RELIANCE/ })).toHaveTextContent(
      'RELIANCE666.7% (6 trades)+₹9,000+₹1,500',
    );
    expect(within(panel).getByTestId('performance-source')).toHaveTextContent(
      'Paper account, simulated prices',
    );
    panel = await openTab(user, 'Strategies');
    expect(within(panel).getByRole('row', { name: /momentum/ })).toHaveTextContent(
      'momentum333.3% (3 trades)+₹1,346',
    );
  });

  it('shows the statistics computed from the ledger: hold time, Sortino, Calmar, expectancy, exposure, best and worst day', async () => {
    const { user } = renderPerformance();
    const panel = await openTab(user, 'Statistics');
    expect(within(panel).getByLabelText('Trade statistics')).toHaveTextContent(
      'Total Trades10Winning Trades6Losing Trades4Avg Hold Time26.5 hrsExpectancy+₹1,235Exposure72.7%',
    );
    expect(within(panel).getByLabelText('Risk-adjusted statistics')).toHaveTextContent(
      'Sharpe Ratio1.87Sortino Ratio2.64Calmar Ratio3.05Max Drawdown4.98% (₹50,400)Best Day+₹6,100 on 2026-11-18Worst Day-₹4,300 on 2026-11-05',
    );
  });

  it("downloads the period's report as CSV whose totals match the cards and tables", async () => {
    const view = renderPerformance();
    await screen.findByText('+₹12,346');
    await view.user.click(screen.getByRole('button', { name: 'Export Report' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.download).toMatch(/^performance-all-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(saved[0]!.blob.type).toBe('text/csv');
    const lines = (await readText(saved[0]!.blob)).split('\r\n');
    const row = (name: string) => lines.find((line) => line.startsWith(`${name},`));
    expect(row('Total Return (INR)')).toBe(`Total Return (INR),${analytics.total_return}`);
    expect(row('Total Trades')).toBe('Total Trades,10');
    expect(row('Win Rate (%)')).toBe('Win Rate (%),60');
    expect(row('Sharpe Ratio')).toBe('Sharpe Ratio,1.87');
    expect(row('Max Drawdown (%)')).toBe('Max Drawdown (%),4.98');
    expect(row('momentum')).toBe('momentum,3,1,33.3,1345.67,448.56');
    const daily = lines.slice(lines.indexOf('Daily') + 2).filter(Boolean);
    expect(daily).toHaveLength(returns.equity.length);
    const dailyPnl = daily.reduce((sum, line) => sum + Number(line.split(',')[2]), 0);
    expect(dailyPnl).toBeCloseTo(analytics.total_return, 2);
    expect(view.notify).toHaveBeenCalledWith('success', `Performance report saved as ${saved[0]!.download}`);
  });
});
