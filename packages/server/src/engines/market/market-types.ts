/**
 * The market data engine's shared vocabulary. Prices are integer paise (NSE's tick is 5 paise);
 * index levels are points. Every tick and candle names the source it came from.
 */
import type { DataSource, Tick } from '../../core/market-tick';

// Defined in core, where the cluster bus can carry a tick.
export type { DataSource, Tick } from '../../core/market-tick';

export type IndexId = 'NIFTY_50' | 'SENSEX' | 'BANK_NIFTY';
export type Exchange = 'NSE' | 'BSE';

export interface Instrument {
  symbol: string;
  name: string;
  sector: string;
  exchange: Exchange;
  /** Upstox instrument key, e.g. NSE_EQ|INE002A01018. */
  instrumentKey: string;
  /** Yahoo Finance symbol, e.g. RELIANCE.NS. */
  yahooSymbol: string;
  isin: string;
  /** Free-float weight (0..1) in each index the stock belongs to. */
  indexWeights: Partial<Record<IndexId, number>>;
}

export type CandleInterval = '1s' | '1m' | '1d';

export interface Candle {
  symbol: string;
  interval: CandleInterval;
  /** Start of the bar, epoch ms. */
  openTime: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  source: DataSource;
}

export interface BookLevel {
  price: number;
  quantity: number;
  orders: number;
}

export interface OrderBook {
  symbol: string;
  bids: BookLevel[];
  asks: BookLevel[];
  ts: number;
  source: DataSource;
}

export interface Quote {
  symbol: string;
  ltp: number;
  previousClose: number;
  open: number;
  high: number;
  low: number;
  volume: number;
  ts: number;
  source: DataSource;
}

export type FeedMode = 'ltpc' | 'full' | 'full_d30';

export type FeedStatus =
  | 'connected'
  | 'connecting'
  | 'disconnected'
  | 'stale'
  | 'auth_required'
  | 'not_configured';

export interface ProviderHealth {
  source: DataSource;
  status: FeedStatus;
  connected: boolean;
  mode: FeedMode | null;
  subscribed: number;
  /** Last data received, epoch ms, or null. */
  lastDataAt: number | null;
  /** A sentence for the trader: why it is not connected and what to do. */
  message: string;
  /** Where to sign in again when the broker token is missing or expired. */
  authUrl: string | null;
}

export type TickListener = (tick: Tick) => void;

/** One source of market data: the simulator, Upstox or Yahoo Finance. */
export interface MarketDataProvider {
  readonly source: DataSource;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Throws FeedLimitError when the mode's instrument limit would be exceeded. */
  subscribe(symbols: string[], mode: FeedMode): void;
  unsubscribe(symbols: string[]): void;
  onTick(listener: TickListener): () => void;
  latestQuotes(symbols: string[]): Promise<Quote[]>;
  historicalCandles(symbol: string, interval: '1m' | '1d', from: Date, to: Date): Promise<Candle[]>;
  health(): ProviderHealth;
}

/** A request the feed cannot serve (too many instruments, unknown symbol): a 4xx, not a crash. */
export class MarketDataError extends Error {
  constructor(
    message: string,
    readonly code: 'feed_limit' | 'unknown_symbol' | 'not_configured' | 'auth_required' | 'upstream_error',
  ) {
    super(message);
    this.name = 'MarketDataError';
  }
}
