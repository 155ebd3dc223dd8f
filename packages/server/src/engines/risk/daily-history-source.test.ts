import { MarketClock } from '../market/calendar';
import { allInstruments } from '../market/instruments';
import type { MarketDataService } from '../market/market-data-service';
import type { Candle } from '../market/market-types';
import { DailyHistorySource } from './daily-history-source';

/** 10:00 IST on Monday 26 October 2026. */
const NOW = Date.parse('2026-10-26T10:00:00+05:30');

/** A source whose daily bars include a Saturday and a holiday, as a provider's data can (Muhurat trading). */
function marketWithBarsOn(dates: readonly string[]): MarketDataService {
  const candle = (symbol: string, date: string, close: number): Candle => ({
    symbol,
    interval: '1d',
    openTime: Date.parse(`${date}T09:15:00+05:30`),
    open: close,
    high: close,
    low: close,
    close,
    volume: 1_000,
    source: 'upstox',
  });
  return {
    instruments: allInstruments(),
    clock: new MarketClock({ now: () => NOW }),
    activeProvider: {
      source: 'upstox',
      historicalCandles: async (symbol: string) => dates.map((date, i) => candle(symbol, date, 1_000 + i)),
    },
  } as unknown as MarketDataService;
}

describe('the risk engine’s daily closes', () => {
  it('keep NSE sessions only, the calendar the performance series uses', async () => {
    const source = new DailyHistorySource(
      marketWithBarsOn(['2026-10-16', '2026-10-17', '2026-10-19', '2026-10-20', '2026-10-21', '2026-10-26']),
      () => NOW,
    );
    const history = await source.read([]);
    // Saturday the 17th and the Dussehra holiday (the 20th) are left out; today (the 26th) has no close yet.
    expect(history.dates).toEqual(['2026-10-16', '2026-10-19', '2026-10-21']);
  });
});
