import { activityItemSchema, holdingSchema, okEnvelope } from '@td/contracts';
import { z } from 'zod';

// Loaded with the first holdings or activity call (portfolio.ts): the keys the shell imports from
// there stay zod-free (docs/decisions/0046).
export const holdingsReply = okEnvelope(z.array(holdingSchema));
export const activityReply = okEnvelope(z.array(activityItemSchema));
