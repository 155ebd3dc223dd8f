import { useBacktestRun } from '@td/api-client';
import type { BacktestRun } from '@td/contracts';
import {
  formatINR,
  formatIstDateTime,
  formatNumber,
  formatPercent,
  formatRate,
  formatShare,
  formatSignedINR,
  Skeleton,
} from '@td/ui';
import { type ReactNode, useMemo } from 'react';
import styled from 'styled-components';
import { EquityChart } from '../equity-chart';
import { withRatiosNote } from '../with-ratios-note';
import {
  backtestEquityPoints,
  chargesShareOfTurnover,
  filledOrders,
  maxDrawdownPercent,
  ordersTotal,
  rangeLabel,
  returnOverBuyAndHold,
  returnPercent,
  signalsLabel,
} from './backtest-figures';

interface Figure {
  name: string;
  value: (run: BacktestRun) => ReactNode;
}

const optional = (value: number | undefined, text: (value: number) => string) =>
  value === undefined ? 'live loop default' : text(value);

type Metrics = NonNullable<NonNullable<BacktestRun['result']>['metrics']>;
/** A metric of the Performance screen's; a dash for a run kept before backtests recorded their trades. */
const metric = (text: (m: Metrics) => string) => (run: BacktestRun) =>
  run.result?.metrics ? text(run.result.metrics) : '—';
const ratio = (value: number | null) => formatNumber(value, { decimals: 2 });

const FIGURES: Figure[] = [
  { name: 'Started', value: (run) => formatIstDateTime(run.created_at) },
  { name: 'Range', value: (run) => rangeLabel(run) },
  { name: 'Starting capital', value: (run) => formatINR(run.settings.capital) },
  { name: 'Net P&L after charges', value: (run) => formatSignedINR(run.result?.net_pnl) },
  {
    name: 'Return',
    value: (run) => (run.result ? formatPercent(returnPercent(run.result), { signed: true }) : '—'),
  },
  {
    name: 'Buy and hold NIFTY 50',
    value: (run) =>
      run.result?.buy_and_hold
        ? formatPercent(run.result.buy_and_hold.return_percent, { signed: true })
        : '—',
  },
  {
    name: 'Return over buy and hold',
    value: (run) => (run.result ? formatPercent(returnOverBuyAndHold(run.result), { signed: true }) : '—'),
  },
  { name: 'Closed trades', value: metric((m) => String(m.total_trades)) },
  { name: 'Win rate', value: metric((m) => formatRate(m.win_rate, m.total_trades)) },
  { name: 'Profit factor', value: metric((m) => ratio(m.profit_factor)) },
  {
    name: 'Average win / loss',
    value: metric((m) => `${formatSignedINR(m.avg_win)} / ${formatSignedINR(m.avg_loss)}`),
  },
  { name: 'Sharpe ratio', value: metric((m) => withRatiosNote(ratio(m.sharpe_ratio), m.ratios_note)) },
  { name: 'Charges paid', value: (run) => formatINR(run.result?.charges) },
  {
    name: 'Charges of turnover',
    value: (run) => (run.result ? formatPercent(chargesShareOfTurnover(run.result), { decimals: 3 }) : '—'),
  },
  { name: 'Turnover', value: (run) => formatINR(run.result?.turnover) },
  { name: 'Final equity', value: (run) => formatINR(run.result?.final_equity) },
  {
    name: 'Max drawdown',
    // A run kept before the metrics measured its fall at session ends only: shallower than a minute's low.
    value: (run) => {
      if (!run.result) return '—';
      if (run.result.metrics) return formatPercent(-run.result.metrics.max_drawdown || 0);
      const drawdown = maxDrawdownPercent(backtestEquityPoints(run.result));
      return `${formatPercent(-drawdown || 0)} at session ends only, not comparable to a minute-by-minute drawdown`;
    },
  },
  {
    name: 'Orders (filled)',
    value: (run) => (run.result ? `${ordersTotal(run.result)} (${filledOrders(run.result)})` : '—'),
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
  { name: 'Signals', value: (run) => signalsLabel(run.settings) },
  {
    name: 'ML accuracy (news model)',
    value: (run) => {
      const ml = run.result?.ml;
      if (!ml) return '—';
      const news = ml.models.find((model) => model.name === 'news_sentiment');
      return `${formatShare(ml.accuracy)} (${ml.news ? formatShare(news?.accuracy ?? null) : 'no news'})`;
    },
  },
];

// Three narrow columns that wrap, rather than the kit's wide table: on a phone both runs stay in sight.
const Figures = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-variant-numeric: tabular-nums;
  th,
  td {
    padding: ${({ theme }) => `${theme.space(2)} ${theme.space(2)}`};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    text-align: right;
    vertical-align: top;
    overflow-wrap: break-word;
  }
  th:first-child,
  td:first-child {
    width: 36%;
    text-align: left;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  thead th {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSize.xs};
    text-transform: uppercase;
  }
`;

const Curves = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space(4)};
  margin-top: ${({ theme }) => theme.space(4)};
  ${({ theme }) => theme.media.tabletUp} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  h3 {
    margin: 0 0 ${({ theme }) => theme.space(2)};
    font-size: ${({ theme }) => theme.fontSize.sm};
  }
`;

/** One run's curve against buy-and-hold NIFTY 50, under its name. */
function RunCurve({ run, label }: { run: BacktestRun; label: string }) {
  const { result } = run;
  // The tab re-renders on every stream frame: rebuilding 2,000 points would redraw the chart each time.
  const equity = useMemo(() => (result ? backtestEquityPoints(result) : []), [result]);
  if (!result) return null;
  const held = Boolean(result.buy_and_hold);
  return (
    <div>
      <h3>{label}</h3>
      <EquityChart
        equity={equity}
        label={`${label}: equity and drawdown${held ? ' against buy-and-hold NIFTY 50' : ''}`}
        {...(held ? { benchmarkTitle: 'NIFTY 50' } : {})}
      />
    </div>
  );
}

/** Two complete runs' key figures side by side, a column each, then their curves. */
export function BacktestCompare({
  ids,
  labels,
}: {
  ids: readonly [string, string];
  /** The runs' names in the list ("Run #2"). */
  labels: readonly [string, string];
}) {
  const first = useBacktestRun(ids[0]).data;
  const second = useBacktestRun(ids[1]).data;
  if (!first || !second) return <Skeleton block={{ height: '240px' }} label="Loading the two runs" />;
  return (
    <>
      <Figures aria-label="Backtests side by side">
        <thead>
          <tr>
            <th scope="col">Figure</th>
            <th scope="col">{labels[0]}</th>
            <th scope="col">{labels[1]}</th>
          </tr>
        </thead>
        <tbody>
          {FIGURES.map((figure) => (
            <tr key={figure.name}>
              <th scope="row">{figure.name}</th>
              <td>{figure.value(first)}</td>
              <td>{figure.value(second)}</td>
            </tr>
          ))}
        </tbody>
      </Figures>
      <Curves>
        <RunCurve run={first} label={labels[0]} />
        <RunCurve run={second} label={labels[1]} />
      </Curves>
    </>
  );
}
