import type { Position } from '../../../core/orders';

/** A symbol's mark (last traded) price in paise, or undefined when the feed has none. */
export type MarkPrice = (symbol: string) => number | undefined;

export interface PortfolioSummary {
  cashPaise: number;
  /** What the open positions cost (their cost basis). */
  investedPaise: number;
  /** Σ quantity × mark; a position without a mark counts at its cost (see unpricedSymbols). */
  marketValuePaise: number;
  /** cash + market value. */
  equityPaise: number;
  unrealisedPnlPaise: number;
  /** Realised P&L before charges since the last reset, open and closed positions. */
  realisedPnlPaise: number;
  activePositions: number;
  /** Positions valued at cost because no mark was known: a screen says so rather than inventing a price. */
  unpricedSymbols: string[];
  /** Equity now less the day's opening equity, or Σ quantity × (mark − previous close) without one. */
  dayChangePaise: number | null;
  dayChangePercent: number | null;
  dayChangeBasis: 'opening_equity' | 'previous_close' | null;
}

/**
 * Σ quantity × mark. A missing mark falls back to the average cost, i.e. the position's cost
 * exactly (quantity × cost / quantity), so no rounding enters the fallback.
 */
export function marketValueOf(positions: Position[], mark: MarkPrice): { value: number; unpriced: string[] } {
  let value = 0;
  const unpriced: string[] = [];
  for (const position of positions) {
    const price = mark(position.symbol);
    if (price === undefined) {
      value += position.costPaise;
      unpriced.push(position.symbol);
    } else {
      value += position.quantity * price;
    }
  }
  return { value, unpriced };
}

export interface SummaryInputs {
  cashPaise: number;
  positions: Position[];
  realisedPnlPaise: number;
  openingEquityPaise: number | undefined;
  marks: MarkPrice;
  previousCloses: MarkPrice;
}

export function summarisePortfolio(inputs: SummaryInputs): PortfolioSummary {
  const { cashPaise, positions, marks } = inputs;
  const { value: marketValuePaise, unpriced } = marketValueOf(positions, marks);
  const investedPaise = positions.reduce((sum, position) => sum + position.costPaise, 0);
  const equityPaise = cashPaise + marketValuePaise;
  const { change, basis } = dayChange(inputs, equityPaise);
  const base = change === null ? 0 : equityPaise - change;
  return {
    cashPaise,
    investedPaise,
    marketValuePaise,
    equityPaise,
    unrealisedPnlPaise: marketValuePaise - investedPaise,
    realisedPnlPaise: inputs.realisedPnlPaise,
    activePositions: positions.length,
    unpricedSymbols: unpriced,
    dayChangePaise: change,
    dayChangePercent: change !== null && base > 0 ? (change / base) * 100 : null,
    dayChangeBasis: basis,
  };
}

function dayChange(
  inputs: SummaryInputs,
  equityPaise: number,
): { change: number | null; basis: PortfolioSummary['dayChangeBasis'] } {
  if (inputs.openingEquityPaise !== undefined) {
    return { change: equityPaise - inputs.openingEquityPaise, basis: 'opening_equity' };
  }
  // Without the day's opening equity only the holdings' move since yesterday's close is known.
  let change = 0;
  for (const position of inputs.positions) {
    const mark = inputs.marks(position.symbol);
    const close = inputs.previousCloses(position.symbol);
    if (mark === undefined || close === undefined) return { change: null, basis: null };
    change += position.quantity * (mark - close);
  }
  return { change, basis: 'previous_close' };
}
