import type { Fill } from '../../../core/orders';
import { matchRoundTrips } from '../../analytics/round-trips';

/** What decides whether the loop's trades can pay their way: sizes, charges and closed results. */
export interface ReplayFigures {
  orders: number;
  turnoverPaise: number;
  chargesPaise: number;
  /** Charges as a percent of turnover (both sides counted). */
  chargesPercentOfTurnover: number | null;
  /** The median filled order's value, paise. */
  medianOrderPaise: number | null;
  closedTrips: number;
  winningTrips: number;
  /** Percent of closed round trips whose P&L after both sides' charges is above zero. */
  winRatePercent: number | null;
  /** Sum of closed round trips' P&L after charges, paise. */
  netPnlPaise: number;
  /** The same before charges: what the signals and exits earn on their own. */
  grossPnlPaise: number;
  /** Entry to exit of closed round trips, minutes (mean and median). */
  averageHoldMinutes: number | null;
  medianHoldMinutes: number | null;
  /** The standard deviation of closed round trips' P&L after charges, paise: their spread. */
  tripPnlStdevPaise: number | null;
  /** The worst closed round trip after charges, paise. */
  worstTripPaise: number | null;
  /** The deepest fall of the closed trips' running net P&L below its peak, paise (≥ 0). */
  maxDrawdownPaise: number;
}

/** The figures of a ledger's fills, orders grouped by their order id. */
export function replayFigures(fills: readonly Fill[]): ReplayFigures {
  const orderValues = new Map<string, number>();
  let turnover = 0;
  let charges = 0;
  for (const fill of fills) {
    const value = fill.quantity * fill.price;
    turnover += value;
    charges += fill.charges.total;
    orderValues.set(fill.orderId, (orderValues.get(fill.orderId) ?? 0) + value);
  }
  const { trips } = matchRoundTrips(
    fills.map((fill) => ({
      symbol: fill.symbol,
      side: fill.side,
      quantity: fill.quantity,
      pricePaise: fill.price,
      chargesPaise: fill.charges.total,
      ts: fill.ts,
      strategy: '',
    })),
  );
  const values = [...orderValues.values()].sort((a, b) => a - b);
  const winning = trips.filter((trip) => trip.pnlPaise > 0).length;
  const holds = trips.map((trip) => (trip.exitTs - trip.entryTs) / 60_000).sort((a, b) => a - b);
  const byExit = [...trips].sort((a, b) => a.exitTs - b.exitTs);
  return {
    orders: values.length,
    turnoverPaise: turnover,
    chargesPaise: charges,
    chargesPercentOfTurnover: turnover > 0 ? (charges / turnover) * 100 : null,
    medianOrderPaise: median(values),
    closedTrips: trips.length,
    winningTrips: winning,
    winRatePercent: trips.length > 0 ? (winning / trips.length) * 100 : null,
    netPnlPaise: Math.round(trips.reduce((sum, trip) => sum + trip.pnlPaise, 0)),
    grossPnlPaise: trips.reduce((sum, t) => sum + t.quantity * (t.exitPricePaise - t.entryPricePaise), 0),
    averageHoldMinutes:
      holds.length > 0 ? holds.reduce((sum, minutes) => sum + minutes, 0) / holds.length : null,
    medianHoldMinutes: median(holds),
    tripPnlStdevPaise: standardDeviation(trips.map((trip) => trip.pnlPaise)),
    worstTripPaise: trips.length > 0 ? Math.round(Math.min(...trips.map((trip) => trip.pnlPaise))) : null,
    maxDrawdownPaise: Math.round(maxDrawdown(byExit.map((trip) => trip.pnlPaise))),
  };
}

function standardDeviation(values: readonly number[]): number | null {
  if (values.length < 2) return null;
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  const squares = values.reduce((sum, value) => sum + (value - mean) ** 2, 0);
  return Math.round(Math.sqrt(squares / (values.length - 1)));
}

function maxDrawdown(pnls: readonly number[]): number {
  let running = 0;
  let peak = 0;
  let deepest = 0;
  for (const pnl of pnls) {
    running += pnl;
    peak = Math.max(peak, running);
    deepest = Math.max(deepest, peak - running);
  }
  return deepest;
}

function median(sorted: readonly number[]): number | null {
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
