import { candlesResponseSchema, okEnvelope } from '@td/contracts';

// Loaded with the first market call (market.ts): the dashboard's figures are asked for before zod
// has arrived, and checked once it has (docs/decisions/0046).
export const candlesReply = okEnvelope(candlesResponseSchema);
