import { z } from 'zod';
import { INDEX_IDS } from './market-indices';

export const indexIdSchema = z.enum(INDEX_IDS);
export type IndexIdContract = z.infer<typeof indexIdSchema>;

export const indexQuoteSchema = z.object({
  value: z.number(),
  previous_close: z.number(),
  change: z.number(),
  change_percent: z.number(),
});
export type IndexQuoteContract = z.infer<typeof indexQuoteSchema>;

/** spec part 1 §3 "Market overview": indices keyed NIFTY_50, SENSEX, BANK_NIFTY. */
export const marketOverviewSchema = z.object({
  indices: z.record(indexIdSchema, indexQuoteSchema.nullable()),
  source: z.string(),
  simulated: z.boolean(),
  as_of: z.string(),
});
export type MarketOverview = z.infer<typeof marketOverviewSchema>;

export const symbolSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9&_-]{1,20}$/, 'Use an NSE symbol such as RELIANCE');

export const candlesQuerySchema = z.object({
  interval: z.enum(['1m', '1d'], { error: 'interval must be 1m or 1d' }).default('1m'),
  from: z.iso.datetime({ error: 'from must be an ISO date-time, e.g. 2026-11-20T03:45:00Z' }).optional(),
  to: z.iso.datetime({ error: 'to must be an ISO date-time, e.g. 2026-11-20T10:00:00Z' }).optional(),
});

export const quotesQuerySchema = z.object({
  symbols: z
    .string()
    .min(1, 'symbols is required: a comma-separated list such as RELIANCE,TCS')
    .transform((value) =>
      value
        .split(',')
        .map((symbol) => symbol.trim().toUpperCase())
        .filter(Boolean),
    )
    .pipe(z.array(symbolSchema).min(1).max(500, 'At most 500 symbols per request')),
});

/** spec part 2 §3 "Tick streaming dashboard". */
export const tickStreamingDashboardSchema = z.object({
  connection_status: z.enum(['connected', 'disconnected', 'connecting']),
  source: z.string(),
  websocket_health: z.record(
    z.string(),
    z.object({ active: z.boolean(), mode: z.string(), symbols: z.number() }),
  ),
  health: z.object({
    ticks_per_minute: z.number(),
    latency_ms: z.number().nullable(),
    latency_p99_ms: z.number().nullable(),
    is_streaming: z.boolean(),
    is_connected: z.boolean(),
    error_rate: z.number(),
    memory_usage_mb: z.number(),
    overall_status: z.enum(['healthy', 'degraded', 'down']),
    last_tick_time: z.string().nullable(),
    message: z.string(),
  }),
  data_flow: z.object({
    ticks_per_second: z.number(),
    depth_levels: z.number(),
    one_second_candles: z.boolean(),
    pattern_detection: z.boolean(),
    smart_money_tracking: z.boolean(),
    recent_patterns: z.array(
      z.object({ symbol: z.string(), pattern: z.string(), ts: z.number(), close: z.number() }),
    ),
    smart_money_events: z.array(
      z.object({
        kind: z.string(),
        symbol: z.string(),
        ts: z.number(),
        value: z.number(),
        multiple: z.number(),
        description: z.string(),
      }),
    ),
  }),
  upstox_plus_features: z
    .object({ websocket_connections: z.number(), symbols_tracked: z.number(), candles_active: z.number() })
    .nullable(),
});
export type TickStreamingDashboard = z.infer<typeof tickStreamingDashboardSchema>;

/** One bar of /api/market/candles and of the `candles:SYMBOL` stream topic; prices in paise. */
export const candleSchema = z.object({
  symbol: z.string(),
  interval: z.string(),
  openTime: z.number(),
  open: z.number(),
  high: z.number(),
  low: z.number(),
  close: z.number(),
  volume: z.number(),
  source: z.string(),
});
export type CandleContract = z.infer<typeof candleSchema>;

export const candlesResponseSchema = z.object({
  symbol: z.string(),
  interval: z.enum(['1m', '1d']),
  candles: z.array(candleSchema),
});
export type CandlesResponse = z.infer<typeof candlesResponseSchema>;

/** A message on the `indices` stream topic: the three indices computed from constituent prices. */
export const indicesFrameSchema = z.object({
  NIFTY_50: indexQuoteSchema.nullable(),
  SENSEX: indexQuoteSchema.nullable(),
  BANK_NIFTY: indexQuoteSchema.nullable(),
  source: z.string(),
  ts: z.number(),
});
export type IndicesFrame = z.infer<typeof indicesFrameSchema>;

/** A message on a `ticks:SYMBOL` stream topic; prices in paise. */
export const tickFrameSchema = z.object({
  symbol: z.string(),
  ltp: z.number(),
  previousClose: z.number(),
  volume: z.number(),
  exchangeTs: z.number(),
});
export type TickFrame = z.infer<typeof tickFrameSchema>;
