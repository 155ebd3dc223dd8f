import { engineStatusSchema, okEnvelope, quickStatsSchema } from '@td/contracts';

// The shell's reply schemas, loaded with the first call that needs one (shell.ts): the shell and
// the dashboard render without waiting for zod (docs/decisions/0045, 0046). The trading mode's
// replies are read without zod (@td/contracts first-figures-replies.ts).
export const quickStatsReply = okEnvelope(quickStatsSchema);
export const engineStatusReply = okEnvelope(engineStatusSchema);
