import type { Holding } from '@td/contracts';
import {
  Button,
  formatINR,
  formatPercent,
  formatSignedINR,
  pnlTone,
  Table,
  type TableColumn,
  toneColour,
  VisuallyHidden,
} from '@td/ui';
import styled from 'styled-components';

const Signed = styled.span<{ $value: number }>`
  color: ${({ $value }) => toneColour(pnlTone($value))};
`;

export interface HoldingsTableProps {
  holdings: readonly Holding[];
  loading: boolean;
  /** The symbol whose chart is open; its Chart button reads as pressed. */
  charted: string | null;
  onChart: (symbol: string) => void;
}

/** spec part 1 "Portfolio": Symbol, Quantity, Entry Price, Current Price, P&L, Return %; rupees without decimals. */
export function HoldingsTable({ holdings, loading, charted, onChart }: HoldingsTableProps) {
  const columns: TableColumn<Holding>[] = [
    { key: 'symbol', header: 'Symbol', cell: (h) => <strong>{h.symbol}</strong> },
    { key: 'quantity', header: 'Quantity', align: 'right', cell: (h) => h.quantity.toLocaleString('en-IN') },
    { key: 'entry', header: 'Entry Price', align: 'right', cell: (h) => formatINR(h.avg_price) },
    {
      key: 'current',
      header: 'Current Price',
      align: 'right',
      cell: (h) => <span data-testid={`price-${h.symbol}`}>{formatINR(h.current_price)}</span>,
    },
    {
      key: 'pnl',
      header: 'P&L',
      align: 'right',
      cell: (h) => (
        <Signed $value={h.total_returns} data-testid={`pnl-${h.symbol}`}>
          {formatSignedINR(h.total_returns)}
        </Signed>
      ),
    },
    {
      key: 'return',
      header: 'Return %',
      align: 'right',
      cell: (h) => (
        <Signed $value={h.total_returns_percent}>
          {formatPercent(h.total_returns_percent, { signed: true })}
        </Signed>
      ),
    },
    {
      key: 'chart',
      header: <VisuallyHidden>Chart</VisuallyHidden>,
      align: 'right',
      cell: (h) => (
        <Button
          size="sm"
          variant="ghost"
          aria-pressed={charted === h.symbol}
          aria-label={`Show ${h.symbol} chart`}
          onClick={() => onChart(h.symbol)}
        >
          Chart
        </Button>
      ),
    },
  ];
  return (
    <Table
      label="Current Holdings"
      columns={columns}
      rows={holdings}
      rowKey={(h) => h.symbol}
      loading={loading}
      emptyText="No holdings found"
    />
  );
}
