import type { PerformanceReturns } from '@td/contracts';
import {
  formatINR,
  formatPercent,
  formatRate,
  formatSignedINR,
  pnlTone,
  Table,
  type TableColumn,
  toneColour,
} from '@td/ui';

/** A month of the Performance screen, or of a backtest (which adds the month's charges). */
type MonthRow = PerformanceReturns['monthly'][number] & { charges?: number };
type GroupRow = PerformanceReturns['stocks'][number];

const monthName = new Intl.DateTimeFormat('en-IN', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** "Nov 2026" from "2026-11". */
export const monthLabel = (month: string) => monthName.format(new Date(`${month}-01T00:00:00Z`));

const Pnl = ({ value }: { value: number | null }) => (
  <span style={{ color: toneColour(pnlTone(value)) }}>{formatSignedINR(value)}</span>
);

const MONTH_COLUMNS: TableColumn<MonthRow>[] = [
  { key: 'month', header: 'Month', cell: (row) => monthLabel(row.month) },
  {
    key: 'return',
    header: 'Return',
    align: 'right',
    cell: (row) => formatPercent(row.return_percent, { signed: true }),
  },
  { key: 'pnl', header: 'P&L', align: 'right', cell: (row) => <Pnl value={row.pnl} /> },
  { key: 'trades', header: 'Trades', align: 'right', cell: (row) => row.trades },
  {
    key: 'win',
    header: 'Win Rate',
    align: 'right',
    cell: (row) => formatRate(row.win_rate, row.trades),
  },
];

const groupColumns = (nameHeader: string): TableColumn<GroupRow>[] => [
  { key: 'name', header: nameHeader, cell: (row) => row.name },
  { key: 'trades', header: 'Trades', align: 'right', cell: (row) => row.trades },
  {
    key: 'win',
    header: 'Win Rate',
    align: 'right',
    cell: (row) => formatRate(row.win_rate, row.trades),
  },
  { key: 'pnl', header: 'P&L', align: 'right', cell: (row) => <Pnl value={row.pnl} /> },
  { key: 'avg', header: 'Avg P&L', align: 'right', cell: (row) => <Pnl value={row.avg_pnl} /> },
  { key: 'best', header: 'Best', align: 'right', cell: (row) => formatSignedINR(row.largest_win) },
  { key: 'worst', header: 'Worst', align: 'right', cell: (row) => formatSignedINR(row.largest_loss) },
];

const STOCK_COLUMNS = groupColumns('Symbol');
const STRATEGY_COLUMNS = groupColumns('Strategy');

const CHARGES_COLUMN: TableColumn<MonthRow> = {
  key: 'charges',
  header: 'Charges',
  align: 'right',
  cell: (row) => formatINR(row.charges ?? null),
};
const MONTH_COLUMNS_WITH_CHARGES = [...MONTH_COLUMNS, CHARGES_COLUMN];

export function MonthlyTable({
  rows,
  withCharges = false,
}: {
  rows: readonly MonthRow[];
  withCharges?: boolean;
}) {
  return (
    <Table
      label="Monthly returns"
      columns={withCharges ? MONTH_COLUMNS_WITH_CHARGES : MONTH_COLUMNS}
      rows={rows}
      rowKey={(row) => row.month}
      emptyText="No sessions in this period"
    />
  );
}

export function StocksTable({ rows }: { rows: readonly GroupRow[] }) {
  return (
    <Table
      label="Performance by stock"
      columns={STOCK_COLUMNS}
      rows={rows}
      rowKey={(row) => row.name}
      emptyText="No closed trades in this period"
    />
  );
}

export function StrategiesTable({ rows }: { rows: readonly GroupRow[] }) {
  return (
    <Table
      label="Performance by strategy"
      columns={STRATEGY_COLUMNS}
      rows={rows}
      rowKey={(row) => row.name}
      emptyText="No closed trades in this period"
    />
  );
}
