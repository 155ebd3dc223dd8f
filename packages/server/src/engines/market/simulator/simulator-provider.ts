import {
  type Candle,
  type FeedMode,
  MarketDataError,
  type MarketDataProvider,
  type OrderBook,
  type ProviderHealth,
  type Quote,
  type Tick,
  type TickListener,
} from '../market-types';
import { FactorModel, intradayIntensity, roundToTick } from './factor-model';
import type { HistoryGenerator, HistoryInstrument } from './history-generator';
import { MarketScenarios } from './market-scenarios';
import { Newswire } from './newswire-events';
import { generateOrderBook } from './order-book-generator';
import { SeededRandom } from './seeded-random';

export interface SimulatorOptions {
  instruments: readonly HistoryInstrument[];
  history: HistoryGenerator;
  seed: number;
  /** Ticks per second across all instruments (up to thousands). */
  ticksPerSecond: number;
  /** Whether the simulated exchange is trading now (the calendar, or the continuous demo session). */
  isTrading: (ts: number) => boolean;
  /** Where "now" is within the session, 0 at the open and 1 at the close. */
  sessionFraction: (ts: number) => number;
  now?: () => number;
  batchMs?: number;
  /** Daily price band around the previous close (NSE's dynamic band for large caps: 10 %). */
  priceBand?: number;
  /** Simulated company and sector news per trading hour (0: none); the newswire moves the named stocks. */
  newsEventsPerHour?: number;
}

/**
 * The embedded offline feed. It continues from the generated history's last close, moves every stock
 * with the factor model in real time and emits ticks at the configured rate. Every tick says
 * source 'simulator': nothing it makes is presented as a real quote.
 */
export class SimulatorProvider implements MarketDataProvider {
  readonly source = 'simulator' as const;
  private readonly listeners = new Set<TickListener>();
  private readonly random: SeededRandom;
  private readonly model: FactorModel;
  private readonly prices: Float64Array;
  private readonly previousClose: Int32Array;
  private readonly open: Int32Array;
  private readonly high: Int32Array;
  private readonly low: Int32Array;
  private readonly volume: Float64Array;
  private readonly index = new Map<string, number>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private lastStepAt = 0;
  private lastDataAt: number | null = null;
  private carry = 0;
  private readonly now: () => number;
  /** Crash, rally, volatility spike, feed outage (mock mode only; routes/safety.ts starts them). */
  readonly scenarios = new MarketScenarios();
  /** Results, guidance, ratings, orders, regulatory news: each a headline and a move in its stocks' prices. */
  readonly newswire: Newswire;

  constructor(private readonly options: SimulatorOptions) {
    this.now = options.now ?? Date.now;
    this.random = new SeededRandom(options.seed);
    this.model = new FactorModel(options.instruments, this.random.fork(1));
    this.newswire = new Newswire(options.instruments, options.seed, {
      eventsPerHour: options.newsEventsPerHour,
      sessionFraction: options.sessionFraction,
      history: options.history,
    });
    const closes = options.history.lastCloses();
    const n = options.instruments.length;
    this.prices = new Float64Array(n);
    this.previousClose = new Int32Array(n);
    this.open = new Int32Array(n);
    this.high = new Int32Array(n);
    this.low = new Int32Array(n);
    this.volume = new Float64Array(n);
    options.instruments.forEach((instrument, i) => {
      const close = closes.get(instrument.symbol) ?? instrument.referencePrice;
      this.index.set(instrument.symbol, i);
      this.prices[i] = close;
      this.previousClose[i] = close;
      this.open[i] = close;
      this.high[i] = close;
      this.low[i] = close;
    });
  }

