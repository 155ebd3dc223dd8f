import {
  type Candle,
  type FeedMode,
  type FeedStatus,
  MarketDataError,
  type MarketDataProvider,
  type ProviderHealth,
  type Quote,
  type TickListener,
} from '../../market-types';
import { YahooChartClient, YahooRateLimitError } from './yahoo-chart-client';

export interface YahooProviderOptions {
  /** Our symbol → its Yahoo symbol (RELIANCE → RELIANCE.NS); undefined for an unknown symbol. */
  resolve: (symbol: string) => { instrumentKey: string; yahooSymbol: string } | undefined;
  client?: YahooChartClient;
  /** Used to build the client when `client` is not given. */
  baseUrl?: string;
  /** Default 15 s. */
  pollIntervalMs?: number;
  /** One request per symbol per poll: past this many, Yahoo starts refusing. Default 100. */
  maxSymbols?: number;
  /** Requests in flight at once. Default 4. */
  concurrency?: number;
  now?: () => number;
  logger?: { warn(msg: string): void };
}

const MAX_BACKOFF_MS = 5 * 60_000;

/**
 * Yahoo Finance as a fallback MarketDataProvider: polls the chart API for every subscribed
 * symbol and emits a tick (source 'yahoo') when a quote changes. Yahoo's NSE quotes are delayed,
 * and health says so; it is connected only once a poll has succeeded.
 */
export class YahooProvider implements MarketDataProvider {
  readonly source = 'yahoo' as const;
  private readonly client: YahooChartClient;
  private readonly symbols = new Map<string, string>();
  private readonly lastSeen = new Map<string, string>();
  private readonly listeners = new Set<TickListener>();
  private readonly now: () => number;
  private readonly pollIntervalMs: number;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running = false;
  private lastSuccessAt: number | null = null;
  private lastError: string | null = null;
  private errors = 0;
  /** Grows after a 429 and resets on the next clean poll. */
  private waitMs: number;

