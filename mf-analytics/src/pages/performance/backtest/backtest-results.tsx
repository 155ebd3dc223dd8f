import type { BacktestOrder, BacktestResult } from '@td/contracts';
import {
  Banner,
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
import { useMemo } from 'react';
import styled from 'styled-components';
import { MonthlyTable } from '../breakdown-tables';
import { EquityChart } from '../equity-chart';
import { MetricCards } from '../metric-cards';
import {
  backtestEquityPoints,
  chargesShareOfTurnover,
  filledOrders,
  maxDrawdownPercent,
  ordersTotal,
  returnOverBuyAndHold,
  returnPercent,
  strideLabel,
  tradesTotal,
} from './backtest-figures';
import { FormNote as Note } from './backtest-form-parts';
import { BacktestMlCard } from './backtest-ml-card';
import { BacktestTradesTable, TRADES_SHOWN } from './backtest-trades-table';

const Stack = styled.div`
  display: grid;
  /* minmax(0, …): a wide table scrolls in its own box rather than widening the page on a phone. */
  grid-template-columns: minmax(0, 1fr);
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

/** "Trades (latest 200 of 1,234)": the table shows `shown`, the result carries BACKTEST_ROWS_SENT of `total`. */
const latest = (label: string, shown: number, total: number) =>
  `${label}${total > shown ? ` (latest ${shown} of ${total.toLocaleString('en-IN')})` : ''}`;

/**
 * The figures of a complete run with the Performance screen's own pieces: its metric cards, equity and
 * drawdown chart (here against the capital held in the NIFTY 50) and monthly table, then the closed
 * trades and the orders. A run stored before trades were kept shows what it has.
 */
export function BacktestResults({ result }: { result: BacktestResult }) {
  // The tab re-renders on every stream frame: rebuilding 2,000 points would redraw the chart each time.
  const points = useMemo(() => backtestEquityPoints(result), [result]);
  const held = result.buy_and_hold ?? null;
  const orders = result.orders.slice(-ORDERS_SHOWN).reverse();
  const chartTitle = held ? 'Equity and drawdown against buy-and-hold NIFTY 50' : 'Equity and drawdown';
  return (
    <Stack>
      {result.metrics ? (
        <MetricCards
          analytics={result.metrics}
          loading={false}
          failed={false}
          scope={`closed over ${result.sessions.length} session${result.sessions.length === 1 ? '' : 's'}`}
          label="Backtest figures"
        >
          {held && <BuyAndHoldTile result={result} />}
          <RunTiles result={result} />
        </MetricCards>
      ) : (
        <TileGrid role="group" aria-label="Backtest figures">
          <Tile
            label="Net P&L after charges"
            value={formatSignedINR(result.net_pnl)}
            subValue={`${formatPercent(returnPercent(result), { signed: true })} of ${formatINR(result.starting_capital)}`}
            tone={pnlTone(result.net_pnl)}
          />
          <RunTiles result={result} />
          <LegacyDrawdownTile drawdown={maxDrawdownPercent(points)} />
        </TileGrid>
      )}
      <Card title={chartTitle}>
        <EquityChart
          equity={points}
          label={`${chartTitle}, ${points.length} points ${strideLabel(result.equity_stride_minutes, result.equity_stride_sessions)}`}
          {...(held ? { benchmarkTitle: 'NIFTY 50' } : {})}
        />
        {result.benchmark_note && <Note>{result.benchmark_note}</Note>}
      </Card>
      {result.ml && <BacktestMlCard ml={result.ml} />}
      {!result.trades && (
        <Banner tone="info">
          This run was kept before backtests recorded their trades, months and the NIFTY 50: run it again to
          see them.
        </Banner>
      )}
      {result.trades && (
        <Card title={latest('Trades', TRADES_SHOWN, tradesTotal(result))}>
          <BacktestTradesTable trades={result.trades} />
        </Card>
      )}
      {result.monthly && (
        <Card title="Monthly returns">
          <MonthlyTable rows={result.monthly} withCharges />
        </Card>
      )}
      <Card title={latest('Orders', ORDERS_SHOWN, ordersTotal(result))}>
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

/** The capital held in the NIFTY 50 over the range, and how the strategy did against it. */
function BuyAndHoldTile({ result }: { result: BacktestResult }) {
  const held = result.buy_and_hold!;
  return (
    <Tile
      label="Buy and hold NIFTY 50"
      value={formatSignedINR(held.pnl)}
      subValue={`${formatPercent(held.return_percent, { signed: true })} · the strategy ${formatPercent(returnOverBuyAndHold(result), { signed: true })} against it`}
      tone={pnlTone(held.pnl)}
    />
  );
}

/** What the run paid and placed: charges as a share of turnover, final equity, orders. */
function RunTiles({ result }: { result: BacktestResult }) {
  return (
    <>
      <Tile
        label="Charges paid"
        value={formatINR(result.charges)}
        subValue={`${formatPercent(chargesShareOfTurnover(result), { decimals: 3 })} of turnover ${formatINR(result.turnover)}`}
      />
      <Tile
        label="Final equity"
        value={formatINR(result.final_equity)}
        subValue={`${result.sessions.length} sessions`}
      />
      <Tile
        label="Orders"
        value={ordersTotal(result).toLocaleString('en-IN')}
        subValue={`${filledOrders(result).toLocaleString('en-IN')} filled · ${result.bars.toLocaleString('en-IN')} bars`}
      />
    </>
  );
}

function LegacyDrawdownTile({ drawdown }: { drawdown: number }) {
  return (
    <Tile
      label="Max Drawdown"
      value={drawdown > 0 ? formatPercent(-drawdown) : formatPercent(0)}
      subValue="below the running peak, at session ends"
      tone={drawdown > 0 ? 'negative' : 'neutral'}
    />
  );
}
