// Loaded with the first ML call (ml.ts): the dashboard's tiles evaluate without zod (docs/decisions/0046).
export {
  marketSentimentResponseSchema as marketSentimentReply,
  mlIntelligenceMetricsResponseSchema as mlIntelligenceMetricsReply,
  newsResponseSchema as newsReply,
} from '@td/contracts';
