import { okEnvelope, tradesPageSchema } from '@td/contracts';

// Loaded with the first trades call (trades.ts): the shell imports its keys without zod (0046).
export const tradesPageReply = okEnvelope(tradesPageSchema);
