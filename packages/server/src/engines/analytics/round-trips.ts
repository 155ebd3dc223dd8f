import { due, runToEnd, type Steps } from '../../core/time-slices';
/** One execution as the analytics read it: a fill with its order's strategy. Money in paise. */
export interface AnalyticsFill {
  symbol: string;
  side: 'BUY' | 'SELL';
  quantity: number;
  pricePaise: number;
  chargesPaise: number;
  ts: number;
  /** The strategy recorded on the fill's order. */
  strategy: string;
}

/** A closed trade: part or all of one entry fill matched FIFO to part or all of one exit fill. */
export interface RoundTrip {
  symbol: string;
  /** The entry order's strategy: the decision that opened the position owns its result. */
  strategy: string;
  quantity: number;
  entryTs: number;
  exitTs: number;
  entryPricePaise: number;
  exitPricePaise: number;
  /** The matched shares' part of the entry and the exit fill's charges (fractional paise). */
  entryChargesPaise: number;
  exitChargesPaise: number;
  /** quantity × (exit − entry) − both charges. */
  pnlPaise: number;
}

/** Shares bought and not yet sold, with their part of the entry charges. */
export interface OpenLot {
  symbol: string;
  strategy: string;
  quantity: number;
  entryTs: number;
  entryPricePaise: number;
  entryChargesPaise: number;
}

/**
 * Matches each symbol's sells to its earliest unsold buys (FIFO), fills in time order. The account is
 * long-only (the ledger refuses a sell beyond the holding), so a buy opens and a sell closes; a sell
 * with nothing to close (history older than the window read) is ignored.
 */
export function matchRoundTrips(fills: readonly AnalyticsFill[]): { trips: RoundTrip[]; open: OpenLot[] } {
  return runToEnd(roundTripSteps(fills));
}

/** matchRoundTrips as steps (see core/time-slices). */
export function* roundTripSteps(
  fills: readonly AnalyticsFill[],
): Steps<{ trips: RoundTrip[]; open: OpenLot[] }> {
  const lots: OpenLots = new Map();
  const trips: RoundTrip[] = [];
  const closed = (trip: RoundTrip) => trips.push(trip);
  for (const [i, fill] of fills.entries()) {
    if (due(i)) yield;
    matchFill(lots, fill, closed);
  }
  return { trips, open: [...lots.values()].flat() };
}

/** Each symbol's unsold buys, earliest first. */
export type OpenLots = Map<string, OpenLot[]>;

/**
 * One fill matched FIFO against `lots` (changed in place): a buy opens a lot, a sell closes the
 * earliest and hands each closed part to `closed`. Fills must come in time order; kept as its own
 * step so a reader can carry `lots` from one batch of fills to the next (the phase engine does).
 */
export function matchFill(lots: OpenLots, fill: AnalyticsFill, closed: (trip: RoundTrip) => void): void {
  let queue = lots.get(fill.symbol);
  if (!queue) {
    queue = [];
    lots.set(fill.symbol, queue);
  }
  if (fill.side === 'BUY') {
    queue.push({
      symbol: fill.symbol,
      strategy: fill.strategy,
      quantity: fill.quantity,
      entryTs: fill.ts,
      entryPricePaise: fill.pricePaise,
      entryChargesPaise: fill.chargesPaise,
    });
    return;
  }
  let remaining = fill.quantity;
  while (remaining > 0 && queue.length > 0) {
    const lot = queue[0]!;
    const quantity = Math.min(remaining, lot.quantity);
    const entryCharges = (lot.entryChargesPaise * quantity) / lot.quantity;
    const exitCharges = (fill.chargesPaise * quantity) / fill.quantity;
    closed({
      symbol: fill.symbol,
      strategy: lot.strategy,
      quantity,
      entryTs: lot.entryTs,
      exitTs: fill.ts,
      entryPricePaise: lot.entryPricePaise,
      exitPricePaise: fill.pricePaise,
      entryChargesPaise: entryCharges,
      exitChargesPaise: exitCharges,
      pnlPaise: quantity * (fill.pricePaise - lot.entryPricePaise) - entryCharges - exitCharges,
    });
    lot.quantity -= quantity;
    lot.entryChargesPaise -= entryCharges;
    remaining -= quantity;
    if (lot.quantity === 0) queue.shift();
  }
}
