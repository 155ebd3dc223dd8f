import type { Candle, Tick } from '../market-types';
import { CandleAggregator } from './candle-aggregator';
import { type CandlePattern, detectPatterns } from './candle-patterns';
import { RollingCounter, SampleWindow } from './rolling-stats';
import { type SmartMoneyEvent, SmartMoneyTracker } from './smart-money-tracker';

export interface PatternEvent {
  symbol: string;
  pattern: CandlePattern;
  ts: number;
  close: number;
}

export interface PipelineListeners {
  tick?(tick: Tick): void;
  candle?(candle: Candle): void;
  pattern?(event: PatternEvent): void;
  smartMoney?(event: SmartMoneyEvent): void;
}

const MINUTE_HISTORY = 60;

/**
 * Normalised ticks in; last prices, 1-second and 1-minute bars, rates, latency, patterns and
 * smart-money events out. Synchronous and allocation-light: it runs on every tick.
 */
export class TickPipeline {
  readonly lastTicks = new Map<string, Tick>();
  private readonly seconds: CandleAggregator;
  private readonly minutes: CandleAggregator;
  private readonly minuteHistory = new Map<string, Candle[]>();
  private readonly patterns: PatternEvent[] = [];
  readonly smartMoney = new SmartMoneyTracker();
  readonly tickRate = new RollingCounter();
  readonly errorRate = new RollingCounter();
  readonly latencyMs = new SampleWindow();
  private processed = 0;
  private rejected = 0;
  private lastTickAt: number | null = null;

  constructor(
    private readonly listeners: PipelineListeners = {},
    private readonly now: () => number = Date.now,
  ) {
    this.seconds = new CandleAggregator('1s', (candle) => listeners.candle?.(candle));
    this.minutes = new CandleAggregator('1m', (candle) => this.onMinuteClosed(candle));
  }

  process(tick: Tick): void {
    if (!(tick.ltp > 0) || !Number.isFinite(tick.exchangeTs)) {
      this.rejected++;
      this.errorRate.add(this.now());
      return;
    }
    const now = this.now();
    this.lastTicks.set(tick.symbol, tick);
    this.seconds.add(tick);
    this.minutes.add(tick);
    const smart = this.smartMoney.onTick(tick);
    if (smart) this.listeners.smartMoney?.(smart);
    this.processed++;
    this.lastTickAt = now;
    this.tickRate.add(now);
    this.latencyMs.add(now - tick.exchangeTs);
    this.listeners.tick?.(tick);
  }

  /** Closes bars whose interval has passed even if no new tick arrived (a quiet symbol). */
  flush(): void {
    const now = this.now();
    this.seconds.flush(now);
    this.minutes.flush(now);
  }

  minuteBars(symbol: string): Candle[] {
    const closed = this.minuteHistory.get(symbol) ?? [];
    const forming = this.minutes.current(symbol);
    return forming ? [...closed, forming] : [...closed];
  }

  /**
   * Starts a symbol's 1-minute history from bars it did not see as ticks (the session the replay
   * used, or the provider's intraday history), so signals that need an hour of bars can decide from
   * the first minute. Replaces what was there: bars of another source would mix two price series.
   */
  seedMinuteBars(symbol: string, bars: readonly Candle[]): void {
    const forming = this.minutes.current(symbol);
    const before = forming ? bars.filter((bar) => bar.openTime < forming.openTime) : bars;
    this.minuteHistory.set(symbol, before.slice(-MINUTE_HISTORY));
  }

  /** Forgets every symbol's 1-minute history (a new source's prices do not continue the old ones). */
  clearMinuteBars(): void {
    this.minuteHistory.clear();
  }

  recentPatterns(limit = 20): PatternEvent[] {
    return this.patterns.slice(-limit).reverse();
  }

  stats() {
    const now = this.now();
    return {
      processed: this.processed,
      rejected: this.rejected,
      ticksPerMinute: this.tickRate.total(now),
      errorsPerMinute: this.errorRate.total(now),
      latencyP50Ms: this.latencyMs.percentile(50),
      latencyP99Ms: this.latencyMs.percentile(99),
      latencyMeanMs: this.latencyMs.mean(),
      lastTickAt: this.lastTickAt,
      symbols: this.lastTicks.size,
    };
  }

  private onMinuteClosed(candle: Candle): void {
    const history = this.minuteHistory.get(candle.symbol) ?? [];
    history.push(candle);
    if (history.length > MINUTE_HISTORY) history.shift();
    this.minuteHistory.set(candle.symbol, history);
    this.listeners.candle?.(candle);
    for (const pattern of detectPatterns(history)) {
      const event = { symbol: candle.symbol, pattern, ts: candle.openTime, close: candle.close };
      this.patterns.push(event);
      if (this.patterns.length > 200) this.patterns.shift();
      this.listeners.pattern?.(event);
    }
    const spike = this.smartMoney.onMinuteBar(candle);
    if (spike) this.listeners.smartMoney?.(spike);
  }
}
