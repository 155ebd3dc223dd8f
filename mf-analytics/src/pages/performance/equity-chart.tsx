import { Skeleton } from '@td/ui';
import { lazy, Suspense } from 'react';
import styled from 'styled-components';
import type { EquityChartPoint } from './equity-chart-canvas';

// Its own chunk: the chart library downloads only when the overview shows a chart.
const EquityChartCanvas = lazy(
  () => import(/* webpackChunkName: "widget-equity-chart" */ './equity-chart-canvas'),
);

const Frame = styled.div`
  height: 360px;
  ${({ theme }) => theme.media.phone} {
    height: 260px;
  }
`;

export interface EquityChartProps {
  /** The ledger's sessions, or a backtest's curve. */
  equity: readonly EquityChartPoint[];
  /** What the chart shows, for screen readers; default: its sessions. */
  label?: string;
  /** Draws the points' benchmark values as a second line, so titled. */
  benchmarkTitle?: string;
}

/** The equity curve and its drawdown, one point per IST session (or every few minutes of a backtest). */
export function EquityChart({ equity, label, benchmarkTitle }: EquityChartProps) {
  const described =
    label ?? `Equity curve and drawdown, ${equity.length} session${equity.length === 1 ? '' : 's'}`;
  return (
    <Frame>
      <Suspense fallback={<Skeleton block={{ height: '100%' }} label="Loading chart" />}>
        <EquityChartCanvas points={equity} label={described} benchmarkTitle={benchmarkTitle} />
      </Suspense>
    </Frame>
  );
}
