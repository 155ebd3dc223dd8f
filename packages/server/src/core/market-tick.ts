/**
 * A trade as a feed delivers it. It lives in core because it crosses instances on the cluster bus
 * (the leader shares its feed's ticks); the market engine's vocabulary re-exports it.
 */
export type DataSource = 'simulator' | 'upstox' | 'yahoo';

export interface Tick {
  symbol: string;
  /** Last traded price, paise. */
  ltp: number;
  /** Last traded quantity. */
  ltq: number;
  /** Volume traded today (cumulative). */
  volume: number;
  /** Previous close, paise. */
  previousClose: number;
  /** Best bid/ask, paise (absent in ltpc mode). */
  bid?: number;
  ask?: number;
  /** When the exchange (or simulator) stamped the trade, epoch ms. */
  exchangeTs: number;
  /** When this process received it, epoch ms. */
  receivedTs: number;
  source: DataSource;
}
