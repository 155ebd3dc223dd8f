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
