import { createThemedChart, themedCandleOptions } from '@td/platform/chart';
import { CandlestickSeries, type IChartApi, type ISeriesApi, type UTCTimestamp } from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { useTheme } from 'styled-components';
import type { ChartBar } from './minute-bars';

export interface PriceChartCanvasProps {
  bars: readonly ChartBar[];
  /** The newest bar, drawn with `update` so a live tick does not redraw the whole history. */
  live: ChartBar | null;
  label: string;
}

const FIT_FROM_BARS = 60;

const asSeriesBar = (bar: ChartBar) => ({ ...bar, time: bar.time as UTCTimestamp });

/** The lightweight-charts canvas; loaded on demand so the library stays out of the first load. */
export default function PriceChartCanvas({ bars, live, label }: PriceChartCanvasProps) {
  const theme = useTheme();
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const series = useRef<ISeriesApi<'Candlestick'> | null>(null);

  useEffect(() => {
    if (!container.current) return;
    const created = createThemedChart(container.current, theme, {
      timeScale: {
        timeVisible: true,
        secondsVisible: false,
        barSpacing: 8,
        rightOffset: 4,
      },
      localization: { locale: 'en-IN', priceFormatter: (price: number) => `₹${price.toFixed(2)}` },
    });
    series.current = created.addSeries(CandlestickSeries, themedCandleOptions(theme));
    chart.current = created;
    return () => {
      created.remove();
      chart.current = null;
      series.current = null;
    };
  }, [theme]);

  useEffect(() => {
    series.current?.setData(bars.map(asSeriesBar));
    // A full session fits the width; the first minutes of one keep a readable candle width instead.
    if (bars.length > FIT_FROM_BARS) chart.current?.timeScale().fitContent();
  }, [bars]);

  useEffect(() => {
    if (live) series.current?.update(asSeriesBar(live));
  }, [live]);

  return <div ref={container} role="img" aria-label={label} style={{ width: '100%', height: '100%' }} />;
}
