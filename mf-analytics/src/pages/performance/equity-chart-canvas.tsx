import { createThemedChart } from '@td/platform/chart';
import { AreaSeries, LineSeries, type Time, type UTCTimestamp } from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { useTheme } from 'styled-components';

export interface EquityChartPoint {
  /** An IST session date (YYYY-MM-DD), or an instant (ISO) for a curve within sessions. */
  date: string;
  equity: number;
  drawdown_percent: number;
  /** The same capital in a benchmark (a backtest's buy-and-hold NIFTY 50); null where unknown. */
  benchmark?: number | null;
}

export interface EquityChartCanvasProps {
  points: readonly EquityChartPoint[];
  label: string;
  /** The benchmark line's title; no line without it. */
  benchmarkTitle?: string | undefined;
}

const rupees = (value: number) => `₹${Math.round(value).toLocaleString('en-IN')}`;
const IST_OFFSET_S = 5.5 * 3600;
/** A date as the business day it names; an instant as IST wall-clock seconds (the chart shows UTC). */
const chartTime = (date: string): Time =>
  date.length === 10 ? date : ((Date.parse(date) / 1000 + IST_OFFSET_S) as UTCTimestamp);

/**
 * The lightweight-charts canvas (the product's one chart library, decision 0010): equity at each
 * session's close above, the drawdown below its running peak underneath. Loaded on demand.
 */
export default function EquityChartCanvas({ points, label, benchmarkTitle }: EquityChartCanvasProps) {
  const theme = useTheme();
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!container.current) return;
    // Each series formats its own scale: a chart-wide price formatter would put ₹ on the drawdown's percent.
    const chart = createThemedChart(container.current, theme, { localization: { locale: 'en-IN' } });
    const equity = chart.addSeries(
      LineSeries,
      {
        color: theme.colors.primary,
        lineWidth: 2,
        title: 'Equity',
        priceFormat: { type: 'custom', formatter: rupees, minMove: 1 },
      },
      0,
    );
    const drawdown = chart.addSeries(
      AreaSeries,
      {
        lineColor: theme.colors.negative,
        topColor: `${theme.colors.negative}22`,
        bottomColor: `${theme.colors.negative}66`,
        lineWidth: 1,
        title: 'Drawdown %',
        priceFormat: { type: 'custom', formatter: (value: number) => `${value.toFixed(2)}%`, minMove: 0.01 },
      },
      1,
    );
    if (benchmarkTitle) {
      const benchmark = chart.addSeries(
        LineSeries,
        {
          color: theme.colors.textMuted,
          lineWidth: 2,
          lineStyle: 2,
          title: benchmarkTitle,
          priceFormat: { type: 'custom', formatter: rupees, minMove: 1 },
        },
        0,
      );
      benchmark.setData(
        points.flatMap((p) =>
          p.benchmark === null || p.benchmark === undefined
            ? []
            : [{ time: chartTime(p.date), value: p.benchmark }],
        ),
      );
    }
    equity.setData(points.map((p) => ({ time: chartTime(p.date), value: p.equity })));
    drawdown.setData(points.map((p) => ({ time: chartTime(p.date), value: -p.drawdown_percent })));
    // A curve within sessions (a backtest's, up to 2,000 points) shows the time of day on its axis, and
    // bars may be thinner than the default half pixel so the whole run fits a phone's width.
    if (points.some((p) => p.date.length > 10))
      chart.timeScale().applyOptions({ timeVisible: true, minBarSpacing: 0.01 });
    chart.panes()[1]?.setStretchFactor(0.45);
    // The whole range stays in view when the frame narrows (a phone turned, a window resized).
    chart.timeScale().applyOptions({ lockVisibleTimeRangeOnResize: true });
    chart.timeScale().fitContent();
    return () => chart.remove();
  }, [theme, points, benchmarkTitle]);

  return <div ref={container} role="img" aria-label={label} style={{ width: '100%', height: '100%' }} />;
}
