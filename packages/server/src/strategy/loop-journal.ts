import type { Order } from '../broker/broker-types';
import type { Signal } from './signals';

/** What became of one thing the loop considered: an order it placed, or why it placed none. */
export type DecisionOutcome = 'filled' | 'placed' | 'rejected' | 'skipped' | 'waiting' | 'error';

export interface LoopDecision {
  /** The last run that reached this decision, epoch ms. */
  at: number;
  /** The symbol, or '*' for the whole run (market closed, daily loss halt, an error). */
  symbol: string;
  side: 'BUY' | 'SELL' | null;
  quantity: number | null;
  outcome: DecisionOutcome;
  reason: string;
  /** How many runs in a row reached this same decision (a closed market says so once, not 375 times). */
  repeats: number;
}

type NewDecision = Omit<LoopDecision, 'repeats'>;

const DEFAULT_CAPACITY = 40;
const BARS_NEEDED = /needs (\d+) one-minute bars, has (\d+)/;

/**
 * The loop's recent decisions with their reasons, newest first, for the dashboard. A decision the
 * loop reaches again (same symbol, side, outcome and reason) moves to the top with its count raised
 * instead of filling the journal with copies.
 */
export class LoopJournal {
  private readonly entries: LoopDecision[] = [];

  constructor(private readonly capacity = DEFAULT_CAPACITY) {}

  record(decision: NewDecision): void {
    const key = keyOf(decision);
    const index = this.entries.findIndex((entry) => keyOf(entry) === key);
    const repeats = index >= 0 ? this.entries[index]!.repeats + 1 : 1;
    if (index >= 0) this.entries.splice(index, 1);
    this.entries.push({ ...decision, repeats });
    if (this.entries.length > this.capacity) this.entries.shift();
  }

  recent(limit = this.capacity): LoopDecision[] {
    return this.entries.slice(-limit).reverse();
  }
}

const keyOf = (d: NewDecision) => `${d.symbol}|${d.side}|${d.outcome}|${d.quantity}|${d.reason}`;

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
  const waiting = signals
    .map((signal) => ({ signal, match: signal.reasons.map((r) => BARS_NEEDED.exec(r)).find(Boolean) }))
    .filter((item) => item.match);
  if (waiting.length > 0) {
    const { signal, match } = waiting[0]!;
    const others = waiting.length - 1;
    return `${signal.symbol}: needs ${match![1]} one-minute bars, has ${match![2]}${others > 0 ? ` (${others} more symbols waiting for bars)` : ''}`;
  }
  const best = signals[0]!;
  const sells = signals.filter((signal) => signal.direction === 'SELL').length;
  const held = sells > 0 ? `; ${sells} SELL signal${sells === 1 ? '' : 's'}, none on a name held` : '';
  return `no BUY signal strong enough to act on (best: ${best.symbol} at score ${best.score.toFixed(2)})${held}`;
}
