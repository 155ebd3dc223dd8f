/**
 * Upstox's JSON for orders, trades, positions and holdings, as the API sends it (snake_case, prices in
 * rupees). Field names follow upstox-js-sdk's models (PlaceOrderV3Request, OrderBookData, TradeData,
 * PositionData, HoldingsData); only the fields we read are typed as required.
 */

export type UpstoxTransactionType = 'BUY' | 'SELL';
export type UpstoxOrderType = 'MARKET' | 'LIMIT' | 'SL' | 'SL-M';

/** Body of POST /v3/order/place. Product 'D' is delivery; price 0 means market. */
export interface UpstoxPlaceOrderBody {
  quantity: number;
  product: 'D' | 'I' | 'MTF';
  validity: 'DAY' | 'IOC';
  price: number;
  tag: string;
  instrument_token: string;
  order_type: UpstoxOrderType;
  transaction_type: UpstoxTransactionType;
  disclosed_quantity: number;
  trigger_price: number;
  is_amo: boolean;
  slice?: boolean;
}

/** Body of PUT /v3/order/modify. */
export interface UpstoxModifyOrderBody {
  order_id: string;
  quantity?: number;
  validity: 'DAY' | 'IOC';
  price: number;
  order_type: UpstoxOrderType;
  disclosed_quantity?: number;
  trigger_price: number;
}

export interface UpstoxEnvelope<T> {
  status: string;
  data: T;
  metadata?: { latency?: number };
}

/** One row of the order book (GET /v2/order/retrieve-all) or order details (GET /v2/order/details). */
export interface UpstoxOrderRow {
  order_id: string;
  status: string;
  instrument_token: string;
  transaction_type: UpstoxTransactionType;
  order_type: UpstoxOrderType;
  quantity: number;
  filled_quantity: number;
  pending_quantity?: number;
  /** Rupees; 0 until something fills. */
  average_price: number;
  price: number;
  status_message?: string | null;
  status_message_raw?: string | null;
  tag?: string | null;
  product?: string;
  trading_symbol?: string;
  tradingsymbol?: string;
  exchange_order_id?: string | null;
  order_timestamp?: string | null;
  exchange_timestamp?: string | null;
}

/** One execution of GET /v2/order/trades/get-trades-for-day. */
export interface UpstoxTradeRow {
  trade_id: string;
  order_id: string;
  instrument_token: string;
  transaction_type: UpstoxTransactionType;
  quantity: number;
  /** Rupees, the price of this execution. */
  average_price: number;
  exchange_timestamp?: string | null;
  order_timestamp?: string | null;
  trading_symbol?: string;
  tradingsymbol?: string;
  product?: string;
}

/** One row of GET /v2/portfolio/short-term-positions (today's positions), rupees. */
export interface UpstoxPositionRow {
  instrument_token: string;
  product: string;
  /** Net quantity: today's buys minus sells (plus any carried-forward quantity). */
  quantity: number;
  average_price?: number | null;
  day_buy_quantity: number;
  day_buy_value: number;
  day_sell_quantity: number;
  day_sell_value: number;
  overnight_quantity?: number;
  realised?: number | null;
  trading_symbol?: string;
  tradingsymbol?: string;
}

/** One row of GET /v2/portfolio/long-term-holdings (shares in the demat account), rupees. */
export interface UpstoxHoldingRow {
  instrument_token: string;
  quantity: number;
  average_price: number;
  isin?: string;
  cnc_used_quantity?: number;
  trading_symbol?: string;
  tradingsymbol?: string;
}

/**
 * One segment of GET /v2/user/get-funds-and-margin (data.equity with segment=SEC), rupees. The SDK's
 * UserFundMarginData names the same fields.
 */
export interface UpstoxFundsSegment {
  used_margin?: number;
  payin_amount?: number;
  span_margin?: number;
  adhoc_margin?: number;
  notional_cash?: number;
  available_margin: number;
  exposure_margin?: number;
}

/** data of GET /v2/user/get-funds-and-margin: one entry per segment asked for. */
export interface UpstoxFundsAndMargin {
  equity?: UpstoxFundsSegment | null;
  commodity?: UpstoxFundsSegment | null;
}
