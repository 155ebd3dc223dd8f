import { z } from 'zod';
import { numeric } from './numeric-input';
import { ORDER_ORIGINS } from './order-audit';

/** spec part 1 §3 "Holding"; rupees. */
export const holdingSchema = z.object({
  symbol: z.string(),
  quantity: z.number().int(),
  avg_price: z.number(),
  current_price: z.number(),
  market_value: z.number(),
  total_returns: z.number(),
  total_returns_percent: z.number(),
  day_change: z.number(),
});
export type Holding = z.infer<typeof holdingSchema>;

/** spec part 1 §3 "Activity item". */
export const activityItemSchema = z.object({
  id: z.string(),
  action: z.enum(['Bought', 'Sold']),
  symbol: z.string(),
  quantity: z.number().int(),
  price: z.number(),
  value: z.number(),
  time_ago: z.string(),
  timestamp: z.string(),
  strategy: z.string(),
});
export type ActivityItem = z.infer<typeof activityItemSchema>;

export const orderStatusSchema = z.enum(['PENDING', 'FILLED', 'CANCELLED', 'REJECTED']);
export type OrderStatusContract = z.infer<typeof orderStatusSchema>;

/** Upstox's product letters: intraday (I, squared off the same day) or delivery (D). */
export const PRODUCTS = ['I', 'D'] as const;
export const productSchema = z.enum(PRODUCTS, {
  error: 'product must be I (intraday) or D (delivery)',
});
export type ProductContract = z.infer<typeof productSchema>;

/** A trade's contract-note lines summed over its fills, rupees; docs/decisions/0027-intraday-charges.md. */
export const tradeChargesSchema = z.object({
  brokerage: z.number(),
  stt: z.number(),
  exchange: z.number(),
  sebi: z.number(),
  stamp: z.number(),
  gst: z.number(),
});
export type TradeCharges = z.infer<typeof tradeChargesSchema>;

/** spec part 2 §3 "Trade": one order with its fill, charges and P&L from the ledger; rupees. */
export const tradeSchema = z.object({
  id: z.string(),
  symbol: z.string(),
  side: z.enum(['BUY', 'SELL']),
  order_type: z.enum(['MARKET', 'LIMIT']),
  quantity: z.number().int(),
  /** Average fill price; null until something fills. */
  price: z.number().nullable(),
  limit_price: z.number().nullable(),
  /** A buy's fill price, or the average cost of the shares a sell closed. */
  entry_price: z.number().nullable().default(null),
  /** A sell's fill price; null for buys (the sell that closes them is its own trade). */
  exit_price: z.number().nullable().default(null),
  /** The symbol's last price, for orders that have not filled; null once FILLED. */
  current_price: z.number().nullable().default(null),
  status: orderStatusSchema,
  reject_reason: z.string().nullable(),
  timestamp: z.string(),
  strategy: z.string(),
  fees: z.number(),
  pnl: z.number().nullable(),
  pnl_percent: z.number().nullable(),
  net_pnl: z.number().nullable(),
  simulated_replay: z.boolean(),
  /** What the order was charged as; replies written before products existed were delivery. */
  product: productSchema.default('D'),
  /** Each charge line; null when nothing filled (or for a live order, whose note is Upstox's). */
  charges: tradeChargesSchema.nullable().default(null),
  /** Who placed it: the trading loop, the trader (manual) or a halt closing positions (close_all). */
  origin: z.enum(ORDER_ORIGINS).default('manual'),
});
export type Trade = z.infer<typeof tradeSchema>;

/** spec part 2 §2.4 time ranges: today (since the IST day began), week 7d, month 30d, quarter 90d, year 365d. */
export const TRADE_RANGES = ['today', '1d', '7d', '30d', '90d', '365d', 'all'] as const;
export type TradeRange = (typeof TRADE_RANGES)[number];

const STATUS_MESSAGE =
  'status must be all, or FILLED, PENDING, CANCELLED or REJECTED (several joined by commas)';

/** 'all', or one or more order statuses joined by commas ("CANCELLED,REJECTED"). */
const tradeStatusFilterSchema = z
  .string()
  .trim()
  .transform((text, context): 'all' | OrderStatusContract[] => {
    if (text.toLowerCase() === 'all') return 'all';
    const statuses = text.split(',').map((part) => part.trim().toUpperCase());
    const valid = statuses.filter((status) => orderStatusSchema.safeParse(status).success);
    if (valid.length === 0 || valid.length !== statuses.length) {
      context.addIssue({ code: 'custom', message: STATUS_MESSAGE });
      return z.NEVER;
    }
    return [...new Set(valid as OrderStatusContract[])];
  });

const tradesFilterShape = {
  status: tradeStatusFilterSchema.default('all'),
  range: z.enum(TRADE_RANGES, { error: `range must be ${TRADE_RANGES.join(', ')}` }).default('all'),
  /** A case-insensitive part of a symbol or of a trade ID. */
  search: z.string().trim().max(64, 'search is at most 64 characters').optional(),
  side: z.enum(['BUY', 'SELL'], { error: 'side must be BUY or SELL' }).optional(),
  strategy: z
    .string()
    .trim()
    .min(1, 'strategy cannot be empty')
    .max(40, 'strategy is at most 40 characters')
    .optional(),
};

export const tradesQuerySchema = z.object({
  ...tradesFilterShape,
  page: numeric(
    z
      .number({ error: 'page must be a whole number' })
      .int('page must be a whole number')
      .min(1, 'page starts at 1'),
  ).default(1),
  page_size: numeric(
    z
      .number({ error: 'page_size must be a whole number' })
      .int('page_size must be a whole number')
      .min(1, 'page_size must be at least 1')
      .max(500, 'page_size is at most 500'),
  ).default(50),
});
export type TradesQuery = z.infer<typeof tradesQuerySchema>;
/** What a caller sends: every field optional, statuses as text ("CANCELLED,REJECTED"). */
export type TradesQueryInput = Omit<z.input<typeof tradesQuerySchema>, 'page' | 'page_size'> & {
  page?: number;
  page_size?: number;
};

/** GET /api/trades/export: the same filters as the history, every matching trade at once. */
export const tradesExportQuerySchema = z.object(tradesFilterShape);
export type TradesExportQuery = z.infer<typeof tradesExportQuerySchema>;
export type TradesExportQueryInput = z.input<typeof tradesExportQuerySchema>;

/**
 * One page of the trade history. What the history screen added (closed_trades, open_positions,
 * strategies, and each trade's entry, exit and current price) defaults when absent, so replies
 * written before it still read.
 */
export const tradesPageSchema = z.object({
  trades: z.array(tradeSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  /** Over every trade matching the filters, not only this page. */
  summary: z.object({
    total_trades: z.number().int(),
    filled: z.number().int(),
    pending: z.number().int(),
    /** Sells that closed shares: the trades the win rate counts. */
    closed_trades: z.number().int().default(0),
    win_rate: z.number().nullable(),
    total_pnl: z.number(),
    total_fees: z.number(),
    /** Holdings now, whatever the filters; null when the account cannot be read (live not synced). */
    open_positions: z.number().int().nullable().default(null),
  }),
  /** Every strategy in the account's history, for the strategy filter. */
  strategies: z.array(z.string()).default([]),
});
export type TradesPage = z.infer<typeof tradesPageSchema>;
