/**
 * The trading engine's vocabulary. Money is integer paise everywhere inside the engine; rupees only
 * at the API edge. Quantities are whole shares (cash equity, delivery).
 */
export type AccountId = 'paper' | 'live';
export type OrderSide = 'BUY' | 'SELL';
export type OrderType = 'MARKET' | 'LIMIT';
export type OrderStatus = 'PENDING' | 'FILLED' | 'CANCELLED' | 'REJECTED';

export interface OrderRequest {
  account: AccountId;
  symbol: string;
  side: OrderSide;
  type: OrderType;
  quantity: number;
  /** Paise; required for LIMIT. */
  limitPrice?: number;
  /** Who placed it: 'manual', 'momentum', 'mean_reversion', 'exit:stop_loss', … */
  strategy: string;
  /** Orders replayed over generated history carry this so every report can say so. */
  simulatedReplay?: boolean;
}

export interface Order extends Required<Omit<OrderRequest, 'limitPrice'>> {
  id: string;
  limitPrice: number | null;
  status: OrderStatus;
  rejectReason: string | null;
  filledQuantity: number;
  /** Paise, volume-weighted over fills; null until filled. */
  averagePrice: number | null;
  chargesPaise: number;
  realisedPnlPaise: number;
  createdAt: number;
  updatedAt: number;
}

/** A request as a fresh PENDING order, before anything has filled: the paper ledger's and the live broker's. */
export function pendingOrder(request: OrderRequest, id: string, ts: number): Order {
  return {
    id,
    account: request.account,
    symbol: request.symbol,
    side: request.side,
    type: request.type,
    quantity: request.quantity,
    limitPrice: request.type === 'LIMIT' ? request.limitPrice! : null,
    status: 'PENDING',
    rejectReason: null,
    strategy: request.strategy,
    simulatedReplay: request.simulatedReplay === true,
    filledQuantity: 0,
    averagePrice: null,
    chargesPaise: 0,
    realisedPnlPaise: 0,
    createdAt: ts,
    updatedAt: ts,
  };
}

/** One line of a contract note, in paise. */
export interface Charges {
  brokerage: number;
  stt: number;
  exchangeTransaction: number;
  sebiFee: number;
  gst: number;
  stampDuty: number;
  total: number;
}

export interface Fill {
  id: string;
  orderId: string;
  symbol: string;
  side: OrderSide;
  quantity: number;
  /** Paise per share. */
  price: number;
  charges: Charges;
  ts: number;
}

export interface Position {
  symbol: string;
  quantity: number;
  /** Total cost of the shares held, paise (avg price = cost / quantity). */
  costPaise: number;
  realisedPnlPaise: number;
  openedAt: number;
  updatedAt: number;
}

/** spec part 2 §3 "Paper limits"; money fields in rupees as the screen edits them. */
export interface PaperLimits {
  max_position_size: number;
  max_daily_loss: number;
  /** Fraction of equity, 0..1. */
  max_portfolio_exposure: number;
  max_positions_count: number;
  min_balance_threshold: number;
  /** Rupees per executed order. */
  brokerage_per_trade: number;
  /** Fraction of turnover (0.001 = 0.1 %), both sides (delivery). */
  stt_rate: number;
  /** Percent of turnover (0.00345 = 0.00345 %), as the spec's default states it. */
  transaction_charges: number;
}

/** spec part 2 §9 "Default paper limits". */
export const DEFAULT_PAPER_LIMITS: PaperLimits = {
  max_position_size: 50_000,
  max_daily_loss: 25_000,
  max_portfolio_exposure: 0.8,
  max_positions_count: 10,
  min_balance_threshold: 100_000,
  brokerage_per_trade: 20,
  stt_rate: 0.001,
  transaction_charges: 0.00345,
};

/** spec part 2 §9: the paper account starts, and resets, at ₹10,00,000. */
export const PAPER_STARTING_BALANCE_PAISE = 10_00_000 * 100;
