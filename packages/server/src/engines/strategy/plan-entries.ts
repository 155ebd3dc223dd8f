import type { TradingVenue } from '../../core/ports/trading-venue';
import type { Signal } from '../signals';
import { type ChargesGate, type SizedEntry, type SkippedSignal, sizeOrders } from './allocation';
import type { SignalEdgeBook } from './allocation/signal-edge';
import type { TradingPhase } from './phases';

export interface EntryPlanInput {
  signals: readonly Signal[];
  venue: Pick<TradingVenue, 'positions' | 'lastPrice' | 'cashPaise' | 'equityPaise'>;
  phase: TradingPhase;
  /** Symbols sold in this run. */
  exited: ReadonlySet<string>;
  budgetLeftPaise: number;
  maxOrderPaise: number;
  /** Entries sized up to pay their charges, or refused (see sizeOrders). */
  chargesGate?: ChargesGate;
  /** The measured move of past signals by strength: entries that cannot cover their charges on it are skipped. */
  edge?: Pick<SignalEdgeBook, 'expectedMove'>;
}

/**
 * The BUYs of one run, sized against the account as it stands after the run's exits. No adding
 * to a name already held (one entry per name; the position cap would allow pyramiding into a
 * loser minute after minute), and no buying back in the run that just sold it.
 */
export function planEntries(input: EntryPlanInput): { entries: SizedEntry[]; skipped: SkippedSignal[] } {
  const { venue } = input;
  const heldValuePaise = new Map<string, number>();
  for (const position of venue.positions()) {
    if (position.quantity <= 0) continue;
    heldValuePaise.set(position.symbol, position.quantity * (venue.lastPrice(position.symbol) ?? 0));
  }
  const candidates = input.signals.filter(
    (s) => !heldValuePaise.has(s.symbol) && !input.exited.has(s.symbol),
  );
  const prices = new Map<string, number>();
  for (const signal of candidates) {
    const price = venue.lastPrice(signal.symbol);
    if (price !== undefined) prices.set(signal.symbol, price);
  }
  return sizeOrders(candidates, input.budgetLeftPaise, prices, input.phase, venue.equityPaise(), {
    heldValuePaise,
    cashPaise: venue.cashPaise(),
    maxOrderPaise: input.maxOrderPaise,
    chargesGate: input.chargesGate,
    edge: input.edge,
  });
}
