import type { Steps } from '../../core/time-slices';
import type { Candle } from '../market/market-types';

export type SignalDirection = 'BUY' | 'SELL' | 'HOLD';

/** One symbol's 1-minute bars, oldest first (what TickPipeline.minuteBars returns). */
export interface SymbolBars {
  symbol: string;
  bars: Candle[];
}

export interface Signal {
  symbol: string;
  /** SELL means "exit if held": the paper account is long-only and never sells short. */
  direction: SignalDirection;
  /** -1..1: how strongly the source leans up (+) or down (−); 0 is no view. */
  score: number;
  /** 0..1: how much evidence stands behind the score (see docs/decisions/0006-trading-loop.md). */
  confidence: number;
  /** Sentences a trader can read: the numbers the source looked at. */
  reasons: string[];
  /** Set while the source still gathers the bars it needs: how many it needs and has. */
  waiting?: BarsWaited;
}

export interface BarsWaited {
  needed: number;
  has: number;
}

/**
 * A signal whose reasons are written only when something reads them. Every symbol is ranked every
 * minute, and a backtest or replay reads the reasons of the few signals it acts on: formatting
 * every figure of every signal was most of a replayed minute (decision 0054). One class, so every
 * such signal has one shape and reading a score stays as fast as on a plain object; `toJSON` writes
 * the reasons in. A spread copy (`{ ...signal }`) leaves them out: read `reasons` by name, and
 * compare two signals by their JSON.
 */

class SignalWithReasons implements Signal {
  readonly symbol: string;
  readonly direction: SignalDirection;
  readonly score: number;
  readonly confidence: number;
  readonly waiting: BarsWaited | undefined;
  /** The reasons once written, else what writes them. */
  private kept: string[] | (() => string[]);

  constructor(fields: Omit<Signal, 'reasons'>, write: () => string[]) {
    this.kept = write;
    this.symbol = fields.symbol;
    this.direction = fields.direction;
    this.score = fields.score;
    this.confidence = fields.confidence;
    this.waiting = fields.waiting;
  }

  get reasons(): string[] {
    if (typeof this.kept === 'function') this.kept = this.kept();
    return this.kept;
  }

  set reasons(reasons: string[]) {
    this.kept = reasons;
  }

  toJSON(): Signal {
    const { symbol, direction, score, confidence, waiting, reasons } = this;
    return waiting
      ? { symbol, direction, score, confidence, reasons, waiting }
      : { symbol, direction, score, confidence, reasons };
  }
}

export function signalWithReasons(fields: Omit<Signal, 'reasons'>, write: () => string[]): Signal {
  return new SignalWithReasons(fields, write);
}

/** A HOLD for a symbol whose series is still shorter than the source needs. */
export function waitingForBars(symbol: string, needed: number, has: number): Signal {
  return {
    symbol,
    direction: 'HOLD',
    score: 0,
    confidence: 0,
    reasons: [`needs ${needed} one-minute bars, has ${has}`],
    waiting: { needed, has },
  };
}

/**
 * Anything that turns bars into signals: the transparent rules here, and the ML ensemble later.
 * `name` is what orders decided by this source carry as their strategy.
 */
export interface SignalSource {
  readonly name: string;
  /** One signal per symbol in the universe, best score first. `now` is epoch ms. */
  rank(universe: SymbolBars[], now: number): Signal[];
  /**
   * The same ranking as steps that yield between symbols, for work run in slices (the start-up
   * replay): `rank` is these steps run to the end, so both give the same signals. A source without
   * it is ranked in one step.
   */
  rankSteps?(universe: SymbolBars[], now: number): Steps<Signal[]>;
}

/**
 * Symbols a ranking step covers: a few µs each, so a step stays far under a 2 ms slice, while the
 * cost of a step itself (resuming the nested generators, the slice's clock read) stays small.
 */
export const SYMBOLS_PER_STEP = 8;

/** True after every SYMBOLS_PER_STEP-th symbol done: the place to yield. */
export const stepDue = (done: number) => done % SYMBOLS_PER_STEP === 0;

/** The source's ranking as steps: its own when it has them, else one step. */
export function* rankInSteps(source: SignalSource, universe: SymbolBars[], now: number): Steps<Signal[]> {
  if (source.rankSteps) return yield* source.rankSteps(universe, now);
  return source.rank(universe, now);
}
