import type { Signal } from '../../signals';
import type { TradingPhase } from '../phases';
import {
  type ChargesGate,
  chargesRefusal,
  minimumEconomicOrderPaise,
  roundTripChargesPaise,
} from './charges-gate';
import { edgeRefusal, type SignalEdgeBook } from './signal-edge';

export interface SizedEntry {
  symbol: string;
  quantity: number;
  /** The price the size was worked out at, paise. */
  pricePaise: number;
  valuePaise: number;
  signal: Signal;
}

export interface SkippedSignal {
  symbol: string;
  reason: string;
}

export interface SizingOptions {
  /** Market value already held per symbol, paise: it counts towards the position cap. */
  heldValuePaise?: ReadonlyMap<string, number>;
  /** Cash on hand, paise: never plan to spend more than the account has. */
  cashPaise?: number;
  /** Most any one entry may spend, paise (the loop spreads the day's budget over several names). */
  maxOrderPaise?: number;
  /**
   * Entries are raised to the smallest value whose round-trip charges fit the cap (when the budget,
   * cash and position cap allow), and one that still does not fit is refused with the figures.
   */
  chargesGate?: ChargesGate;
  /** With a charges gate: an entry whose signal's measured move does not cover its round trip is skipped. */
  edge?: Pick<SignalEdgeBook, 'expectedMove'>;
}

export type SizingPhase = Pick<TradingPhase, 'maxPositionPercent' | 'minMLConfidence'>;

/**
 * Whole-share BUY quantities for the best BUY signals, best score first, such that each position
 * stays within the phase's share of equity and all of them together within the budget left.
 * Signals under the phase's minimum confidence are skipped, as are symbols with no price.
 */
export function sizeOrders(
  signals: readonly Signal[],
  budgetLeftPaise: number,
  prices: ReadonlyMap<string, number>,
  phase: SizingPhase,
  equityPaise: number,
  options: SizingOptions = {},
): { entries: SizedEntry[]; skipped: SkippedSignal[] } {
  const entries: SizedEntry[] = [];
  const skipped: SkippedSignal[] = [];
  let left = Math.max(0, Math.min(budgetLeftPaise, options.cashPaise ?? Number.POSITIVE_INFINITY));
  const positionCap = percentOfPaise(equityPaise, phase.maxPositionPercent);
  const gate = options.chargesGate;
  const economic = gate ? minimumEconomicOrderPaise(gate) : 0;
  const perEntry = Math.max(options.maxOrderPaise ?? Number.POSITIVE_INFINITY, economic);
  const buys = signals
    .filter((signal) => signal.direction === 'BUY')
    .sort((a, b) => b.score - a.score || b.confidence - a.confidence || (a.symbol < b.symbol ? -1 : 1));
  for (const signal of buys) {
    const skip = (reason: string) => skipped.push({ symbol: signal.symbol, reason });
    if (signal.confidence < phase.minMLConfidence) {
      skip(`confidence ${signal.confidence.toFixed(2)} is under the phase minimum ${phase.minMLConfidence}`);
      continue;
    }
    const price = prices.get(signal.symbol);
    if (price === undefined || !(price > 0)) {
      skip('no price yet');
      continue;
    }
    const room = positionCap - (options.heldValuePaise?.get(signal.symbol) ?? 0);
    const hardCap = Math.max(0, Math.min(room, left));
    let quantity = Math.floor(Math.min(hardCap, perEntry) / price);
    // Whole shares round down below the economic size: one more share when the caps allow it.
    if (quantity * price < economic)
      quantity = Math.min(Math.ceil(economic / price), Math.floor(hardCap / price));
    if (quantity < 1) {
      skip(
        room < price
          ? `position cap of ${phase.maxPositionPercent} % of equity reached`
          : 'budget left is under one share',
      );
      continue;
    }
    const refusal = gate ? chargesRefusal(gate, quantity, price) : null;
    if (refusal) {
      skip(refusal);
      continue;
    }
    const noEdge =
      gate && options.edge
        ? edgeRefusal(
            options.edge,
            signal,
            quantity * price,
            roundTripChargesPaise(gate.rates, quantity, price),
          )
        : null;
    if (noEdge) {
      skip(noEdge);
      continue;
    }
    entries.push({
      symbol: signal.symbol,
      quantity,
      pricePaise: price,
      valuePaise: quantity * price,
      signal,
    });
    left -= quantity * price;
  }
  return { entries, skipped };
}

/** percent % of an amount in paise, rounded down; the percent kept to a basis point. */
function percentOfPaise(amountPaise: number, percent: number): number {
  if (!(amountPaise > 0)) return 0;
  return Math.floor((Math.floor(amountPaise) * Math.round(percent * 100)) / 10_000);
}
