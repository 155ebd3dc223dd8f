import type { DataSourceType } from '@td/contracts';
import { INDIAN_MARKET_FEEDS } from './feeds/rss-feeds';

export interface BuiltinSource {
  id: string;
  name: string;
  type: DataSourceType;
  endpoint: string;
  description: string;
  apiKeyRequired: boolean;
  externalUrl: string | null;
  /** The market engine's provider behind it, when it is a market feed. */
  provider?: 'simulator' | 'upstox' | 'yahoo';
  enabledByDefault: boolean;
}

export const SIMULATOR_ID = 'simulator';
export const UPSTOX_ID = 'upstox';
export const YAHOO_ID = 'yahoo-finance';

/** The sources the product ships with; the registry seeds them once and keeps their on/off state. */
export function builtinSources(yahoo: { enabled: boolean; baseUrl?: string }): BuiltinSource[] {
  return [
    {
      id: SIMULATOR_ID,
      name: 'Market Simulator',
      type: 'Market Data API',
      endpoint: 'in-process (no network)',
      description:
        'Simulated NSE ticks, candles and a newswire: the offline default and the fallback of every mode. Simulated data is labelled as such.',
      apiKeyRequired: false,
      externalUrl: null,
      provider: 'simulator',
      enabledByDefault: true,
    },
    {
      id: UPSTOX_ID,
      name: 'Upstox',
      type: 'Market Data API',
      endpoint: 'https://api.upstox.com/v3/feed/market-data-feed',
      description: 'Live NSE/BSE market data feed V3 and order placement through your Upstox account.',
      apiKeyRequired: true,
      externalUrl: 'https://upstox.com/developer/api-documentation/',
      provider: 'upstox',
      enabledByDefault: true,
    },
    {
      id: YAHOO_ID,
      name: 'Yahoo Finance',
      type: 'Market Data API',
      endpoint: yahoo.baseUrl ?? 'https://query1.finance.yahoo.com',
      description:
        'Delayed quotes and daily history: the fallback feed in paper and live mode when Upstox is not connected.',
      apiKeyRequired: false,
      externalUrl: 'https://finance.yahoo.com',
      provider: 'yahoo',
      // Off until the server is configured for it (YAHOO_ENABLED): the switch cannot start a feed that is not there.
      enabledByDefault: yahoo.enabled,
    },
    ...INDIAN_MARKET_FEEDS.map(
      (feed): BuiltinSource => ({
        id: feed.id,
        name: feed.name,
        type: 'News RSS Feed',
        endpoint: feed.url,
        description: `${feed.name} market headlines, read by the news & sentiment pipeline in paper and live mode.`,
        apiKeyRequired: false,
        externalUrl: feed.url,
        enabledByDefault: true,
      }),
    ),
  ];
}
