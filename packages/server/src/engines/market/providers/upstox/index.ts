/** The Upstox adapter's public surface: the feed provider, its REST client, errors and the token rule. */

export { UpstoxApiError, UpstoxAuthError, UpstoxRateLimitError } from './upstox-errors';
export { UpstoxFeed, type UpstoxFeedOptions } from './upstox-feed';
export { type FeedSocket, type FeedTimers, UpstoxFeedConnection } from './upstox-feed-connection';
export { decodeFeedResponse, decodeFramesForBenchmark, UpstoxFeedDecoder } from './upstox-feed-decoder';
export { UPSTOX_COMBINED_FEED_LIMITS, UPSTOX_FEED_LIMITS } from './upstox-feed-limits';
export {
  UPSTOX_QUOTE_BATCH,
  type UpstoxCandleRow,
  type UpstoxQuote,
  UpstoxRestClient,
  type UpstoxRestClientOptions,
  type UpstoxTokenGrant,
} from './upstox-rest-client';
export {
  jwtExpiry,
  liveSessionEnd,
  sessionExpiry,
  type UpstoxSession,
  upstoxTokenExpiry,
} from './upstox-token-expiry';
