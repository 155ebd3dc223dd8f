import { type Candle, MarketDataError, type Quote } from '../../market-types';

/** The parts of Yahoo's `/v8/finance/chart` answer the adapter reads. */
export interface YahooChartResponse {
  chart: {
    result: YahooChartResult[] | null;
    error: { code: string; description: string } | null;
  };
}

export interface YahooChartResult {
  meta: {
    symbol: string;
    currency?: string;
    regularMarketPrice?: number;
    regularMarketTime?: number;
    chartPreviousClose?: number;
    previousClose?: number;
    regularMarketDayHigh?: number;
    regularMarketDayLow?: number;
    regularMarketVolume?: number;
  };
  timestamp?: number[];
  indicators: {
    quote: {
      open?: (number | null)[];
      high?: (number | null)[];
      low?: (number | null)[];
      close?: (number | null)[];
      volume?: (number | null)[];
    }[];
  };
}

export interface ParsedChart {
  quote: Quote;
  candles: Candle[];
}

const toPaise = (rupees: number) => Math.round(rupees * 100);

/**
 * Turns a chart answer into our Quote and Candles (paise), labelled with our symbol. Bars with a
 * null price (minutes without trades, Yahoo's padding) are skipped, never filled in.
 */
export function parseYahooChart(
  body: YahooChartResponse,
  symbol: string,
  interval: '1m' | '1d',
): ParsedChart {
  if (body.chart?.error) {
    throw new MarketDataError(`Yahoo Finance: ${body.chart.error.description}`, 'upstream_error');
  }
  const result = body.chart?.result?.[0];
  if (!result?.meta)
    throw new MarketDataError(`Yahoo Finance returned no chart for ${symbol}.`, 'upstream_error');
  const candles = parseCandles(result, symbol, interval);
  return { quote: parseQuote(result, symbol, candles), candles };
}

function parseCandles(result: YahooChartResult, symbol: string, interval: '1m' | '1d'): Candle[] {
  const bars = result.indicators?.quote?.[0] ?? {};
  const candles: Candle[] = [];
  (result.timestamp ?? []).forEach((seconds, i) => {
    const [open, high, low, close] = [bars.open?.[i], bars.high?.[i], bars.low?.[i], bars.close?.[i]];
    if (open == null || high == null || low == null || close == null) return;
    candles.push({
      symbol,
      interval,
      openTime: seconds * 1000,
      open: toPaise(open),
      high: toPaise(high),
      low: toPaise(low),
      close: toPaise(close),
      volume: bars.volume?.[i] ?? 0,
      source: 'yahoo',
    });
  });
  return candles;
}

/** meta carries the live price; the day's open, and high/low/volume when meta lacks them, come from the bars. */
function parseQuote(result: YahooChartResult, symbol: string, candles: Candle[]): Quote {
  const { meta } = result;
  const last = candles.at(-1);
  const ltp = meta.regularMarketPrice !== undefined ? toPaise(meta.regularMarketPrice) : last?.close;
  if (ltp === undefined)
    throw new MarketDataError(`Yahoo Finance has no price for ${symbol}.`, 'upstream_error');
  // previousClose is the prior session's close; chartPreviousClose is the close before the chart's first bar.
  const previousCloseRupees = meta.previousClose ?? meta.chartPreviousClose;
  const ts = meta.regularMarketTime !== undefined ? meta.regularMarketTime * 1000 : (last?.openTime ?? 0);
  const session = candles.filter((candle) => sameIstDay(candle.openTime, ts));
  return {
    symbol,
    ltp,
    previousClose: previousCloseRupees !== undefined ? toPaise(previousCloseRupees) : ltp,
    open: session[0]?.open ?? ltp,
    high:
      meta.regularMarketDayHigh !== undefined
        ? toPaise(meta.regularMarketDayHigh)
        : maxOf(session, 'high', ltp),
    low:
      meta.regularMarketDayLow !== undefined ? toPaise(meta.regularMarketDayLow) : minOf(session, 'low', ltp),
    volume: meta.regularMarketVolume ?? session.reduce((sum, candle) => sum + candle.volume, 0),
    ts,
    source: 'yahoo',
  };
}

const IST_OFFSET_MS = 5.5 * 3_600_000;
const sameIstDay = (a: number, b: number) =>
  Math.floor((a + IST_OFFSET_MS) / 86_400_000) === Math.floor((b + IST_OFFSET_MS) / 86_400_000);

const maxOf = (candles: Candle[], key: 'high', fallback: number) =>
  candles.reduce((max, candle) => Math.max(max, candle[key]), fallback);
const minOf = (candles: Candle[], key: 'low', fallback: number) =>
  candles.reduce((min, candle) => Math.min(min, candle[key]), fallback);
