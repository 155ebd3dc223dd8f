import { BACKGROUND_SLICE_BUDGET_MS, runSliced, type Steps } from '../../../core/time-slices';
import { intradayIntensity } from './factor-model';
import type { NewswireEvent, NewswireInstrument } from './newswire-event';
import {
  companyName,
  EVENT_KINDS,
  type EventKind,
  fill,
  reportingQuarter,
  SECTOR_HEADLINE_WORDS,
} from './newswire-templates';
import { hashString, SeededRandom } from './seeded-random';

export type { NewswireEvent, NewswireInstrument } from './newswire-event';

export type NewswireListener = (event: NewswireEvent) => void;

export interface NewswireOptions {
  /** Events per trading hour at the session's average activity (4: a few an hour, more near the open). */
  eventsPerHour?: number;
  /** Where a moment falls in the session, 0 at the open and 1 at the close. */
  sessionFraction: (ts: number) => number;
  /** The generated past sessions, each with the news the same process made for it (history-generator.ts). */
  history?: PastSessionNews;
}

/** What the newswire reads of the generated past: its sessions and each one's events. */
export interface PastSessionNews {
  readonly sessionDates: readonly string[];
  sessionOverlaps(date: string, from: number, to: number): boolean;
  sessionEventSteps(date: string): Steps<NewswireEvent[]>;
}

/** A price move takes three minutes to play out: traders read, then trade. */
export const MOVE_SECONDS = 180;
/** The first event arrives 5–15 s after the feed starts, so a fresh start has news at once. */
const FIRST_EVENT_SECONDS: readonly [number, number] = [5, 15];
/** After a gap longer than this (the market was shut), the schedule restarts from now. */
const STALE_MS = 15 * 60_000;
/** intradayIntensity peaks at 3.5 and averages about 1.83 over a session. */
const PEAK_INTENSITY = 3.5;
const MEAN_INTENSITY = 1 + 2.5 / 3;
const SALT = 0x6e657773; // "news": the newswire's own random stream, so prices without news are unchanged

interface ActiveMove {
  indices: number[];
  logMove: number;
  from: number;
  to: number;
}

/**
 * The mock-mode newswire: company and sector events drawn from the simulator's seed as a
 * non-homogeneous Poisson process (more near the open and close, as the tick activity is), each
 * emitted as a headline and applied to the named stocks' prices over the next three minutes.
 */
export class Newswire {
  private readonly random: SeededRandom;
  private readonly listeners = new Set<NewswireListener>();
  private readonly indexOf = new Map<string, number>();
  private readonly sectors: string[];
  private readonly shifts: Float64Array;
  private readonly totalWeight: number;
  private moves: ActiveMove[] = [];
  private nextAt: number | null = null;
  private count = 0;
  readonly history: NewswireEvent[] = [];

  constructor(
    private readonly instruments: readonly NewswireInstrument[],
    seed: number,
    private readonly options: NewswireOptions,
  ) {
    this.random = new SeededRandom((seed ^ SALT) >>> 0);
    for (const [i, instrument] of instruments.entries()) this.indexOf.set(instrument.symbol, i);
    this.sectors = Object.keys(SECTOR_HEADLINE_WORDS).filter(
      (sector) => instruments.filter((instrument) => instrument.sector === sector).length >= 2,
    );
    this.shifts = new Float64Array(instruments.length);
    this.totalWeight = EVENT_KINDS.reduce((sum, kind) => sum + kind.weight, 0);
  }

