// Past sessions' daily candles of every catalogue stock from the active market source, read once per
// source and IST day (like the risk engine's DailyHistorySource), for correlations and candle patterns.
import { istDateOf } from '../../market/calendar';
import type { MarketDataService } from '../../market/market-data-service';
import type { Candle } from '../../market/market-types';

/** Half a year of sessions: enough returns for a correlation, few enough to rebuild in milliseconds. */
const LOOKBACK_MS = 200 * 86_400_000;
/** Requests in flight at once for a real provider: its rate limits are per second. */
const CONCURRENCY = 4;

export type DailyCandleMarket = Pick<MarketDataService, 'instruments' | 'activeProvider'>;

export interface DailyCandles {
  /** IST session dates shared by the series below, oldest first, today excluded. */
  dates: string[];
  /** Per symbol, its candle on each date (undefined where it has none). */
  bySymbol: Map<string, (Candle | undefined)[]>;
}

export class DailyCandleReader {
  private cached: { key: string; candles: DailyCandles } | null = null;

  constructor(
    private readonly market: DailyCandleMarket,
    private readonly now: () => number,
  ) {}

  async read(): Promise<DailyCandles> {
    const now = this.now();
    const today = istDateOf(now);
    const key = `${this.market.activeProvider.source}:${today}`;
    if (this.cached?.key === key) return this.cached.candles;
    const source = this.market.activeProvider;
    const raw = new Map<string, Candle[]>();
    const queue = this.market.instruments.map((instrument) => instrument.symbol);
    const worker = async () => {
      for (let symbol = queue.shift(); symbol; symbol = queue.shift()) {
        // A stock whose bars cannot be read has none: it joins no correlation; the rest stand.
        const bars = await source
          .historicalCandles(symbol, '1d', new Date(now - LOOKBACK_MS), new Date(now))
          .catch(() => [] as Candle[]);
        raw.set(symbol, bars);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const dateSet = new Set<string>();
    for (const bars of raw.values()) for (const bar of bars) dateSet.add(istDateOf(bar.openTime));
    const dates = [...dateSet].filter((date) => date < today).sort();
    const bySymbol = new Map<string, (Candle | undefined)[]>();
    for (const [symbol, bars] of raw) {
      const byDate = new Map(bars.map((bar) => [istDateOf(bar.openTime), bar]));
      bySymbol.set(
        symbol,
        dates.map((date) => byDate.get(date)),
      );
    }
    const candles = { dates, bySymbol };
    this.cached = { key, candles };
    return candles;
  }
}
