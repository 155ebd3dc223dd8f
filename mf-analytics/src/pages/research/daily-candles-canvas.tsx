import type { CandleContract } from '@td/contracts';
import { createThemedChart, themedCandleOptions } from '@td/platform/chart';
import { CandlestickSeries, type UTCTimestamp } from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { useTheme } from 'styled-components';

export interface DailyCandlesCanvasProps {
  candles: readonly CandleContract[];
  label: string;
}

/** The lightweight-charts canvas (the analytics chart library), loaded only when a chart is opened. */
export default function DailyCandlesCanvas({ candles, label }: DailyCandlesCanvasProps) {
  const theme = useTheme();
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!container.current) return;
    const chart = createThemedChart(container.current, theme, {
      localization: { locale: 'en-IN', priceFormatter: (price: number) => `₹${price.toFixed(2)}` },
    });
    const series = chart.addSeries(CandlestickSeries, themedCandleOptions(theme));
    // Candles are in paise; the chart reads rupees.
    series.setData(
      candles.map((candle) => ({
        time: Math.floor(candle.openTime / 1000) as UTCTimestamp,
        open: candle.open / 100,
        high: candle.high / 100,
        low: candle.low / 100,
        close: candle.close / 100,
      })),
    );
    chart.timeScale().fitContent();
    return () => chart.remove();
  }, [candles, theme]);

  return <div ref={container} role="img" aria-label={label} style={{ width: '100%', height: '100%' }} />;
}
