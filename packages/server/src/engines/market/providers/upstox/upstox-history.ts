import type { Candle, Quote } from '../../market-types';
import type { UpstoxCandleRow, UpstoxQuote, UpstoxRestClient } from './upstox-rest-client';
import type { ResolvedInstrument } from './upstox-subscriptions';

const IST_OFFSET_MS = 5.5 * 3_600_000;
const DAY_MS = 86_400_000;
/** Upstox serves 1-minute history at most a month per request. */
const MINUTE_WINDOW_DAYS = 28;

const toPaise = (rupees: number) => Math.round(rupees * 100);

/** The IST calendar date (yyyy-mm-dd) of an instant: Upstox's history paths are in exchange dates. */
export function istDate(ms: number): string {
  return new Date(ms + IST_OFFSET_MS).toISOString().slice(0, 10);
}

export async function fetchUpstoxQuotes(
  rest: UpstoxRestClient,
  instruments: ResolvedInstrument[],
): Promise<Quote[]> {
  const symbolByKey = new Map(instruments.map((i) => [i.instrumentKey, i.symbol]));
  const quotes = await rest.marketQuotes([...symbolByKey.keys()]);
  return quotes.flatMap((quote) => {
    const symbol = symbolByKey.get(quote.instrumentKey);
    return symbol ? [toQuote(symbol, quote)] : [];
  });
}

function toQuote(symbol: string, quote: UpstoxQuote): Quote {
  return {
    symbol,
    ltp: toPaise(quote.lastPrice),
    // Upstox reports the change from the previous close, not the close itself.
    previousClose: toPaise(quote.lastPrice - quote.netChange),
    open: toPaise(quote.open),
    high: toPaise(quote.high),
    low: toPaise(quote.low),
    volume: quote.volume,
    ts: quote.timestampMs,
    source: 'upstox',
  };
}

/**
 * Candles between two instants, oldest first: closed days from the historical endpoint (in
 * month-sized windows for minutes) plus today's bars from the intraday endpoint when `to` is today.
 */
export async function fetchUpstoxCandles(
  rest: UpstoxRestClient,
  instrument: ResolvedInstrument,
  interval: '1m' | '1d',
  from: Date,
  to: Date,
  now: number,
): Promise<Candle[]> {
  const unit = interval === '1m' ? 'minutes' : 'days';
  const rows: UpstoxCandleRow[] = [];
  const today = istDate(now);
  const lastClosedDay = Math.min(to.getTime(), Date.parse(today) - IST_OFFSET_MS - 1);
  const windowMs = (interval === '1m' ? MINUTE_WINDOW_DAYS : 3650) * DAY_MS;
  for (let start = from.getTime(); start <= lastClosedDay; start += windowMs) {
    const end = Math.min(lastClosedDay, start + windowMs - DAY_MS);
    rows.push(
      ...(await rest.historicalCandles(instrument.instrumentKey, unit, 1, istDate(end), istDate(start))),
    );
  }
  if (istDate(to.getTime()) >= today && from.getTime() <= now) {
    rows.push(...(await rest.intradayCandles(instrument.instrumentKey, unit, 1)));
  }
  // Daily bars are stamped at IST midnight, so they are kept by exchange date, minutes by instant.
  const [fromDay, toDay] = [istDate(from.getTime()), istDate(to.getTime())];
  const inRange =
    interval === '1d'
      ? (ts: number) => istDate(ts) >= fromDay && istDate(ts) <= toDay
      : (ts: number) => ts >= from.getTime() && ts <= to.getTime();
  const byTime = new Map<number, Candle>();
  for (const row of rows) {
    if (!inRange(row.ts)) continue;
    byTime.set(row.ts, toCandle(instrument.symbol, interval, row));
  }
  return [...byTime.values()].sort((a, b) => a.openTime - b.openTime);
}

function toCandle(symbol: string, interval: '1m' | '1d', row: UpstoxCandleRow): Candle {
  return {
    symbol,
    interval,
    openTime: row.ts,
    open: toPaise(row.open),
    high: toPaise(row.high),
    low: toPaise(row.low),
    close: toPaise(row.close),
    volume: row.volume,
    source: 'upstox',
  };
}
