import { emergencyStopRequestSchema, haltStateSchema, okEnvelope, riskAlertSchema } from '@td/contracts';
import { z } from 'zod';

// Loaded with the first halt call or stream message (safety.ts): the shell's top bar and halt
// banner evaluate without zod (docs/decisions/0046).
export const haltReply = okEnvelope(haltStateSchema);
export const safetyMessageSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('halt'), halt: haltStateSchema }),
  z.object({ kind: z.literal('alert'), alert: riskAlertSchema }),
]);
export { emergencyStopRequestSchema };
