import type { IndexQuote } from './instruments';
import type { Quote, Tick } from './market-types';

const round2 = (value: number): number => Math.round(value * 100) / 100;

/**
 * A REST quote brought up to the feed's last tick of the same source when that tick is newer (or
 * whatever its time with `tickWins`): the price, the previous close, the day's range and (full
 * mode) the day volume move with the stream.
 */
export function quoteWithStreamedTick(quote: Quote, tick: Tick | undefined, tickWins = false): Quote {
  if (!tick || tick.source !== quote.source || (!tickWins && tick.exchangeTs < quote.ts)) return quote;
  return {
    ...quote,
    ltp: tick.ltp,
    previousClose: tick.previousClose > 0 ? tick.previousClose : quote.previousClose,
    high: Math.max(quote.high, tick.ltp),
    low: quote.low > 0 ? Math.min(quote.low, tick.ltp) : tick.ltp,
    volume: Math.max(quote.volume, tick.volume),
    ts: tick.exchangeTs,
  };
}

/** An index level the feed sent (hundredths of a point, like paise), as the market overview shows it. */
export function indexQuoteFromTick(tick: Tick): IndexQuote | null {
  if (!(tick.ltp > 0) || !(tick.previousClose > 0)) return null;
  const value = tick.ltp / 100;
  const previousClose = tick.previousClose / 100;
  return {
    value: round2(value),
    previous_close: round2(previousClose),
    change: round2(value - previousClose),
    change_percent: round2(((value - previousClose) / previousClose) * 100),
  };
}
