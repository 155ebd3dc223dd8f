import {
  type CandlestickSeriesPartialOptions,
  type ChartOptions,
  ColorType,
  createChart,
  type DeepPartial,
  type IChartApi,
} from 'lightweight-charts';
import type { DefaultTheme } from 'styled-components';

/**
 * A lightweight-charts chart in the product's colours (the one chart library, decision 0010). Only
 * the lazily loaded chart files import this subpath, so the library stays out of first loads.
 * `options` adds to the theme's (time scale settings, localisation), merged one level deep.
 */
export function createThemedChart(
  container: HTMLElement,
  theme: DefaultTheme,
  options: DeepPartial<ChartOptions> = {},
): IChartApi {
  const border = theme.colors.border;
  return createChart(container, {
    autoSize: true,
    ...options,
    layout: {
      background: { type: ColorType.Solid, color: theme.colors.surface },
      textColor: theme.colors.textMuted,
      attributionLogo: false,
      ...options.layout,
    },
    grid: { vertLines: { color: border }, horzLines: { color: border }, ...options.grid },
    rightPriceScale: { borderColor: border, ...options.rightPriceScale },
    timeScale: { borderColor: border, ...options.timeScale },
  });
}

/** Candles in the theme's gain and loss colours. */
export function themedCandleOptions(theme: DefaultTheme): CandlestickSeriesPartialOptions {
  return {
    upColor: theme.colors.positive,
    downColor: theme.colors.negative,
    wickUpColor: theme.colors.positive,
    wickDownColor: theme.colors.negative,
    borderVisible: false,
  };
}
