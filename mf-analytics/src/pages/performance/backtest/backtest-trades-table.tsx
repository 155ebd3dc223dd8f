import type { BacktestTrade } from '@td/contracts';
import {
  formatINR,
  formatIstClock,
  formatIstDate,
  formatIstDateTime,
  formatNumber,
  formatSignedINR,
  pnlTone,
  Table,
  type TableColumn,
  toneColour,
} from '@td/ui';
import { holdingLabel } from './backtest-figures';

/** The table shows the latest this many: a long run closes thousands. */
export const TRADES_SHOWN = 200;

const price = (rupees: number) => formatNumber(rupees, { decimals: 2 });

const Pnl = ({ value }: { value: number }) => (
  <span style={{ color: toneColour(pnlTone(value)) }}>{formatSignedINR(value)}</span>
);

const TRADE_COLUMNS: TableColumn<BacktestTrade>[] = [
  { key: 'symbol', header: 'Symbol', cell: (t) => t.symbol },
  { key: 'entry', header: 'Entry', cell: (t) => formatIstDateTime(t.entry_at) },
  // An intraday trade's exit is the same day: its clock alone keeps the table narrow.
  {
    key: 'exit',
    header: 'Exit',
    cell: (t) =>
      formatIstDate(t.exit_at) === formatIstDate(t.entry_at)
        ? formatIstClock(t.exit_at)
        : formatIstDateTime(t.exit_at),
  },
  { key: 'quantity', header: 'Qty', align: 'right', cell: (t) => t.quantity },
  { key: 'entry-price', header: 'Entry ₹', align: 'right', cell: (t) => price(t.entry_price) },
  { key: 'exit-price', header: 'Exit ₹', align: 'right', cell: (t) => price(t.exit_price) },
  { key: 'gross', header: 'Gross', align: 'right', cell: (t) => <Pnl value={t.gross_pnl} /> },
  { key: 'charges', header: 'Charges', align: 'right', cell: (t) => formatINR(t.charges) },
  { key: 'net', header: 'Net', align: 'right', cell: (t) => <Pnl value={t.net_pnl} /> },
  { key: 'held', header: 'Held', align: 'right', cell: (t) => holdingLabel(t.holding_minutes) },
  {
    key: 'exit-reason',
    header: 'Closed by',
    cell: (t) => t.exit_reason.replace(/^exit:/, '').replace('_', ' '),
  },
];

/** The run's closed trades, latest first: each symbol's fills paired FIFO, its charges shared out. */
export function BacktestTradesTable({ trades }: { trades: readonly BacktestTrade[] }) {
  const shown = trades.slice(-TRADES_SHOWN).reverse();
  return (
    <Table
      label="Backtest trades"
      columns={TRADE_COLUMNS}
      rows={shown}
      rowKey={(t, index) => `${t.exit_at}-${t.symbol}-${index}`}
      emptyText="No trade closed over this range."
    />
  );
}
