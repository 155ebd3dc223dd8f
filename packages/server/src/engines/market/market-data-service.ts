import type { Logger } from 'pino';
import type { StreamPublisher } from '../stream/cluster-stream';
import { MarketClock } from './calendar';
import {
  allInstruments,
  INDEX_IDS,
  IndexCalculator,
  type InstrumentSeed,
  isIndexId,
  isKnownSymbol,
  referenceIndexBase,
} from './instruments';
import type { IndexId, MarketDataProvider, ProviderHealth, Quote, Tick } from './market-types';
import { TickPipeline } from './pipeline/tick-pipeline';
import { createSimulatedMarket } from './simulated-market';
import type { SimulatorProvider } from './simulator/simulator-provider';
import { indexQuoteFromTick, quoteWithStreamedTick } from './streamed-prices';

export interface MarketDataSettings {
  seed: number;
  ticksPerSecond: number;
  historySessions: number;
  continuousSession: boolean;
}

const INDEX_PUBLISH_MS = 1000;
/** Enough 1-minute bars for every signal (the longest needs 50) over a weekend or a holiday. */
const SEED_LOOKBACK_MS = 5 * 24 * 60 * 60 * 1000;
/** Requests in flight at once while seeding from a real provider: its rate limits are per second. */
const SEED_CONCURRENCY = 4;

/**
 * The market data engine: the NSE clock, the instrument catalogue, the active feed, the tick
 * pipeline and what it publishes on the stream (ticks:<SYMBOL>, candles:<SYMBOL>, indices, patterns,
 * smart-money).
 */
export class MarketDataService {
  readonly clock: MarketClock;
  readonly instruments: readonly InstrumentSeed[];
  readonly pipeline: TickPipeline;
  readonly simulator: SimulatorProvider;
  readonly history: ReturnType<typeof createSimulatedMarket>['history'];
  private readonly indices: IndexCalculator;
  private readonly previousCloses: Map<string, number>;
  private publisher: ReturnType<typeof setInterval> | null = null;
  private readonly providers: MarketDataProvider[] = [];
  private active: MarketDataProvider;
  private stopListening: (() => void) | null = null;
  private seeded: MarketDataProvider | null = null;
  private seeding: Promise<void> = Promise.resolve();
  /** The index levels a real feed streams; without them the levels are computed from the constituents. */
  private readonly indexTicks = new Map<IndexId, Tick>();
  private readonly sourceListeners: ((provider: MarketDataProvider) => void)[] = [];
  private readonly feedTickListeners: ((tick: Tick) => void)[] = [];

  constructor(
    settings: MarketDataSettings,
    private readonly stream: StreamPublisher,
    private readonly logger: Logger,
    private readonly now: () => number = Date.now,
  ) {
    this.clock = new MarketClock({
      now,
      continuousSession: settings.continuousSession,
      onWarning: (message) => logger.warn(message),
    });
    this.instruments = allInstruments();
    const market = createSimulatedMarket({
      ...settings,
      instruments: this.instruments,
      clock: this.clock,
      now,
    });
    this.simulator = market.simulator;
    this.history = market.history;
    this.previousCloses = market.history.lastCloses();
    this.indices = new IndexCalculator(this.instruments, referenceIndexBase(this.instruments));
    this.pipeline = new TickPipeline(
      {
        tick: (tick) => stream.publish(`ticks:${tick.symbol}`, tick),
        candle: (candle) => stream.publish(`candles:${candle.symbol}`, candle),
        pattern: (event) => stream.publish('patterns', event),
        smartMoney: (event) => stream.publish('smart-money', event),
      },
      now,
    );
    this.active = this.simulator;
    this.providers.push(this.simulator);
  }

  get activeProvider(): MarketDataProvider {
    return this.active;
  }

  isKnownSymbol(symbol: string): boolean {
    return isKnownSymbol(symbol);
  }

  /** Adds a real feed (Upstox, Yahoo) so its health is reported; `use` makes it the source of prices. */
  register(provider: MarketDataProvider): void {
    if (!this.providers.includes(provider)) this.providers.push(provider);
  }

  /** Called when a provider is put in use, before it starts: what it must stream is decided there. */
  onSourceChange(listener: (provider: MarketDataProvider) => void): void {
    this.sourceListeners.push(listener);
  }

  async use(provider: MarketDataProvider): Promise<void> {
    this.register(provider);
    this.stopListening?.();
    const previous = this.active;
    this.active = provider;
    if (previous !== provider) {
      this.indexTicks.clear();
      await previous.stop();
    }
    this.stopListening = provider.onTick((tick) => {
      this.receive(tick);
      for (const listener of this.feedTickListeners) listener(tick);
    });
    for (const listener of this.sourceListeners) listener(provider);
    await provider.start();
    this.logger.info({ source: provider.source }, 'market data source in use');
    if (this.seeded !== provider) {
      this.seeded = provider;
      this.pipeline.clearMinuteBars();
      this.seeding = this.seedMinuteBars(provider);
    }
  }

  /** Told each tick this instance's own feed delivers (not those passed to `receive`): the leader shares them. */
  onFeedTick(listener: (tick: Tick) => void): void {
    this.feedTickListeners.push(listener);
  }

