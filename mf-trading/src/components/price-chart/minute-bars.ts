import type { CandleContract } from '@td/contracts';

export interface ChartBar {
  /** Start of the minute, epoch seconds, shifted to IST so the chart's axis reads the exchange clock. */
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
}

const MINUTE_MS = 60_000;
// lightweight-charts draws times as UTC; shifting by IST's fixed offset (no DST) shows NSE's clock.
const IST_OFFSET_S = 5.5 * 3600;

/** A 1-minute (or 1-second) candle in paise as a chart bar in rupees, on the minute it belongs to. */
export function toChartBar(candle: CandleContract): ChartBar {
  const minuteStart = Math.floor(candle.openTime / MINUTE_MS) * MINUTE_MS;
  return {
    time: minuteStart / 1000 + IST_OFFSET_S,
    open: candle.open / 100,
    high: candle.high / 100,
    low: candle.low / 100,
    close: candle.close / 100,
  };
}

/**
 * Folds a live candle (a closed 1-second or 1-minute bar) into the minute bars: it extends the
 * forming minute, or opens the next one. Returns the bar to draw, or null for a bar older than the last.
 */
export function foldIntoMinute(last: ChartBar | undefined, candle: CandleContract): ChartBar | null {
  const incoming = toChartBar(candle);
  if (!last || incoming.time > last.time) return incoming;
  if (incoming.time < last.time) return null;
  if (candle.interval === '1m') return incoming; // the closed minute from the server is authoritative
  return {
    time: last.time,
    open: last.open,
    high: Math.max(last.high, incoming.high),
    low: Math.min(last.low, incoming.low),
    close: incoming.close,
  };
}
