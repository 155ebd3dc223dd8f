import type { BacktestOrder, BacktestResult } from '@td/contracts';
import {
  Card,
  formatINR,
  formatIstDateTime,
  formatPercent,
  formatSignedINR,
  pnlTone,
  Table,
  type TableColumn,
  Tile,
  TileGrid,
} from '@td/ui';
import styled from 'styled-components';
import { EquityChart } from '../equity-chart';
import {
  backtestEquityPoints,
  chargesShareOfTurnover,
  filledOrders,
  maxDrawdownPercent,
  returnPercent,
} from './backtest-figures';

const Stack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  margin-top: ${({ theme }) => theme.space(4)};
`;

/** The orders table shows the latest this many: a long run places thousands. */
const ORDERS_SHOWN = 200;

const ORDER_COLUMNS: TableColumn<BacktestOrder>[] = [
  { key: 'at', header: 'Time', cell: (o) => formatIstDateTime(o.at) },
  { key: 'symbol', header: 'Symbol', cell: (o) => o.symbol },
  { key: 'side', header: 'Side', cell: (o) => o.side },
  { key: 'quantity', header: 'Qty', align: 'right', cell: (o) => o.quantity },
  { key: 'price', header: 'Price', align: 'right', cell: (o) => formatINR(o.price) },
  { key: 'status', header: 'Status', cell: (o) => o.status },
  { key: 'charges', header: 'Charges', align: 'right', cell: (o) => formatINR(o.charges.total) },
];

/** The figures of a complete run: the metric cards, the equity curve and the orders, in rupees as the API sends. */
export function BacktestResults({ result }: { result: BacktestResult }) {
  const points = backtestEquityPoints(result);
  const drawdown = maxDrawdownPercent(points);
  const share = chargesShareOfTurnover(result);
  const orders = result.orders.slice(-ORDERS_SHOWN).reverse();
  return (
    <Stack>
      <TileGrid role="group" aria-label="Backtest figures">
        <Tile
          label="Net P&L after charges"
          value={formatSignedINR(result.net_pnl)}
          subValue={`${formatPercent(returnPercent(result), { signed: true })} of ${formatINR(result.starting_capital)}`}
          tone={pnlTone(result.net_pnl)}
        />
        <Tile
          label="Charges paid"
          value={formatINR(result.charges)}
          subValue={`${formatPercent(share, { decimals: 3 })} of turnover ${formatINR(result.turnover)}`}
        />
        <Tile
          label="Final equity"
          value={formatINR(result.final_equity)}
          subValue={`${result.sessions.length} sessions`}
        />
        <Tile
          label="Max Drawdown"
          value={drawdown > 0 ? formatPercent(-drawdown) : formatPercent(0)}
          subValue="below the running peak, at session ends"
          tone={drawdown > 0 ? 'negative' : 'neutral'}
        />
        <Tile
          label="Orders"
          value={String(result.orders.length)}
          subValue={`${filledOrders(result)} filled · ${result.bars.toLocaleString('en-IN')} bars`}
        />
      </TileGrid>
      <Card title="Equity and drawdown">
        <EquityChart equity={points} />
      </Card>
      <Card
        title={`Orders${result.orders.length > ORDERS_SHOWN ? ` (latest ${ORDERS_SHOWN} of ${result.orders.length})` : ''}`}
      >
        <Table
          label="Backtest orders"
          columns={ORDER_COLUMNS}
          rows={orders}
          rowKey={(o, index) => `${o.at}-${o.symbol}-${index}`}
          emptyText="The strategy placed no orders over this range."
        />
      </Card>
      {result.errors.length > 0 && (
        <Card title="Minutes the loop could not run">
          <ul>
            {result.errors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        </Card>
      )}
    </Stack>
  );
}
