import { z } from 'zod';

/** The server's modes; the sidebar's "real" is the server's "live". */
export const tradingModeSchema = z.enum(['paper', 'live', 'mock']);
export type TradingMode = z.infer<typeof tradingModeSchema>;

export const TRADING_MODE_LABELS: Record<TradingMode, string> = {
  paper: 'Paper Trading',
  live: 'Live Trading',
  mock: 'Mock Data',
};

export const tradingModeRequestSchema = z.object({
  mode: z.preprocess(
    (value) => (value === 'real' ? 'live' : value),
    z.enum(['paper', 'live', 'mock'], { error: 'Mode must be one of paper, live (real) or mock' }),
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

/** spec part 1 §4 "Trading mode": the sentences every mode switch shows, word for word. */
export const TRADING_MODE_TEXT = {
  realWarning:
    'WARNING: You are switching to REAL TRADING mode! This will execute actual trades with real money. Are you sure you want to continue?',
  realActivated: 'Real Trading Mode Activated! All trades will now be executed with real money.',
  paperActivated: 'Paper Trading Mode Activated! All trades will be simulated for ML training.',
} as const;

/** SEBI 2025 sessions: what the mode switch and the Connectivity tab say while live trading is allowed. */
export const liveAllowedUntilText = (istClock: string) =>
  `Live trading allowed until ${istClock} IST (Upstox session)`;
