import { z } from 'zod';
import { TRADING_MODES } from './trading-mode-text';

// The mode names and sentences live in trading-mode-text.ts (zod-free, read by the shell).
export * from './trading-mode-text';

/** The modes as the server reads them (TRADING_MODES). */
export const tradingModeSchema = z.enum(TRADING_MODES);

export const tradingModeRequestSchema = z.object({
  mode: z.preprocess(
    (value) => (value === 'real' ? 'live' : value),
    z.enum(TRADING_MODES, { error: 'Mode must be one of paper, live (real) or mock' }),
  ),
});
export type TradingModeRequest = z.infer<typeof tradingModeRequestSchema>;

export const tradingModeStateSchema = z.object({
  trading_mode: tradingModeSchema,
  trading_mode_label: z.string(),
  live_available: z.boolean(),
  live_unavailable_reason: z.string().nullable(),
  /** ISO instant live trading stops on the broker session (03:30 IST at the latest); null when not allowed. */
  // A default, so a reply from a server without it still reads as "not known".
  live_allowed_until: z.string().nullable().default(null),
});
export type TradingModeState = z.infer<typeof tradingModeStateSchema>;

/** POST reply: spec part 1 §7 reads current_mode and current_mode_label. */
export const tradingModeChangeSchema = z.object({
  current_mode: tradingModeSchema,
  current_mode_label: z.string(),
});
export type TradingModeChange = z.infer<typeof tradingModeChangeSchema>;
