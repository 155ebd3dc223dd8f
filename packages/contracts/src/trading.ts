import { z } from 'zod';

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

/** Plain decimal text as a person types it: "250000", "-3", "2.5", ".5". No hex, exponent or spaces inside. */
const PLAIN_DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/**
 * A finite number, or plain decimal text ("250000" from a form or a query string). Unlike z.coerce
 * and Number() it refuses null, '', booleans and lists, and text such as "0x10", "1e3" or "Infinity"
 * that Number() would read as some other amount: those reach the schema as text and fail its
 * "must be a number" sentence.
 */
export function numeric<T extends z.ZodType<number>>(schema: T) {
  return z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    const text = value.trim();
    return PLAIN_DECIMAL.test(text) ? Number(text) : value;
  }, schema);
}

/** True when `value` is exactly a decimal with at most `places` digits after the point (6e-323 is not). */
export function hasAtMostDecimals(value: number, places: number): boolean {
  return Number(value.toFixed(places)) === value;
}

const money = (name: string, max: number, { positive = false } = {}) => {
  const base = z
    .number({ error: `${name} must be a number` })
    .finite(`${name} must be a number`)
    .min(0, `${name} cannot be negative`)
    .max(max, `${name} is at most ${max.toLocaleString('en-IN')}`);
  return numeric(
    (positive ? base.positive(`${name} must be above 0`) : base).refine(
      (value) => hasAtMostDecimals(value, 2),
      `${name} is rupees with at most 2 decimal places (paise)`,
    ),
  );
};

/** A rate or fraction as a trader types it: the charges maths takes it as an exact decimal. */
const RATE_DECIMALS = 10;
const rateDecimals = (name: string) =>
  [
    (value: number) => hasAtMostDecimals(value, RATE_DECIMALS),
    `${name} can have at most ${RATE_DECIMALS} decimal places`,
  ] as const;
const rate = (name: string, max: number) =>
  numeric(
    z
      .number({ error: `${name} must be a number` })
      .finite(`${name} must be a number`)
      .min(0, `${name} cannot be negative`)
      .max(max, `${name} is at most ${max.toLocaleString('en-IN')}`)
      .refine(...rateDecimals(name)),
  );

/** How brokerage is charged; docs/decisions/0027-intraday-charges.md. */
export const BROKERAGE_PLANS = ['flat', 'discount'] as const;
export type BrokeragePlanContract = (typeof BROKERAGE_PLANS)[number];

/** spec part 2 §3 "Paper limits" with the input rules of §5; money in rupees. */
export const paperLimitsSchema = z.object({
  max_position_size: money('max_position_size', 1e9, { positive: true }),
  max_daily_loss: money('max_daily_loss', 1e9, { positive: true }),
  max_portfolio_exposure: numeric(
    z
      .number({ error: 'max_portfolio_exposure must be a number' })
      .min(0, 'max_portfolio_exposure is a fraction from 0 to 1')
      .max(1, 'max_portfolio_exposure is a fraction from 0 to 1')
      .refine(...rateDecimals('max_portfolio_exposure')),
  ),
  max_positions_count: numeric(
    z
      .number({ error: 'max_positions_count must be a number' })
      .int('max_positions_count must be a whole number')
      .min(1, 'max_positions_count must be at least 1')
      .max(200, 'max_positions_count is at most 200'),
  ),
  min_balance_threshold: money('min_balance_threshold', 1e9),
  /**
   * flat: brokerage_per_trade on every executed order; discount: min(brokerage_per_trade, 0.03 %)
   * intraday and ₹0 delivery. Absent in replies written before it: flat, the spec's ₹20 an order.
   */
  brokerage_plan: z
    .enum(BROKERAGE_PLANS, { error: 'brokerage_plan must be flat or discount' })
    .default('flat'),
  brokerage_per_trade: money('brokerage_per_trade', 10_000),
  stt_rate: rate('stt_rate', 0.05),
  transaction_charges: rate('transaction_charges', 1),
});
export type PaperLimitsContract = z.infer<typeof paperLimitsSchema>;

/**
 * spec part 2 §5: 'Please enter a valid positive balance amount'. At least one paisa and whole paise:
 * 5e-324 is "positive" but would round to ₹0.
 */
export const paperBalanceRequestSchema = z.object({
  balance: numeric(
    z
      .number({ error: 'Please enter a valid positive balance amount' })
      .finite('Please enter a valid positive balance amount')
      .min(0.01, 'Please enter a valid positive balance amount')
      .max(1e11, 'The balance is at most ₹1,00,00,00,00,000')
      .refine(
        (value) => hasAtMostDecimals(value, 2),
        'The balance is rupees with at most 2 decimal places (paise)',
      ),
  ),
});

