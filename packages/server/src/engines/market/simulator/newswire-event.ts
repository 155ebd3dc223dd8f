import type { NewsEventType } from '@td/contracts';

export interface NewswireInstrument {
  symbol: string;
  sector: string;
}

/** One simulated news event: a headline, and the price move the simulator applies for it. */
export interface NewswireEvent {
  id: string;
  /** Epoch ms the news broke. */
  at: number;
  type: NewsEventType;
  /** The stock named, or null for a sector event. */
  symbol: string | null;
  sector: string;
  /** Every stock the move applies to. */
  symbols: string[];
  title: string;
  summary: string;
  /**
   * The total move as a fraction (0.03 = +3 %): a live event's is applied over MOVE_SECONDS after `at`;
   * a past session's event tells the move its bars made in the half hour from `at`.
   */
  move: number;
}
