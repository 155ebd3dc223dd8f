import { createThemedChart } from '@td/platform/chart';
import { AreaSeries, LineSeries } from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { useTheme } from 'styled-components';

export interface EquityChartPoint {
  date: string;
  equity: number;
  drawdown_percent: number;
}

export interface EquityChartCanvasProps {
  points: readonly EquityChartPoint[];
  label: string;
}

const rupees = (value: number) => `₹${Math.round(value).toLocaleString('en-IN')}`;

/**
 * The lightweight-charts canvas (the product's one chart library, decision 0010): equity at each
 * session's close above, the drawdown below its running peak underneath. Loaded on demand.
 */
export default function EquityChartCanvas({ points, label }: EquityChartCanvasProps) {
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
    equity.setData(points.map((p) => ({ time: p.date, value: p.equity })));
    drawdown.setData(points.map((p) => ({ time: p.date, value: -p.drawdown_percent })));
    chart.panes()[1]?.setStretchFactor(0.45);
    chart.timeScale().fitContent();
    return () => chart.remove();
  }, [theme, points]);

  return <div ref={container} role="img" aria-label={label} style={{ width: '100%', height: '100%' }} />;
}
