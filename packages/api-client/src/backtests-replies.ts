import { backtestRunListSchema, backtestRunSchema, okEnvelope } from '@td/contracts';

// Loaded with the first backtest call (backtests.ts), as the other screens' reply schemas are (0045).
export const backtestRunReply = okEnvelope(backtestRunSchema);
export const backtestRunListReply = okEnvelope(backtestRunListSchema);
