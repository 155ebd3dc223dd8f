import { backtestSweepListSchema, backtestSweepSchema, okEnvelope } from '@td/contracts';

// Loaded with the first sweep call (backtest-sweeps.ts), as the other screens' reply schemas are (0045).
export const backtestSweepReply = okEnvelope(backtestSweepSchema);
export const backtestSweepListReply = okEnvelope(backtestSweepListSchema);
