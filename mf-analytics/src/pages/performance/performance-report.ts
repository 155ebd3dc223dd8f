import type { PerformanceAnalytics, PerformanceReturns } from '@td/contracts';
import { type CsvValue, csvLines } from '@td/contracts';
import { istFileDate } from '@td/ui';
import { PERIOD_LABELS } from './performance-messages';

export interface ReportFilter {
  strategy?: string;
  symbol?: string;
}

const money = (value: number | null) => (value === null ? null : Math.round(value * 100) / 100);

/**
 * The period's report as one CSV file (decision 0010): the figures on the cards and the statistics
 * tab, then the monthly, stock, strategy and daily tables, each under its own heading line.
 */
export function performanceReportCsv(
  a: PerformanceAnalytics,
  r: PerformanceReturns,
  filter: ReportFilter,
): string {
  const rows: CsvValue[][] = [
    ['Performance report', PERIOD_LABELS[a.period]],
    ['From', a.from],
    ['To', a.to],
    ['Strategy', filter.strategy ?? 'All'],
    ['Symbol', filter.symbol ?? 'All'],
    ['Source', a.source.description],
    ['Simulated prices', a.source.simulated ? 'yes' : 'no'],
    [],
    ['Metric', 'Value'],
    ['Total Return (INR)', money(a.total_return)],
    ['Total Return (%)', a.total_return_percent],
    ['Annualized Return (%)', a.annualized_return],
    ['Win Rate (%)', a.win_rate],
    ['Total Trades', a.total_trades],
    ['Winning Trades', a.winning_trades],
    ['Losing Trades', a.losing_trades],
    ['Profit Factor', a.profit_factor],
    ['Sharpe Ratio', a.sharpe_ratio],
    ['Sortino Ratio', a.sortino_ratio],
    ['Calmar Ratio', a.calmar_ratio],
    ['Max Drawdown (%)', a.max_drawdown],
    ['Max Drawdown (INR)', money(a.max_drawdown_amount)],
    ['Average Win (INR)', money(a.avg_win)],
    ['Average Loss (INR)', money(a.avg_loss)],
    ['Best Trade (INR)', money(a.largest_win)],
    ['Worst Trade (INR)', money(a.largest_loss)],
    ['Expectancy (INR)', money(a.expectancy)],
    ['Volatility (%)', a.volatility],
    ['Avg Hold Time (hours)', a.avg_hold_time_hours],
    ['Exposure (%)', a.exposure_time_percent],
    ['Risk-free Rate (%)', a.risk_free_rate],
    ...(a.ratios_note ? [['Ratios withheld', a.ratios_note]] : []),
    [],
    ['Monthly'],
    ['Month', 'Return (%)', 'P&L (INR)', 'Trades', 'Win Rate (%)'],
    ...r.monthly.map((m) => [m.month, m.return_percent, money(m.pnl), m.trades, m.win_rate]),
  ];
  for (const [title, groups] of [
    ['Stocks', r.stocks],
    ['Strategies', r.strategies],
  ] as const) {
    rows.push(
      [],
      [title],
      ['Name', 'Trades', 'Winning Trades', 'Win Rate (%)', 'P&L (INR)', 'Avg P&L (INR)'],
    );
    for (const g of groups)
      rows.push([g.name, g.trades, g.winning_trades, g.win_rate, money(g.pnl), money(g.avg_pnl)]);
  }
  rows.push([], ['Daily'], ['Date', 'Equity (INR)', 'P&L (INR)', 'Return (%)', 'Drawdown (%)', 'Trades']);
  for (const d of r.equity)
    rows.push([d.date, money(d.equity), money(d.pnl), d.return_percent, d.drawdown_percent, d.trades]);
  return csvLines(rows);
}

/** "performance-month-2026-11-20.csv", dated in IST. */
export function performanceReportFilename(period: PerformanceAnalytics['period'], now = new Date()): string {
  return `performance-${period}-${istFileDate(now)}.csv`;
}