  /** Where a feed's ticks enter: a follower hands it the leader's ticks as if its own feed had sent them. */
  receive(tick: Tick): void {
    if (isIndexId(tick.symbol)) this.indexTicks.set(tick.symbol, tick);
    else this.pipeline.process(tick);
  }

  /** Resolves when the 1-minute bars of the source last put in use are seeded (or could not be). */
  minuteBarsSeeded(): Promise<void> {
    return this.seeding;
  }

  /**
   * Starts the pipeline's 1-minute history from the source's recent bars: the simulator's newest
   * generated session (the one the history replay ended on, where the live session continues),
   * or a real provider's intraday history. A symbol whose history cannot be read starts empty.
   */
  private async seedMinuteBars(provider: MarketDataProvider): Promise<void> {
    if (provider === this.simulator) {
      const last = this.history.sessionDates.at(-1);
      if (!last) return;
      for (const [symbol, bars] of this.history.sessionBars(last)) this.pipeline.seedMinuteBars(symbol, bars);
      return;
    }
    const to = new Date(this.now());
    const from = new Date(to.getTime() - SEED_LOOKBACK_MS);
    const queue = [...this.instruments];
    const failed: string[] = [];
    const worker = async () => {
      for (let instrument = queue.shift(); instrument; instrument = queue.shift()) {
        if (this.active !== provider) return;
        try {
          const bars = await provider.historicalCandles(instrument.symbol, '1m', from, to);
          if (this.active === provider) this.pipeline.seedMinuteBars(instrument.symbol, bars);
        } catch {
          failed.push(instrument.symbol);
        }
      }
    };
    await Promise.all(Array.from({ length: SEED_CONCURRENCY }, worker));
    if (failed.length > 0) {
      this.logger.warn(
        { source: provider.source, failed: failed.length, symbols: failed.slice(0, 5) },
        'could not read recent 1-minute bars for some symbols: their signals wait for live bars',
      );
    }
  }

  /** The feed and the publishing timer, as an instance on its own runs them. */
  async start(): Promise<void> {
    await this.connectFeed();
    this.startPublishing();
  }

  async stop(): Promise<void> {
    this.stopPublishing();
    await this.disconnectFeed();
  }

  /** Starts the active provider: on the leader only when instances share a database (0033). */
  connectFeed(): Promise<void> {
    return this.use(this.active);
  }

  async disconnectFeed(): Promise<void> {
    this.stopListening?.();
    this.stopListening = null;
    await Promise.all(this.providers.map((provider) => provider.stop()));
  }

  /** The 1 s pipeline flush and indices, on every instance; across instances only the leader's reach the stream. */
  startPublishing(): void {
    this.publisher ??= setInterval(() => this.publishSecond(), INDEX_PUBLISH_MS).unref();
  }

  /** The timer's work: close the bars of quiet symbols and send the indices snapshot. */
  publishSecond(): void {
    this.pipeline.flush();
    if (this.stream.hasSubscribers('indices')) this.stream.publish('indices', this.indexSnapshot());
  }

  stopPublishing(): void {
    if (this.publisher) clearInterval(this.publisher);
    this.publisher = null;
  }

  /** The latest price of every symbol, paise: ticks received, else the previous close. */
  lastPrices(): Map<string, number> {
    const prices = new Map(this.previousCloses);
    for (const [symbol, tick] of this.pipeline.lastTicks) prices.set(symbol, tick.ltp);
    return prices;
  }

  /** One symbol's latest price, paise: its last tick, else its previous close. */
  lastPrice(symbol: string): number | undefined {
    return this.pipeline.lastTicks.get(symbol)?.ltp ?? this.previousCloses.get(symbol);
  }

  previousClose(symbol: string): number | undefined {
    return this.pipeline.lastTicks.get(symbol)?.previousClose ?? this.previousCloses.get(symbol);
  }

  /**
   * The source's quotes, each brought up to a newer streamed tick. Without its feed connected here (a
   * follower) the provider's quote is not the market's: the last tick, the leader's, wins whatever its time.
   */
  async latestQuotes(symbols: string[]): Promise<Quote[]> {
    const quotes = await this.active.latestQuotes(symbols);
    const following = this.stopListening === null;
    return quotes.map((quote) =>
      quoteWithStreamedTick(quote, this.pipeline.lastTicks.get(quote.symbol), following),
    );
  }

  indexSnapshot() {
    const computed = this.indices.snapshot(this.lastPrices(), this.previousCloses);
    for (const id of INDEX_IDS) {
      const tick = this.indexTicks.get(id);
      const streamed = tick && tick.source === this.active.source ? indexQuoteFromTick(tick) : null;
      if (streamed) computed[id] = streamed;
    }
    return {
      ...computed,
      source: this.active.source,
      ts: this.now(),
    };
  }

  providerHealth(): ProviderHealth[] {
    return this.providers.map((provider) => provider.health());
  }

  health(source: string): ProviderHealth | undefined {
    return this.providers.find((provider) => provider.source === source)?.health();
  }
}