/** The most shares one order may name. */
export const MAX_ORDER_QUANTITY = 1_000_000;
/**
 * The highest limit price accepted, rupees a share: above every NSE share price (the dearest trade
 * near ₹1.5 lakh), and low enough that quantity × price in paise stays an exact integer.
 */
export const MAX_LIMIT_PRICE_RUPEES = 1_000_000;

export const orderRequestSchema = z
  .object({
    symbol: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9&_-]{1,20}$/, 'symbol must be an NSE symbol such as RELIANCE'),
    side: z.enum(['BUY', 'SELL'], { error: 'side must be BUY or SELL' }),
    type: z.enum(['MARKET', 'LIMIT'], { error: 'type must be MARKET or LIMIT' }).default('MARKET'),
    quantity: numeric(
      z
        .number({ error: 'quantity must be a number' })
        .int('quantity must be a whole number of shares')
        .positive('quantity must be at least 1')
        .max(MAX_ORDER_QUANTITY, 'quantity is at most 10,00,000 shares'),
    ),
    limit_price: numeric(
      z
        .number({ error: 'limit_price must be a number' })
        .positive('limit_price must be above 0')
        .min(0.05, 'limit_price must be at least ₹0.05 (one NSE tick)')
        .max(MAX_LIMIT_PRICE_RUPEES, 'limit_price is at most ₹10,00,000 a share'),
    ).optional(),
    strategy: z.string().trim().min(1).max(40).default('manual'),
    /** Intraday (I) or delivery (D); a manual order is delivery unless it says otherwise. */
    product: productSchema.default('D'),
  })
  .refine((order) => order.type === 'MARKET' || order.limit_price !== undefined, {
    message: 'limit_price is required for a LIMIT order',
    path: ['limit_price'],
  })
  .refine((order) => order.limit_price === undefined || Math.round(order.limit_price * 100) % 5 === 0, {
    message: 'limit_price must be a multiple of ₹0.05 (the NSE tick)',
    path: ['limit_price'],
  });
export type OrderRequestContract = z.infer<typeof orderRequestSchema>;

/**
 * The header that makes POST /api/orders safe to retry: the same key with the same body answers
 * with the first order and places nothing. One fresh key per trader action.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** An order as POST /api/orders answers with it (money in paise, as the server keeps it). */
export const placedOrderSchema = z.object({
  id: z.string(),
  symbol: z.string(),
  side: z.enum(['BUY', 'SELL']),
  type: z.enum(['MARKET', 'LIMIT']),
  quantity: z.number(),
  status: orderStatusSchema,
  rejectReason: z.string().nullable(),
  filledQuantity: z.number(),
  averagePrice: z.number().nullable(),
  chargesPaise: z.number(),
  idempotencyKey: z.string().optional(),
});
export type PlacedOrderContract = z.infer<typeof placedOrderSchema>;

/** The longest key accepted, in characters. */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 128;
export const idempotencyKeySchema = z
  .string({ error: 'send it once, as one value' })
  .min(1, 'it must not be empty')
  .max(MAX_IDEMPOTENCY_KEY_LENGTH, `it is at most ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`)
  .regex(/^[ -~]+$/, 'it must be printable ASCII characters (a UUID, for example)');

/** spec part 2 §3: each of the four checks the paper account runs before an order. */
export const limitsStatusSchema = z.object({
  balance_status: z.object({ current: z.number(), threshold: z.number(), safe: z.boolean() }),
  daily_loss_status: z.object({ current_loss: z.number(), limit: z.number(), safe: z.boolean() }),
  positions_status: z.object({ current: z.number(), limit: z.number(), safe: z.boolean() }),
  exposure_status: z.object({
    current_percentage: z.number(),
    limit_percentage: z.number(),
    safe: z.boolean(),
  }),
});
export type LimitsStatus = z.infer<typeof limitsStatusSchema>;

/** spec part 2 §3 "Paper trading overview"; rupees. */
export const paperOverviewSchema = z.object({
  available_balance: z.number(),
  portfolio_value: z.number(),
  total_returns: z.number(),
  total_returns_percent: z.number(),
  active_positions: z.number().int(),
  trades_today: z.number().int(),
  day_change: z.number(),
  limits_status: limitsStatusSchema,
  limits: paperLimitsSchema,
});
export type PaperOverview = z.infer<typeof paperOverviewSchema>;

/** The reply to a balance change: spec part 2 §7 reads success and new_balance. */
export const paperBalanceResponseSchema = z.object({
  success: z.literal(true),
  new_balance: z.number(),
  message: z.string(),
});

export const paperResetResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ balance: z.number(), closed_positions: z.number(), cancelled_orders: z.number() }),
});

export const paperLimitsResponseSchema = z.object({
  success: z.literal(true),
  data: paperLimitsSchema,
  message: z.string(),
});
