import { runToEnd, type Steps } from '../../../core/time-slices';
import type { Candle } from '../market-types';
import { FactorModel, intradayIntensity, roundToTick } from './factor-model';
import type { NewswireEvent } from './newswire-event';
import { Newswire } from './newswire-events';
import { hashString, SeededRandom } from './seeded-random';

export interface HistoryInstrument {
  symbol: string;
  sector: string;
  /** Starting price for the oldest generated session, paise. */
  referencePrice: number;
  /** Typical shares traded per minute at the quietest time of day. */
  baseMinuteVolume: number;
}

export const MINUTES_PER_SESSION = 375; // 09:15 to 15:30

/** A generated history's inputs, plain data (structured-clone safe): HistoryGenerator.fromRecipe rebuilds it. */
export interface HistoryRecipe {
  instruments: readonly HistoryInstrument[];
  dates: readonly string[];
  /** Each date's session open, epoch ms, aligned with dates. */
  sessionOpens: readonly number[];
  seed: number;
  /** The newswire's events per trading hour in the generated sessions (default 4; 0: no news). */
  newsEventsPerHour?: number;
}
/**
 * Simulated sessions kept whole: a default candles request spans the last day (one or two sessions),
 * and each session is about 22,000 bars (≈ 3 MB), simulated in hundreds of ms on the event loop.
 */
const SESSIONS_KEPT = 4;

export interface GeneratedSession {
  date: string;
  /** 1-minute bars per symbol, in instrument order. */
  minuteBars: Candle[][];
  /** The session's news, oldest first: each event moved its stocks' prices after it broke. */
  events: NewswireEvent[];
}

/** Its own stream per session, apart from the bars' and the live newswire's. */
const PAST_NEWS_SALT = 0x70617374; // "past"
/** The live newswire's rate: a few events an hour, more near the open and close. */
export const DEFAULT_NEWS_EVENTS_PER_HOUR = 4;

/**
 * Generates past sessions, deterministically for a seed: each session is 375 one-minute steps of the
 * factor model, starting from the previous session's close; the daily bar is the session's summary.
 * Daily bars are kept; a session's minute bars are simulated on first request (same seed, same bars)
 * and the last few sessions asked for are kept, frozen, as history never changes once generated.
 */
export class HistoryGenerator {
  private readonly daily = new Map<string, Candle[]>();
  private readonly opens = new Map<string, number[]>();
  /** Most recently used last (Map keeps insertion order). */
  private readonly simulated = new Map<string, GeneratedSession>();
  private readonly dates: string[];

  constructor(
    private readonly instruments: readonly HistoryInstrument[],
    dates: readonly string[],
    private readonly sessionOpenTs: (date: string) => number,
    private readonly seed: number,
    private readonly newsEventsPerHour = DEFAULT_NEWS_EVENTS_PER_HOUR,
  ) {
    this.dates = [...dates];
    let opens = instruments.map((instrument) => instrument.referencePrice);
    for (const date of this.dates) {
      this.opens.set(date, opens);
      const session = this.simulate(date, opens);
      this.daily.set(
        date,
        session.minuteBars.map((bars) => summarise(bars, date, this.sessionOpenTs(date))),
      );
      opens = session.minuteBars.map((bars) => bars[bars.length - 1]!.close);
    }
  }

  get sessionDates(): readonly string[] {
    return this.dates;
  }

  /** What rebuilds this very history elsewhere (a worker thread): same inputs, same bars. */
  recipe(): HistoryRecipe {
    return {
      instruments: this.instruments,
      dates: this.dates,
      sessionOpens: this.dates.map((date) => this.sessionOpenTs(date)),
      seed: this.seed,
      newsEventsPerHour: this.newsEventsPerHour,
    };
  }

  /** The generator a recipe describes. */
  static fromRecipe(recipe: HistoryRecipe): HistoryGenerator {
    const opens = new Map(recipe.dates.map((date, i) => [date, recipe.sessionOpens[i]!]));
    return new HistoryGenerator(
      recipe.instruments,
      recipe.dates,
      (date) => opens.get(date)!,
      recipe.seed,
      recipe.newsEventsPerHour,
    );
  }

  /** Daily bars of one symbol, oldest first. */
  dailyBars(symbol: string): Candle[] {
    const index = this.indexOf(symbol);
    return this.dates.map((date) => this.daily.get(date)![index]!);
  }

  /** The close of the newest generated session per symbol: where the live session starts. */
  lastCloses(): Map<string, number> {
    const last = this.dates[this.dates.length - 1];
    const bars = last ? this.daily.get(last)! : [];
    return new Map(
      this.instruments.map((instrument, i) => [
        instrument.symbol,
        bars[i]?.close ?? instrument.referencePrice,
      ]),
    );
  }

  /** Every symbol's 1-minute bars for one generated session (one simulation, all symbols); bars frozen. */
  sessionBars(date: string): Map<string, Candle[]> {
    const session = this.session(date);
    if (!session) return new Map();
    return new Map(this.instruments.map((instrument, i) => [instrument.symbol, [...session.minuteBars[i]!]]));
  }

  /** sessionBars as steps, one simulated minute each (see core/time-slices); a kept session at once. */
  *sessionBarSteps(date: string): Steps<Map<string, Candle[]>> {
    const kept = this.simulated.get(date);
    if (kept) return this.sessionBars(date);
    const opens = this.opens.get(date);
    if (!opens) return new Map();
    const { minuteBars } = yield* this.simulateSteps(date, opens);
    return new Map(this.instruments.map((instrument, i) => [instrument.symbol, minuteBars[i]!]));
  }

