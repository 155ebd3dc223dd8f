import {
  engineStatusSchema,
  okEnvelope,
  quickStatsSchema,
  tradingModeChangeSchema,
  tradingModeStateSchema,
} from '@td/contracts';

// The shell's reply schemas, loaded with the first call that needs one (shell.ts,
// trading-mode-query.ts): the shell and the dashboard render without waiting for zod
// (docs/decisions/0045, 0046).
export const tradingModeReply = okEnvelope(tradingModeStateSchema);
export const tradingModeChangeReply = okEnvelope(tradingModeChangeSchema);
export const quickStatsReply = okEnvelope(quickStatsSchema);
export const engineStatusReply = okEnvelope(engineStatusSchema);