  constructor(private readonly options: YahooProviderOptions) {
    this.client = options.client ?? new YahooChartClient({ baseUrl: options.baseUrl });
    this.now = options.now ?? Date.now;
    this.pollIntervalMs = options.pollIntervalMs ?? 15_000;
    this.waitMs = this.pollIntervalMs;
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    await this.poll();
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Symbols polled at most (one request each per poll). */
  get symbolLimit(): number {
    return this.options.maxSymbols ?? 100;
  }

  /** Yahoo has one kind of data (last price), so every mode polls the same way. */
  subscribe(symbols: string[], _mode: FeedMode): void {
    const resolved = symbols.map((symbol) => [symbol, this.yahooSymbol(symbol)] as const);
    const total = new Set([...this.symbols.keys(), ...symbols]).size;
    const limit = this.symbolLimit;
    if (total > limit) {
      throw new MarketDataError(
        `Yahoo Finance is polled one symbol per request, so at most ${limit} symbols; this would make ${total}.`,
        'feed_limit',
      );
    }
    for (const [symbol, yahooSymbol] of resolved) this.symbols.set(symbol, yahooSymbol);
  }

  unsubscribe(symbols: string[]): void {
    for (const symbol of symbols) {
      this.symbols.delete(symbol);
      this.lastSeen.delete(symbol);
    }
  }

  onTick(listener: TickListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async latestQuotes(symbols: string[]): Promise<Quote[]> {
    const pairs = symbols.map((symbol) => [symbol, this.yahooSymbol(symbol)] as const);
    return this.inBatches(pairs, async ([symbol, yahooSymbol]) => {
      return (await this.client.chart(yahooSymbol, symbol, '1m', { range: '1d' })).quote;
    });
  }

  async historicalCandles(symbol: string, interval: '1m' | '1d', from: Date, to: Date): Promise<Candle[]> {
    const window = { period1: from.getTime() / 1000, period2: to.getTime() / 1000 };
    const { candles } = await this.client.chart(this.yahooSymbol(symbol), symbol, interval, window);
    return candles.filter((candle) => candle.openTime >= from.getTime() && candle.openTime <= to.getTime());
  }

  /** Failed requests since start. */
  get errorCount(): number {
    return this.errors;
  }

  health(): ProviderHealth {
    const fresh = this.lastSuccessAt !== null && this.now() - this.lastSuccessAt <= 3 * this.waitMs;
    let status: FeedStatus = 'disconnected';
    if (this.running) status = fresh ? 'connected' : this.lastSuccessAt !== null ? 'stale' : 'connecting';
    const base = `Yahoo Finance quotes (delayed ~1 min for NSE), polled every ${Math.round(this.waitMs / 1000)} s.`;
    const failures = this.errors ? ` ${this.errors} failed requests; last: ${this.lastError}` : '';
    const idle = this.running && this.symbols.size === 0 ? ' No symbols subscribed yet.' : '';
    return {
      source: 'yahoo',
      status,
      connected: this.running && fresh,
      mode: this.symbols.size ? 'ltpc' : null,
      subscribed: this.symbols.size,
      lastDataAt: this.lastSuccessAt,
      message: this.running ? `${base}${idle}${failures}` : 'Yahoo Finance polling is stopped.',
      authUrl: null,
    };
  }

  /** One round over the subscribed symbols (the timer calls it); schedules the next so rounds never overlap. */
  async poll(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    let rateLimitedFor = 0;
    await this.inBatches([...this.symbols], async ([symbol, yahooSymbol]) => {
      try {
        const { quote } = await this.client.chart(yahooSymbol, symbol, '1m', { range: '1d' });
        this.lastSuccessAt = this.now();
        this.emitIfChanged(quote);
      } catch (error) {
        this.errors++;
        this.lastError = (error as Error).message;
        if (error instanceof YahooRateLimitError)
          rateLimitedFor = Math.max(rateLimitedFor, error.retryAfterMs);
        else this.options.logger?.warn(`Yahoo poll failed for ${yahooSymbol}: ${this.lastError}`);
      }
    });
    this.waitMs = rateLimitedFor
      ? Math.min(MAX_BACKOFF_MS, Math.max(rateLimitedFor, this.waitMs * 2))
      : this.pollIntervalMs;
    if (this.running) {
      this.timer = setTimeout(() => void this.poll(), this.waitMs);
      this.timer.unref();
    }
  }

  private emitIfChanged(quote: Quote): void {
    const fingerprint = `${quote.ts}:${quote.ltp}:${quote.volume}`;
    if (this.lastSeen.get(quote.symbol) === fingerprint) return;
    this.lastSeen.set(quote.symbol, fingerprint);
    const tick = {
      symbol: quote.symbol,
      ltp: quote.ltp,
      ltq: 0, // Yahoo gives no last-trade quantity
      volume: quote.volume,
      previousClose: quote.previousClose,
      exchangeTs: quote.ts,
      receivedTs: this.now(),
      source: 'yahoo' as const,
    };
    for (const listener of this.listeners) {
      try {
        listener(tick);
      } catch (error) {
        this.options.logger?.warn(`Tick listener failed: ${(error as Error).message}`);
      }
    }
  }

  private async inBatches<T, R>(items: T[], work: (item: T) => Promise<R>): Promise<R[]> {
    const results: R[] = [];
    const size = this.options.concurrency ?? 4;
    for (let i = 0; i < items.length; i += size)
      results.push(...(await Promise.all(items.slice(i, i + size).map(work))));
    return results;
  }

  private yahooSymbol(symbol: string): string {
    const resolved = this.options.resolve(symbol);
    if (!resolved) throw new MarketDataError(`Yahoo Finance has no symbol for ${symbol}.`, 'unknown_symbol');
    return resolved.yahooSymbol;
  }
}
