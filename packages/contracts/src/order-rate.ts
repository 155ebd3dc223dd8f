import { z } from 'zod';

/** One of the order-rate limits (SEBI's 10 a second; Upstox's 500 a minute, 2,000 in 30 minutes) and its use. */
export const orderRateWindowSchema = z.object({
  window_ms: z.number().int().positive(),
  limit: z.number().int().positive(),
  /** Place, modify and cancel calls sent to Upstox in the rolling window ending now. */
  sent: z.number().int().nonnegative(),
  /** sent / limit, 0–100, one decimal. */
  share_percent: z.number().min(0),
});
export type OrderRateWindowUse = z.infer<typeof orderRateWindowSchema>;

/** GET /api/orders/rate: the live account's order rate against each limit. */
export const orderRateSchema = z.object({
  windows: z.array(orderRateWindowSchema),
  /** True when the limits hold across instances (shared counters); the counts are this instance's sends. */
  shared: z.boolean(),
});
export type OrderRate = z.infer<typeof orderRateSchema>;

/** Letters and digits, at most 12: it travels in the Upstox order tag before our 18-character order id. */
export const ALGO_ID_RULE = /^[A-Za-z0-9]{1,12}$/;

/** Settings → Connectivity: the algo identifier every live order carries. */
export const algoIdSettingSchema = z.object({
  algo_id: z
    .string()
    .trim()
    .regex(
      ALGO_ID_RULE,
      'The algo ID is letters and digits only, 1 to 12 of them: enter the ID the exchange assigned, or GENERIC.',
    ),
});
export type AlgoIdSetting = z.infer<typeof algoIdSettingSchema>;

/** The setting as the server reports it. */
export const algoIdStateSchema = algoIdSettingSchema.extend({
  /** True while no exchange-assigned ID is set: the broker's generic one applies. */
  generic: z.boolean(),
});
export type AlgoIdState = z.infer<typeof algoIdStateSchema>;
