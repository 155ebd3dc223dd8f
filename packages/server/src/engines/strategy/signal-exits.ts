import type { PaperLimits, Position } from '../../core/orders';
import type { Signal } from '../signals';
import type { SkippedSignal } from './allocation';
import { decideSignalExit, type ExitRules } from './exits';
import { signalReason } from './loop-journal';

/** A held position a SELL signal closes, and the sentence the journal gives for it. */
export interface SignalExit {
  symbol: string;
  quantity: number;
  why: string;
}

/**
 * The SELL signals on held positions worth their round-trip charges (decideSignalExit); the others
 * are skipped with the reason. Positions already exiting or with an order pending are left alone.
 */
export function planSignalExits(input: {
  positions: readonly Position[];
  signals: readonly Signal[];
  exited: ReadonlySet<string>;
  pending: ReadonlySet<string>;
  lastPrice: (symbol: string) => number | undefined;
  now: number;
  rates: PaperLimits;
  rules: ExitRules;
}): { exits: SignalExit[]; skipped: SkippedSignal[] } {
  const exits: SignalExit[] = [];
  const skipped: SkippedSignal[] = [];
  const exiting = new Set(input.exited);
  const sells = new Map(input.signals.filter((s) => s.direction === 'SELL').map((s) => [s.symbol, s]));
  for (const position of input.positions) {
    if (position.quantity <= 0 || exiting.has(position.symbol) || input.pending.has(position.symbol))
      continue;
    const sell = sells.get(position.symbol);
    if (!sell) continue;
    const decision = decideSignalExit({
      position,
      pricePaise: input.lastPrice(position.symbol),
      now: input.now,
      rates: input.rates,
      rules: input.rules,
    });
    if (!decision.sell) {
      skipped.push({ symbol: position.symbol, reason: `SELL signal, ${decision.reason}` });
      continue;
    }
    exits.push({
      symbol: position.symbol,
      quantity: position.quantity,
      why: `${signalReason(sell)}; ${decision.reason}`,
    });
    exiting.add(position.symbol);
  }
  return { exits, skipped };
}
