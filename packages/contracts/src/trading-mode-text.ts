/** The server's modes; the sidebar's "real" is the server's "live". */
export const TRADING_MODES = ['paper', 'live', 'mock'] as const;
export type TradingMode = (typeof TRADING_MODES)[number];

export const TRADING_MODE_LABELS: Record<TradingMode, string> = {
  paper: 'Paper Trading',
  live: 'Live Trading',
  mock: 'Mock Data',
};

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
