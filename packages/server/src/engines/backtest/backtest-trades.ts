import type { Fill, Order } from '../../core/orders';
import { type AnalyticsFill, matchRoundTrips } from '../analytics/round-trips';

/** A closed trade of the run: the Performance screen's FIFO round trip (analytics/round-trips). Paise. */
export interface BacktestTrade {
  symbol: string;
  /** The entry order's strategy; the exit order's (exit:target, exit:stop_loss, a signal) says why it closed. */
  strategy: string;
  exitReason: string;
  quantity: number;
  entryAt: number;
  exitAt: number;
  entryPricePaise: number;
  exitPricePaise: number;
  /** quantity × (exit − entry). */
  grossPnlPaise: number;
  /** The matched shares' part of the entry and the exit fill's charges (fractional paise). */
  chargesPaise: number;
  /** Gross less charges. */
  netPnlPaise: number;
  holdingMinutes: number;
}

/** The ledger's fills paired into closed trades exactly as the Performance screen pairs the account's. */
export function closedTrades(fills: readonly Fill[], orders: readonly Order[]): BacktestTrade[] {
  const strategyOf = new Map(orders.map((order) => [order.id, order.strategy]));
  const ordered = [...fills].sort((a, b) => a.ts - b.ts);
  const analyticsFills: AnalyticsFill[] = ordered.map((fill) => ({
    symbol: fill.symbol,
    side: fill.side,
    quantity: fill.quantity,
    pricePaise: fill.price,
    chargesPaise: fill.charges.total,
    ts: fill.ts,
    strategy: strategyOf.get(fill.orderId) ?? '',
  }));
  // The exit's reason: the strategy of the sell filled at that moment in that symbol.
  const exitReason = new Map(
    analyticsFills.filter((f) => f.side === 'SELL').map((f) => [`${f.symbol}@${f.ts}`, f.strategy]),
  );
  return matchRoundTrips(analyticsFills).trips.map((trip) => ({
    symbol: trip.symbol,
    strategy: trip.strategy,
    exitReason: exitReason.get(`${trip.symbol}@${trip.exitTs}`) ?? '',
    quantity: trip.quantity,
    entryAt: trip.entryTs,
    exitAt: trip.exitTs,
    entryPricePaise: trip.entryPricePaise,
    exitPricePaise: trip.exitPricePaise,
    grossPnlPaise: trip.quantity * (trip.exitPricePaise - trip.entryPricePaise),
    chargesPaise: trip.entryChargesPaise + trip.exitChargesPaise,
    netPnlPaise: trip.pnlPaise,
    holdingMinutes: Math.round((trip.exitTs - trip.entryTs) / 60_000),
  }));
}
