import type { FeedFetch } from './feed-fetcher';

/** A real feed the pipeline may read (part of the configuration until the data-source registry lands). */
export interface RssFeedConfig {
  id: string;
  name: string;
  url: string;
}

/** A News RSS source the trader added and switched on; its URL is theirs, so it brings its own safe fetch. */
export interface CustomRssFeed extends RssFeedConfig {
  fetch: FeedFetch;
}

/** The Indian market feeds a trader would pick; read only in paper/live mode or when enabled. */
export const INDIAN_MARKET_FEEDS: readonly RssFeedConfig[] = [
  {
    id: 'et-markets',
    name: 'Economic Times Markets',
    url: 'https://economictimes.indiatimes.com/markets/rssfeeds/1977021501.cms',
  },
  {
    id: 'moneycontrol-markets',
    name: 'Moneycontrol',
    url: 'https://www.moneycontrol.com/rss/marketreports.xml',
  },
  {
    id: 'business-standard-markets',
    name: 'Business Standard',
    url: 'https://www.business-standard.com/rss/markets-106.rss',
  },
  { id: 'livemint-markets', name: 'LiveMint', url: 'https://www.livemint.com/rss/markets' },
];
