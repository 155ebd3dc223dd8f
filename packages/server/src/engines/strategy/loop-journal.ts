import type { Order } from '../../core/orders';
import type { Signal } from '../signals';

/** What became of one thing the loop considered: an order it placed, or why it placed none. */
export type DecisionOutcome = 'filled' | 'placed' | 'rejected' | 'skipped' | 'waiting' | 'error';

export interface LoopDecision {
  /** The last run that reached this decision, epoch ms. */
  at: number;
  /** The first run of the fold, epoch ms: with `at` and `repeats`, "×12 since 10:02". */
  firstAt: number;
  /** The symbol, or '*' for the whole run (market closed, daily loss halt, an error). */
  symbol: string;
  side: 'BUY' | 'SELL' | null;
  quantity: number | null;
  outcome: DecisionOutcome;
  reason: string;
  /** How many runs in a row reached this same decision (a closed market says so once, not 375 times). */
  repeats: number;
}

type NewDecision = Omit<LoopDecision, 'repeats' | 'firstAt'>;

const DEFAULT_CAPACITY = 40;

/** A money figure, a percent or a plain number in a reason: "₹1,234.50", "0.25 %", "12". */
const FIGURE = /[-+−]?₹?\d[\d,]*(?:\.\d+)?(?:\s?%)?/g;
/** A parenthesised aside ("(best: TCS at score 0.31)"): detail that changes, not the reason. */
const ASIDE = /\s*\([^)]*\)/g;

/**
 * The loop's recent decisions with their reasons, newest first, for the dashboard. A decision the
 * loop reaches again moves to the top with its count raised and its latest wording, instead of
 * filling the journal with copies: an order when everything about it repeats, anything else (a
 * hold, a skip, a wait) per symbol and reason whatever figures the reason quotes, so a position
 * held for an hour is one line, not sixty.
 */
export class LoopJournal {
  private readonly entries: LoopDecision[] = [];
  /**
   * Each entry's fold key, kept beside it: a run records a skip per symbol, and working out every
   * entry's key again (two regex replaces each) was a sixth of a replayed minute's time.
   */
  private readonly keys: string[] = [];

  constructor(private readonly capacity = DEFAULT_CAPACITY) {}

  record(decision: NewDecision): void {
    const key = foldKeyOf(decision);
    const index = this.keys.indexOf(key);
    const folded = index >= 0 ? this.entries.splice(index, 1)[0]! : null;
    if (index >= 0) this.keys.splice(index, 1);
    this.entries.push({
      ...decision,
      firstAt: folded?.firstAt ?? decision.at,
      repeats: (folded?.repeats ?? 0) + 1,
    });
    this.keys.push(key);
    if (this.entries.length > this.capacity) {
      this.entries.shift();
      this.keys.shift();
    }
  }

  recent(limit = this.capacity): LoopDecision[] {
    return this.entries.slice(-limit).reverse();
  }
}

/** Reasons already reduced: the same sentences come back run after run (a skip per symbol a minute). */
const kinds = new Map<string, string>();
const KINDS_AT_MOST = 2_000;

/** What a reason says without the figures that change from one minute to the next. */
export function reasonKindOf(reason: string): string {
  const known = kinds.get(reason);
  if (known !== undefined) return known;
  const kind = reason.replace(ASIDE, '').replace(FIGURE, '#');
  if (kinds.size >= KINDS_AT_MOST) kinds.clear();
  kinds.set(reason, kind);
  return kind;
}

function foldKeyOf(d: NewDecision): string {
  if (d.outcome === 'filled' || d.outcome === 'placed') {
    return `${d.symbol}|${d.side}|${d.outcome}|${d.quantity}|${d.reason}`;
  }
  return `${d.symbol}|${d.side}|${d.outcome}|${reasonKindOf(d.reason)}`;
}

/** The decision an order stands for: filled, resting or refused, and why it was placed. */
export function orderDecision(order: Order, at: number, why: string): NewDecision {
  const outcome = order.status === 'REJECTED' ? 'rejected' : order.status === 'FILLED' ? 'filled' : 'placed';
  return {
    at,
    symbol: order.symbol,
    side: order.side,
    quantity: order.quantity,
    outcome,
    reason: outcome === 'rejected' ? (order.rejectReason ?? 'refused by the broker') : why,
  };
}

/** Why a risk exit fired, from the strategy the exit order carries. */
export function exitReason(strategy: string): string {
  if (strategy === 'exit:stop_loss') return 'stop loss reached';
  if (strategy === 'exit:target') return 'profit target reached';
  if (strategy === 'exit:session_end') return 'session end: closing the position';
  if (strategy === 'exit:max_hold') return 'maximum hold reached';
  return strategy;
}

/** What moved a signal, in the source's words (an ensemble's first reason only restates the score). */
export function signalDetail(signal: Signal): string {
  return signal.reasons.find((reason) => !reason.startsWith('score ')) ?? signal.reasons[0] ?? '';
}

/** The first reason a signal gives, with its score and confidence: what a trader reads first. */
export function signalReason(signal: Signal): string {
  const head = `${signal.direction} signal, score ${signal.score.toFixed(2)}, confidence ${signal.confidence.toFixed(2)}`;
  const detail = signalDetail(signal);
  return detail ? `${head}: ${detail}` : head;
}

/**
 * Why an open market produced no order: symbols still gathering the bars their signals need, or
 * no signal strong enough. Names one symbol and how many more are in the same state.
 */
export function idleReason(signals: readonly Signal[]): string {
  if (signals.length === 0) return 'no symbols to rank';
  // Read from the signals' fields, not their reasons: those are written only when read.
  const waiting = signals.filter((signal) => signal.waiting);
  if (waiting.length > 0) {
    const { symbol, waiting: bars } = waiting[0]!;
    const others = waiting.length - 1;
    return `${symbol}: needs ${bars!.needed} one-minute bars, has ${bars!.has}${others > 0 ? ` (${others} more symbols waiting for bars)` : ''}`;
  }
  const best = signals[0]!;
  const sells = signals.filter((signal) => signal.direction === 'SELL').length;
  const held = sells > 0 ? `; ${sells} SELL signal${sells === 1 ? '' : 's'}, none on a name held` : '';
  return `no BUY signal strong enough to act on (best: ${best.symbol} at score ${best.score.toFixed(2)})${held}`;
}
