import type { Logger } from 'pino';
import type { StreamHub } from '../stream/stream-hub';
import { MarketClock } from './calendar';
import {
  allInstruments,
  IndexCalculator,
  type InstrumentSeed,
  isKnownSymbol,
  referenceIndexBase,
} from './instruments';
import type { MarketDataProvider, ProviderHealth } from './market-types';
import { TickPipeline } from './pipeline/tick-pipeline';
import { createSimulatedMarket } from './simulated-market';
import type { SimulatorProvider } from './simulator/simulator-provider';

export interface MarketDataSettings {
  seed: number;
  ticksPerSecond: number;
  historySessions: number;
  continuousSession: boolean;
}

const INDEX_PUBLISH_MS = 1000;

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
  private readonly timers: ReturnType<typeof setInterval>[] = [];
  private readonly providers: MarketDataProvider[] = [];
  private active: MarketDataProvider;
  private stopListening: (() => void) | null = null;

  constructor(
    settings: MarketDataSettings,
    private readonly stream: StreamHub,
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

  async use(provider: MarketDataProvider): Promise<void> {
    this.register(provider);
    this.stopListening?.();
    const previous = this.active;
    this.active = provider;
    if (previous !== provider) await previous.stop();
    this.stopListening = provider.onTick((tick) => this.pipeline.process(tick));
    await provider.start();
    this.logger.info({ source: provider.source }, 'market data source in use');
  }

  async start(): Promise<void> {
    await this.use(this.active);
    this.timers.push(
      setInterval(() => {
        this.pipeline.flush();
        if (this.stream.hasSubscribers('indices')) this.stream.publish('indices', this.indexSnapshot());
      }, INDEX_PUBLISH_MS),
    );
    for (const timer of this.timers) timer.unref?.();
  }

  async stop(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    this.timers.length = 0;
    this.stopListening?.();
    await Promise.all(this.providers.map((provider) => provider.stop()));
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

  indexSnapshot() {
    return {
      ...this.indices.snapshot(this.lastPrices(), this.previousCloses),
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