  /** The news of one generated session, oldest first (see simulateSteps). */
  sessionEvents(date: string): NewswireEvent[] {
    return [...(this.session(date)?.events ?? [])];
  }

  /** sessionEvents as steps, one simulated minute each; a kept session at once. */
  *sessionEventSteps(date: string): Steps<NewswireEvent[]> {
    const kept = this.simulated.get(date);
    if (kept) return [...kept.events];
    const opens = this.opens.get(date);
    if (!opens) return [];
    return (yield* this.simulateSteps(date, opens)).events;
  }

  /** One symbol's 1-minute bars of one session; shared and frozen, so copy before changing. */
  minuteBars(symbol: string, date: string): readonly Candle[] {
    return this.session(date)?.minuteBars[this.indexOf(symbol)] ?? [];
  }

  /** Whether any minute of the session opens within [from, to] (ms): the others need no simulation. */
  sessionOverlaps(date: string, from: number, to: number): boolean {
    const open = this.sessionOpenTs(date);
    return open <= to && open + (MINUTES_PER_SESSION - 1) * 60_000 >= from;
  }

  private session(date: string): GeneratedSession | undefined {
    const kept = this.simulated.get(date);
    if (kept) {
      this.simulated.delete(date);
      this.simulated.set(date, kept);
      return kept;
    }
    const opens = this.opens.get(date);
    if (!opens) return undefined;
    const session = this.simulate(date, opens);
    for (const bars of session.minuteBars) for (const bar of bars) Object.freeze(bar);
    this.simulated.set(date, session);
    if (this.simulated.size > SESSIONS_KEPT) this.simulated.delete(this.simulated.keys().next().value!);
    return session;
  }

  private indexOf(symbol: string): number {
    const index = this.instruments.findIndex((instrument) => instrument.symbol === symbol);
    if (index < 0) throw new Error(`No simulated history for ${symbol}`);
    return index;
  }

  private simulate(date: string, opens: readonly number[]): GeneratedSession {
    return runToEnd(this.simulateSteps(date, opens));
  }

  /**
   * One session, minute by minute: the factor model's returns plus the moves of the session's news.
   * The news is the live newswire's own process (a Newswire of the session's own seed): each event is
   * drawn before the prices it moves, and moves them over the three minutes after it breaks, so the
   * past has headlines exactly as the live feed does, and nothing in them is chosen from later bars.
   */
  private *simulateSteps(date: string, opens: readonly number[]): Steps<GeneratedSession> {
    const random = new SeededRandom(this.seed ^ hashString(date));
    const model = new FactorModel(this.instruments, random);
    const start = this.sessionOpenTs(date);
    const sessionMs = MINUTES_PER_SESSION * 60_000;
    const events: NewswireEvent[] = [];
    const news =
      this.newsEventsPerHour > 0
        ? new Newswire(this.instruments, (this.seed ^ hashString(date) ^ PAST_NEWS_SALT) >>> 0, {
            eventsPerHour: this.newsEventsPerHour,
            sessionFraction: (ts) => Math.min(1, Math.max(0, (ts - start) / sessionMs)),
          })
        : null;
    news?.onEvent((event) => events.push(event));
    // The open follows the night's gap: the first event breaks 5–15 s in, as the live feed's does.
    news?.advance(0, start);
    // A small overnight gap, as real opens rarely equal the previous close.
    const prices = opens.map((open) => open * Math.exp(0.004 * random.normal()));
    const minuteBars: Candle[][] = this.instruments.map(() => []);
    for (let minute = 0; minute < MINUTES_PER_SESSION; minute++) {
      yield;
      const returns = model.step(60);
      const shifts = news?.advance(60, start + (minute + 1) * 60_000);
      if (shifts) for (let i = 0; i < returns.length; i++) returns[i]! += shifts[i]!;
      const intensity = intradayIntensity(minute / (MINUTES_PER_SESSION - 1));
      for (let i = 0; i < this.instruments.length; i++) {
        const open = prices[i]!;
        const close = open * Math.exp(returns[i]!);
        const wiggle = Math.abs(returns[i]!) * 0.5 + 0.0002 * Math.abs(random.normal());
        const high = Math.max(open, close) * (1 + wiggle);
        const low = Math.min(open, close) * (1 - wiggle);
        prices[i] = close;
        const volume = Math.max(
          1,
          Math.round(this.instruments[i]!.baseMinuteVolume * intensity * Math.exp(0.5 * random.normal())),
        );
        minuteBars[i]!.push({
          symbol: this.instruments[i]!.symbol,
          interval: '1m',
          openTime: start + minute * 60_000,
          open: roundToTick(open),
          high: roundToTick(high),
          low: roundToTick(low),
          close: roundToTick(close),
          volume,
          source: 'simulator',
        });
      }
    }
    return { date, minuteBars, events };
  }
}

function summarise(bars: Candle[], _date: string, openTime: number): Candle {
  let high = 0;
  let low = Number.POSITIVE_INFINITY;
  let volume = 0;
  for (const bar of bars) {
    if (bar.high > high) high = bar.high;
    if (bar.low < low) low = bar.low;
    volume += bar.volume;
  }
  return {
    symbol: bars[0]!.symbol,
    interval: '1d',
    openTime,
    open: bars[0]!.open,
    high,
    low,
    close: bars[bars.length - 1]!.close,
    volume,
    source: 'simulator',
  };
}
