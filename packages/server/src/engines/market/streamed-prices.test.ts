import type { Quote, Tick } from './market-types';
import { indexQuoteFromTick, quoteWithStreamedTick } from './streamed-prices';

const quote: Quote = {
  symbol: 'RELIANCE',
  ltp: 150_000,
  previousClose: 149_000,
  open: 149_500,
  high: 150_500,
  low: 149_200,
  volume: 1_000_000,
  ts: 1_000,
  source: 'upstox',
};
const tick = (patch: Partial<Tick>): Tick => ({
  symbol: 'RELIANCE',
  ltp: 151_000,
  ltq: 10,
  volume: 1_000_500,
  previousClose: 149_000,
  exchangeTs: 2_000,
  receivedTs: 2_001,
  source: 'upstox',
  ...patch,
});

describe('quoteWithStreamedTick', () => {
  it('brings a quote up to a newer tick of the same source: price, range, volume and time', () => {
    expect(quoteWithStreamedTick(quote, tick({}))).toEqual({
      ...quote,
      ltp: 151_000,
      high: 151_000,
      volume: 1_000_500,
      ts: 2_000,
    });
    expect(quoteWithStreamedTick(quote, tick({ ltp: 148_000, volume: 0 }))).toMatchObject({
      ltp: 148_000,
      low: 148_000,
      volume: 1_000_000,
    });
  });

  it('keeps the quote when the tick is older, from another source, or missing', () => {
    expect(quoteWithStreamedTick(quote, tick({ exchangeTs: 999 }))).toBe(quote);
    expect(quoteWithStreamedTick(quote, tick({ source: 'simulator' }))).toBe(quote);
    expect(quoteWithStreamedTick(quote, undefined)).toBe(quote);
  });
});

describe('indexQuoteFromTick', () => {
  it('reads an index level sent in hundredths of a point', () => {
    const level = indexQuoteFromTick(tick({ symbol: 'NIFTY_50', ltp: 2_613_045, previousClose: 2_600_000 }));
    expect(level).toEqual({ value: 26_130.45, previous_close: 26_000, change: 130.45, change_percent: 0.5 });
  });

  it('gives nothing without a previous close to measure the change from', () => {
    expect(indexQuoteFromTick(tick({ previousClose: 0 }))).toBeNull();
  });
});
