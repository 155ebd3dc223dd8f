import { okEnvelope, tradingModeStateSchema } from '@td/contracts';

/** Loaded on the first trading-mode read (trading-mode-query.ts). */
export const tradingModeReply = okEnvelope(tradingModeStateSchema);
