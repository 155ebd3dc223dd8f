/**
 * The trading engine's vocabulary. Money is integer paise everywhere inside the engine; rupees only
 * at the API edge. Quantities are whole shares (cash equity, intraday or delivery).
 */
import type { OrderDecision } from './order-decision';

export type AccountId = 'paper' | 'live';
export type OrderSide = 'BUY' | 'SELL';
export type OrderType = 'MARKET' | 'LIMIT';
export type OrderStatus = 'PENDING' | 'FILLED' | 'CANCELLED' | 'REJECTED';
/**
 * What an order is charged as, in Upstox's letters: intraday (`I`, squared off the same day) or
 * delivery (`D`, held overnight or longer). docs/decisions/0027-intraday-charges.md.
 */
export type Product = 'I' | 'D';
/** A request without a product is delivery: a manual order is an investment unless it says otherwise. */
export const DEFAULT_PRODUCT: Product = 'D';
/** `flat`: brokerage_per_trade on every executed order; `discount`: min(that, 0.03 %) intraday, ₹0 delivery. */
export type BrokeragePlan = 'flat' | 'discount';

export interface OrderRequest {
  account: AccountId;
  symbol: string;
  side: OrderSide;
  type: OrderType;
  quantity: number;
  /** Paise; required for LIMIT. */
  limitPrice?: number;
  /** Default delivery (DEFAULT_PRODUCT); the trading loop's same-day trades are intraday. */
  product?: Product;
  /** Who placed it: 'manual', 'momentum', 'mean_reversion', 'exit:stop_loss', … */
  strategy: string;
  /** Orders replayed over generated history carry this so every report can say so. */
  simulatedReplay?: boolean;
  /**
   * The same key twice places one order: the caller's retry, or a new leader repeating a decision
   * (docs/decisions/0035-order-idempotency-keys.md). Unique per account.
   */
  idempotencyKey?: string;
  /** Who decided on the order and why, for the audit trail (core/order-decision.ts); never stored on the order. */
  decision?: OrderDecision;
}

export interface Order extends Required<Omit<OrderRequest, 'limitPrice' | 'idempotencyKey' | 'decision'>> {
  id: string;
  /** Present only on orders placed with one. */
  idempotencyKey?: string;
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
    product: request.product ?? DEFAULT_PRODUCT,
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
    ...(request.idempotencyKey === undefined ? {} : { idempotencyKey: request.idempotencyKey }),
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
  /** What this fill was charged as: a sell of shares held overnight is delivery whatever its order said. */
  product: Product;
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
  /** How brokerage is charged; see BrokeragePlan. */
  brokerage_plan: BrokeragePlan;
  /** Rupees: the flat fee per executed order, or the discount plan's intraday cap. */
  brokerage_per_trade: number;
  /** Delivery STT, a fraction of turnover (0.001 = 0.1 %), both sides; intraday STT is statutory (charge-rates.ts). */
  stt_rate: number;
  /** NSE's transaction charge, a percent of turnover (0.00297 = 0.00297 %); BSE's is its own constant. */
  transaction_charges: number;
}

/** spec part 2 §9 "Default paper limits". */
export const DEFAULT_PAPER_LIMITS: PaperLimits = {
  max_position_size: 50_000,
  max_daily_loss: 25_000,
  max_portfolio_exposure: 0.8,
  max_positions_count: 10,
  min_balance_threshold: 100_000,
  brokerage_plan: 'flat',
  brokerage_per_trade: 20,
  stt_rate: 0.001,
  // NSE's cash-market rate from 1 October 2024; the spec's 0.00345 was the rate before it.
  transaction_charges: 0.00297,
};

/** spec part 2 §9: the paper account starts, and resets, at ₹10,00,000. */
export const PAPER_STARTING_BALANCE_PAISE = 10_00_000 * 100;
