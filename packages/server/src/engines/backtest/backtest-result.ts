import type { Charges, OrderSide, OrderStatus, Product } from '../../core/orders';
import type { IstDate } from '../market/calendar';
import type { BacktestEquityPoint, BuyAndHold } from './backtest-equity';
import type { BacktestMetrics, BacktestMonth } from './backtest-metrics';
import type { BacktestMlReport } from './backtest-ml';
import type { BacktestTrade } from './backtest-trades';

// A finished backtest's figures as the engine hands them over: money in paise, times epoch ms.

export interface BacktestOrder {
  at: number;
  symbol: string;
  side: OrderSide;
  quantity: number;
  /** Average fill price, paise; null when nothing filled. */
  pricePaise: number | null;
  product: Product;
  status: OrderStatus;
  strategy: string;
  rejectReason: string | null;
  /** The contract note's lines, summed over the order's fills. */
  charges: Charges;
}

export interface BacktestSessionResult {
  date: IstDate;
  orders: number;
  endEquityPaise: number;
}

export interface BacktestResult {
  startingCapitalPaise: number;
  finalEquityPaise: number;
  /** Final equity less starting capital: charges already paid out of it. */
  netPnlPaise: number;
  chargesPaise: number;
  /** Value of every fill, both sides, paise. */
  turnoverPaise: number;
  bars: number;
  sessions: BacktestSessionResult[];
  orders: BacktestOrder[];
  /** Closed trades, FIFO round trips in exit order, as the Performance screen pairs the account's. */
  trades: BacktestTrade[];
  /** From the starting capital before the first bar, every few minutes (at most MAX_EQUITY_POINTS). */
  equity: BacktestEquityPoint[];
  equityStrideMinutes: number;
  /** 1, or past the coarsest stride: one session end in this many is kept. */
  equityStrideSessions?: number;
  /** The starting capital in the NIFTY 50 at the first open, held to the last close; null without the index. */
  buyAndHold: BuyAndHold | null;
  /** What the NIFTY 50 line is made of, or why there is none, when it is not the whole index (stored candles). */
  benchmarkNote?: string;
  metrics: BacktestMetrics;
  monthly: BacktestMonth[];
  /** A run with ML signals: what the ensemble measured before and within the range. */
  ml?: BacktestMlReport;
  /** Distinct errors of minutes the loop could not run (it records them rather than stop). */
  errors: string[];
}
