import { emergencyStopRequestSchema, haltStateSchema, riskAlertSchema } from '@td/contracts';
import { z } from 'zod';

// Loaded with the first stream message or Emergency Stop confirmation (safety.ts): the shell's top bar and halt
// banner evaluate without zod (docs/decisions/0046).
export const safetyMessageSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('halt'), halt: haltStateSchema }),
  z.object({ kind: z.literal('alert'), alert: riskAlertSchema }),
]);
export { emergencyStopRequestSchema };
