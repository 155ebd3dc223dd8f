/**
 * The indices the market overview keys its quotes by. Without zod, so the first figures' reply check
 * (first-figures-replies.ts) reads it before zod's chunk arrives (docs/decisions/0046); market.ts
 * builds indexIdSchema from it.
 */
export const INDEX_IDS = ['NIFTY_50', 'SENSEX', 'BANK_NIFTY'] as const;
