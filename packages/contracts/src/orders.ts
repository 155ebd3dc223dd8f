import { z } from 'zod';
import { numeric } from './numeric-input';
import { orderStatusSchema, productSchema } from './trading';

// Placing one order: what POST /api/orders accepts, the key that makes it safe to retry, and what it answers.

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
