import type { Holding } from '@td/contracts';
import {
  Button,
  formatINR,
  formatPercent,
  formatSignedINR,
  PhoneList,
  pnlTone,
  Table,
  type TableColumn,
  toneColour,
  VisuallyHidden,
  WideOnly,
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

function ChartButton({
  symbol,
  charted,
  onChart,
}: { symbol: string } & Pick<HoldingsTableProps, 'charted' | 'onChart'>) {
  return (
    <Button
      size="sm"
      variant="ghost"
      aria-pressed={charted === symbol}
      aria-label={`Show ${symbol} chart`}
      onClick={() => onChart(symbol)}
    >
      Chart
    </Button>
  );
}

/** On phones each holding is two lines, so price and P&L show without scrolling sideways. */
function HoldingsList({ holdings, charted, onChart }: Omit<HoldingsTableProps, 'loading'>) {
  if (holdings.length === 0) return <EmptyText>No holdings found</EmptyText>;
  return (
    <PhoneList aria-label="Current Holdings">
      {holdings.map((h) => (
        <li key={h.symbol}>
          <span>
            <strong>{h.symbol}</strong> <small>× {h.quantity.toLocaleString('en-IN')}</small>
          </span>
          <Signed className="right" $value={h.total_returns}>
            {formatSignedINR(h.total_returns)} ({formatPercent(h.total_returns_percent, { signed: true })})
          </Signed>
          <small>
            {formatINR(h.avg_price)} → {formatINR(h.current_price)}
          </small>
          <span className="right">
            <ChartButton symbol={h.symbol} charted={charted} onChart={onChart} />
          </span>
        </li>
      ))}
    </PhoneList>
  );
}

const EmptyText = styled.p`
  display: none;
  margin: 0;
  padding: ${({ theme }) => theme.space(6)} 0;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
  ${({ theme }) => theme.media.phone} {
    display: block;
  }
`;

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
      cell: (h) => <ChartButton symbol={h.symbol} charted={charted} onChart={onChart} />,
    },
  ];
  return (
    <>
      <WideOnly>
        <Table
          label="Current Holdings"
          columns={columns}
          rows={holdings}
          rowKey={(h) => h.symbol}
          loading={loading}
          emptyText="No holdings found"
        />
      </WideOnly>
      {!loading && <HoldingsList holdings={holdings} charted={charted} onChart={onChart} />}
    </>
  );
}