  onEvent(listener: NewswireListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * The news of the generated past sessions that overlap [since, now]: the events that moved their bars
   * (history-generator.ts); the sessions are simulated in background slices, ended by `signal` with a
   * WorkStoppedError.
   */
  async pastEvents(since: number, now: number, signal?: AbortSignal): Promise<NewswireEvent[]> {
    const { history } = this.options;
    const dates = history?.sessionDates.filter((date) => history.sessionOverlaps(date, since, now)) ?? [];
    return (await this.sessionEvents(dates, signal)).filter((event) => event.at >= since && event.at <= now);
  }

  /**
   * The news of the newest `count` generated past sessions up to `now`, however long ago they were: a
   * start on a Monday morning, a Sunday or after a holiday still has the last sessions' news.
   */
  async lastSessionsEvents(count: number, now: number, signal?: AbortSignal): Promise<NewswireEvent[]> {
    const dates = count > 0 ? (this.options.history?.sessionDates.slice(-count) ?? []) : [];
    return (await this.sessionEvents(dates, signal)).filter((event) => event.at <= now);
  }

  private async sessionEvents(dates: readonly string[], signal?: AbortSignal): Promise<NewswireEvent[]> {
    const { history } = this.options;
    if (!history || dates.length === 0) return [];
    const events: NewswireEvent[] = [];
    for (const date of dates) {
      const slices = { budgetMs: BACKGROUND_SLICE_BUDGET_MS, signal };
      events.push(...(await runSliced(history.sessionEventSteps(date), slices)));
    }
    return events.sort((a, b) => a.at - b.at);
  }

  /** Fires the events due by `now` and returns each stock's extra log return for the step. */
  advance(seconds: number, now: number): Float64Array {
    this.fireDue(now);
    this.shifts.fill(0);
    const from = now - seconds * 1000;
    for (const move of this.moves) {
      const inside = Math.max(0, Math.min(now, move.to) - Math.max(from, move.from));
      if (inside === 0) continue;
      const part = (move.logMove * inside) / (move.to - move.from);
      for (const i of move.indices) this.shifts[i]! += part;
    }
    this.moves = this.moves.filter((move) => move.to > now);
    return this.shifts;
  }

  private fireDue(now: number): void {
    if (this.nextAt === null || now - this.nextAt > STALE_MS) {
      const [low, high] = FIRST_EVENT_SECONDS;
      this.nextAt = now + (low + this.random.next() * (high - low)) * 1000;
      return;
    }
    while (this.nextAt <= now) {
      const at = this.nextAt;
      this.nextAt = this.nextCandidate(at);
      const event = this.draw(at);
      this.moves.push({
        indices: event.symbols.map((symbol) => this.indexOf.get(symbol)!),
        logMove: Math.log(1 + event.move),
        from: at,
        to: at + MOVE_SECONDS * 1000,
      });
      this.history.push(event);
      if (this.history.length > 200) this.history.shift();
      for (const listener of this.listeners) listener(event);
    }
  }

  /** The next event time by thinning: candidates at the peak rate, kept in proportion to the activity. */
  private nextCandidate(after: number): number {
    const peakPerMs = ((this.options.eventsPerHour ?? 4) * PEAK_INTENSITY) / MEAN_INTENSITY / 3_600_000;
    let at = after;
    for (let tries = 0; tries < 1000; tries++) {
      at += -Math.log(1 - this.random.next()) / peakPerMs;
      const activity = intradayIntensity(this.options.sessionFraction(at));
      if (this.random.next() < activity / PEAK_INTENSITY) return at;
    }
    return at;
  }

  private draw(at: number): NewswireEvent {
    const kind = this.pickKind();
    const pct = 2 + this.random.next() * 18;
    const [low, high] = kind.move;
    const move = low + this.random.next() * (high - low);
    this.count += 1;
    const id = `sim-${(hashString(`${at}`) >>> 0).toString(36)}-${this.count}`;
    const quarter = reportingQuarter(at);
    if (kind.scope === 'sector' && this.sectors.length > 0) {
      const sector = this.sectors[this.random.int(0, this.sectors.length - 1)]!;
      const words = SECTOR_HEADLINE_WORDS[sector]!;
      const values = { name: words, sector: words, quarter, pct };
      const symbols = this.instruments.filter((i) => i.sector === sector).map((i) => i.symbol);
      return this.event({ id, at, symbol: null, sector, symbols, move }, kind, values);
    }
    const instrument = this.instruments[this.random.int(0, this.instruments.length - 1)]!;
    const values = { name: companyName(instrument.symbol), sector: instrument.sector, quarter, pct };
    const { symbol, sector } = instrument;
    return this.event({ id, at, symbol, sector, symbols: [symbol], move }, kind, values);
  }

  private event(
    base: Omit<NewswireEvent, 'title' | 'summary' | 'type'>,
    kind: EventKind,
    values: { name: string; sector: string; quarter: string; pct: number },
  ): NewswireEvent {
    const title = fill(kind.titles[this.random.int(0, kind.titles.length - 1)]!, values, this.random);
    const summary = fill(kind.summaries[this.random.int(0, kind.summaries.length - 1)]!, values, this.random);
    return { ...base, type: kind.type, title, summary };
  }

  private pickKind(): EventKind {
    let draw = this.random.next() * this.totalWeight;
    for (const kind of EVENT_KINDS) {
      draw -= kind.weight;
      if (draw < 0) return kind;
    }
    return EVENT_KINDS[EVENT_KINDS.length - 1]!;
  }
}
