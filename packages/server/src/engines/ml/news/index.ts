// The news and sentiment part of the ML service (issue 15): sources, tagging, lexicon, aggregation.
import { NewsPipeline, type NewsPipelineDeps } from './news-pipeline';

export { type FeedFetch, fetchFeed } from '../../data-sources/feeds/feed-fetcher';
export { FeedRefusedError, parseFeed } from '../../data-sources/feeds/feed-parser';
export {
  type CustomRssFeed,
  INDIAN_MARKET_FEEDS,
  type RssFeedConfig,
} from '../../data-sources/feeds/rss-feeds';
export { createFinanceScorer } from './finance-scorer';
export { type HeadlineScore, HeadlineScorer } from './lexicon/headline-scorer';
export {
  type HeadlineQuery,
  LEXICON_NAME,
  NewsPipeline,
  type NewsPipelineDeps,
  RSS_POLL_MS,
} from './news-pipeline';
export { marketSentimentReport, sentimentTrend, weightedReading } from './sentiment-aggregator';
export type { NewsSource, RawHeadline } from './sources/news-source';
export { SymbolTagger } from './symbol-tagger';

/**
 * The news pipeline: start() subscribes to the simulated newswire (mock mode) and schedules the real
 * feeds (paper/live, or REAL_FEEDS on); stop() ends both. See ml-seams.ts NewsPipeline for the seam.
 */
export function createNewsPipeline(deps: NewsPipelineDeps): NewsPipeline {
  return new NewsPipeline(deps);
}
