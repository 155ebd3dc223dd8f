import type { CandleContract } from '@td/contracts';
import { CandlestickSeries, ColorType, createChart, type UTCTimestamp } from 'lightweight-charts';
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
    const chart = createChart(container.current, {
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: theme.colors.surface },
        textColor: theme.colors.textMuted,
        attributionLogo: false,
      },
      grid: { vertLines: { color: theme.colors.border }, horzLines: { color: theme.colors.border } },
      rightPriceScale: { borderColor: theme.colors.border },
      timeScale: { borderColor: theme.colors.border },
      localization: { locale: 'en-IN', priceFormatter: (price: number) => `₹${price.toFixed(2)}` },
    });
    const series = chart.addSeries(CandlestickSeries, {
      upColor: theme.colors.positive,
      downColor: theme.colors.negative,
      wickUpColor: theme.colors.positive,
      wickDownColor: theme.colors.negative,
      borderVisible: false,
    });
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
