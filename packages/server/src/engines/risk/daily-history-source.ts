// The only part of the risk engine that reads: past sessions' daily bars from the active market source.
import { istDateOf } from '../market/calendar';
import { IndexCalculator, referenceIndexBase } from '../market/instruments';
import type { MarketDataService } from '../market/market-data-service';
import type { DailyBar, DailyHistory } from './return-series';

/** A year of sessions (252 returns) with room for holidays and weekends. */
const LOOKBACK_MS = 400 * 86_400_000;
/** Daily bars change once a session: re-read at most this often per source. */
const BARS_TTL_MS = 10 * 60_000;
/** Requests in flight at once for a real provider's daily bars: its rate limits are per second. */
const CONCURRENCY = 4;

interface Loaded {
  key: string;
  readAt: number;
  bars: Map<string, Map<string, DailyBar>>;
  history: DailyHistory;
}

/**
 * Daily bars of NIFTY 50's members (for the index's closing levels) and of any held stock, read from
 * the active source once per source and IST day (every 10 minutes at most), then kept.
 */
export class DailyHistorySource {
  private readonly members: string[];
  private readonly index: IndexCalculator;
  private loaded: Loaded | null = null;
  private loading: Promise<Loaded> | null = null;

  constructor(
    private readonly market: MarketDataService,
    private readonly now: () => number,
  ) {
    const { instruments } = market;
    this.members = instruments.filter((i) => (i.indexWeights.NIFTY_50 ?? 0) > 0).map((i) => i.symbol);
    this.index = new IndexCalculator(instruments, referenceIndexBase(instruments));
  }

  /** The history with every symbol asked for read (a new object whenever the bars are read again). */
  async read(symbols: readonly string[]): Promise<DailyHistory> {
    const loaded = await this.current();
    const missing = symbols.filter((symbol) => !loaded.bars.has(symbol));
    if (missing.length > 0) await this.readBars(loaded, missing);
    return loaded.history;
  }

  private async current(): Promise<Loaded> {
    const now = this.now();
    const key = `${this.market.activeProvider.source}:${istDateOf(now)}`;
    const last = this.loaded;
    if (last && last.key === key && now >= last.readAt && now - last.readAt < BARS_TTL_MS) return last;
    // One read at a time: concurrent requests share it.
    this.loading ??= this.load(key, now).finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  private async load(key: string, now: number): Promise<Loaded> {
    const bars = new Map<string, Map<string, DailyBar>>();
    const loaded: Loaded = { key, readAt: now, bars, history: { dates: [], index: [], bars } };
    await this.readBars(loaded, this.members);
    const today = istDateOf(now);
    const byDate = new Map<string, Map<string, number>>();
    for (const symbol of this.members) {
      for (const [date, bar] of bars.get(symbol) ?? []) {
        // The performance engine's calendar (decision 0011): NSE sessions only, e.g. no Muhurat evening bar.
        if (date >= today || !this.isSession(date)) continue;
        if (!byDate.has(date)) byDate.set(date, new Map());
        byDate.get(date)!.set(symbol, bar.close);
      }
    }
    const dates = [...byDate.keys()].sort();
    loaded.history = {
      dates,
      index: dates.map((date) => this.index.level('NIFTY_50', byDate.get(date)!)),
      bars,
    };
    this.loaded = loaded;
    return loaded;
  }

  private isSession(date: string): boolean {
    try {
      return this.market.clock.isTradingDay(date);
    } catch {
      return false;
    }
  }

  private async readBars(loaded: Loaded, symbols: readonly string[]): Promise<void> {
    const source = this.market.activeProvider;
    const to = new Date(loaded.readAt);
    const from = new Date(loaded.readAt - LOOKBACK_MS);
    const queue = [...symbols];
    const worker = async () => {
      for (let symbol = queue.shift(); symbol; symbol = queue.shift()) {
        // A symbol whose bars cannot be read has none: its figures say so (null), the rest stand.
        const candles = await source.historicalCandles(symbol, '1d', from, to).catch(() => []);
        loaded.bars.set(
          symbol,
          new Map(candles.map((bar) => [istDateOf(bar.openTime), { close: bar.close, volume: bar.volume }])),
        );
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  }
}