  async start(): Promise<void> {
    if (this.timer) return;
    this.lastStepAt = this.now();
    const batchMs = this.options.batchMs ?? 50;
    this.timer = setInterval(() => this.emitDue(), batchMs);
    this.timer.unref?.();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  subscribe(symbols: string[], _mode: FeedMode): void {
    // Every instrument is always simulated; subscribing only checks that the symbols exist.
    for (const symbol of symbols) this.indexOf(symbol);
  }

  unsubscribe(_symbols: string[]): void {}

  onTick(listener: TickListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Emits the ticks due since the last call: the timer calls it, and so does the benchmark. */
  emitDue(): Tick[] {
    const now = this.now();
    const elapsedSeconds = Math.max(0, (now - this.lastStepAt) / 1000);
    this.lastStepAt = now;
    if (!this.options.isTrading(now) || elapsedSeconds === 0) return [];
    return this.emit(elapsedSeconds, now);
  }

  emit(elapsedSeconds: number, now: number): Tick[] {
    const returns = this.model.step(elapsedSeconds, now);
    const shift = this.scenarios.marketShift(elapsedSeconds, now, () => this.random.normal());
    const news = this.options.newsEventsPerHour === 0 ? null : this.newswire.advance(elapsedSeconds, now);
    const band = this.options.priceBand ?? 0.1;
    for (let i = 0; i < this.prices.length; i++) {
      const limitUp = this.previousClose[i]! * (1 + band);
      const limitDown = this.previousClose[i]! * (1 - band);
      const move = returns[i]! + shift + (news ? news[i]! : 0);
      this.prices[i] = Math.min(limitUp, Math.max(limitDown, this.prices[i]! * Math.exp(move)));
    }
    if (this.scenarios.silenced(now)) return []; // feed outage: prices move on, nothing is sent
    const wanted = this.options.ticksPerSecond * elapsedSeconds + this.carry;
    const count = Math.floor(wanted);
    this.carry = wanted - count;
    const intensity = intradayIntensity(this.options.sessionFraction(now));
    const ticks: Tick[] = [];
    for (let k = 0; k < count; k++)
      ticks.push(this.tickFor(this.random.int(0, this.prices.length - 1), now, intensity));
    if (ticks.length) this.lastDataAt = now;
    for (const tick of ticks) for (const listener of this.listeners) listener(tick);
    return ticks;
  }

  private tickFor(i: number, now: number, intensity: number): Tick {
    const instrument = this.options.instruments[i]!;
    const ltp = roundToTick(this.prices[i]!);
    const ltq = Math.max(
      1,
      Math.round((instrument.baseMinuteVolume / 40) * intensity * Math.exp(0.9 * this.random.normal())),
    );
    this.volume[i]! += ltq;
    if (ltp > this.high[i]!) this.high[i] = ltp;
    if (ltp < this.low[i]!) this.low[i] = ltp;
    return {
      symbol: instrument.symbol,
      ltp,
      ltq,
      volume: this.volume[i]!,
      previousClose: this.previousClose[i]!,
      bid: ltp - 5,
      ask: ltp + 5,
      exchangeTs: now,
      receivedTs: now,
      source: 'simulator',
    };
  }

  orderBook(symbol: string): OrderBook {
    const i = this.indexOf(symbol);
    const base = Math.max(10, Math.round(this.options.instruments[i]!.baseMinuteVolume / 20));
    return generateOrderBook(symbol, roundToTick(this.prices[i]!), base, this.random, this.now());
  }

  async latestQuotes(symbols: string[]): Promise<Quote[]> {
    const now = this.now();
    return symbols.map((symbol) => {
      const i = this.indexOf(symbol);
      return {
        symbol,
        ltp: roundToTick(this.prices[i]!),
        previousClose: this.previousClose[i]!,
        open: this.open[i]!,
        high: this.high[i]!,
        low: this.low[i]!,
        volume: this.volume[i]!,
        ts: now,
        source: 'simulator',
      };
    });
  }

  async historicalCandles(symbol: string, interval: '1m' | '1d', from: Date, to: Date): Promise<Candle[]> {
    this.indexOf(symbol);
    const [start, end] = [from.getTime(), to.getTime()];
    const inRange = (candle: Candle) => candle.openTime >= start && candle.openTime <= end;
    const { history } = this.options;
    if (interval === '1d') return history.dailyBars(symbol).filter(inRange);
    // Only the sessions the range touches are simulated (or read from the generator's kept sessions).
    return history.sessionDates
      .filter((date) => history.sessionOverlaps(date, start, end))
      .flatMap((date) => history.minuteBars(symbol, date).filter(inRange));
  }

  health(): ProviderHealth {
    return {
      source: 'simulator',
      status: 'connected',
      connected: true,
      mode: 'full',
      subscribed: this.prices.length,
      lastDataAt: this.lastDataAt,
      message: 'Simulated market (offline): prices are generated, not real quotes.',
      authUrl: null,
    };
  }

  get regime(): string {
    return this.model.currentRegime;
  }

  private indexOf(symbol: string): number {
    const i = this.index.get(symbol);
    if (i === undefined) {
      throw new MarketDataError(
        `Unknown symbol ${symbol}: use an NSE symbol from NIFTY 50, SENSEX or Bank NIFTY, e.g. RELIANCE.`,
        'unknown_symbol',
      );
    }
    return i;
  }
}
