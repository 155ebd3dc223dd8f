import { useBacktestRun } from '@td/api-client';
import type { BacktestRun } from '@td/contracts';
import { formatINR, formatIstDateTime, formatNumber, formatPercent, formatSignedINR, Table } from '@td/ui';
import type { ReactNode } from 'react';
import {
  backtestEquityPoints,
  chargesShareOfTurnover,
  filledOrders,
  maxDrawdownPercent,
  rangeLabel,
  returnPercent,
} from './backtest-figures';

interface Figure {
  name: string;
  value: (run: BacktestRun) => ReactNode;
}

const optional = (value: number | undefined, text: (value: number) => string) =>
  value === undefined ? 'live loop default' : text(value);

const FIGURES: Figure[] = [
  { name: 'Started', value: (run) => formatIstDateTime(run.created_at) },
  { name: 'Range', value: (run) => rangeLabel(run) },
  { name: 'Starting capital', value: (run) => formatINR(run.settings.capital) },
  { name: 'Net P&L after charges', value: (run) => formatSignedINR(run.result?.net_pnl) },
  {
    name: 'Return',
    value: (run) => (run.result ? formatPercent(returnPercent(run.result), { signed: true }) : '—'),
  },
  { name: 'Charges paid', value: (run) => formatINR(run.result?.charges) },
  {
    name: 'Charges of turnover',
    value: (run) => (run.result ? formatPercent(chargesShareOfTurnover(run.result), { decimals: 3 }) : '—'),
  },
  { name: 'Turnover', value: (run) => formatINR(run.result?.turnover) },
  { name: 'Final equity', value: (run) => formatINR(run.result?.final_equity) },
  {
    name: 'Max drawdown',
    value: (run) =>
      run.result ? formatPercent(-maxDrawdownPercent(backtestEquityPoints(run.result)) || 0) : '—',
  },
  {
    name: 'Orders (filled)',
    value: (run) => (run.result ? `${run.result.orders.length} (${filledOrders(run.result)})` : '—'),
  },
  { name: 'Allocation', value: (run) => run.settings.allocation_strategy },
  {
    name: 'Minimum confidence',
    value: (run) => optional(run.settings.min_confidence, (v) => formatNumber(v)),
  },
  { name: 'Stop-loss', value: (run) => optional(run.settings.stop_loss_pct, (v) => formatPercent(v)) },
  { name: 'Target', value: (run) => optional(run.settings.target_pct, (v) => formatPercent(v)) },
  { name: 'Maximum hold', value: (run) => optional(run.settings.max_hold_minutes, (v) => `${v} min`) },
  { name: 'Product', value: (run) => (run.settings.product === 'I' ? 'Intraday' : 'Delivery') },
  { name: 'Brokerage plan', value: (run) => run.settings.brokerage_plan },
];

/** Two complete runs' key figures side by side, a column each. */
export function BacktestCompare({ ids }: { ids: readonly [string, string] }) {
  const first = useBacktestRun(ids[0]).data;
  const second = useBacktestRun(ids[1]).data;
  const loading = !first || !second;
  return (
    <Table
      label="Backtests side by side"
      loading={loading}
      loadingRows={6}
      columns={[
        { key: 'figure', header: 'Figure', cell: (figure: Figure) => figure.name },
        {
          key: 'first',
          header: 'Run 1',
          align: 'right',
          cell: (figure) => (first ? figure.value(first) : null),
        },
        {
          key: 'second',
          header: 'Run 2',
          align: 'right',
          cell: (figure) => (second ? figure.value(second) : null),
        },
      ]}
      rows={FIGURES}
      rowKey={(figure) => figure.name}
    />
  );
}
