import {
  historyCoverageSchema,
  historyFetchResultSchema,
  historyImportResultSchema,
  okEnvelope,
} from '@td/contracts';

// Loaded with the first history call (history.ts), as the other screens' reply schemas are (0045).
export const historyCoverageReply = okEnvelope(historyCoverageSchema);
export const historyImportReply = okEnvelope(historyImportResultSchema);
export const historyFetchReply = okEnvelope(historyFetchResultSchema);
