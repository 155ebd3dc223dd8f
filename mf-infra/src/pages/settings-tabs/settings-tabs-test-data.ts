import type { BrokerIntegration, DataSource, HistoryCoverageEntry } from '@td/contracts';
import { reply } from '@td/platform/test-support';

export const ok = (data: unknown) => reply(200, { success: true, data });

export const source = (overrides: Partial<DataSource>): DataSource => ({
  id: 'simulator',
  name: 'Market Simulator',
  type: 'Market Data API',
  endpoint: 'in-process (no network)',
  description: 'Simulated NSE ticks.',
  enabled: true,
  status: 'connected',
  custom: false,
  api_key_required: false,
  api_key_masked: null,
  header_names: [],
  external_url: null,
  last_updated: null,
  latency: null,
  message: null,
  ...overrides,
});

export const SOURCES: DataSource[] = [
  source({}),
  source({
    id: 'et-markets',
    name: 'Economic Times Markets',
    type: 'News RSS Feed',
    endpoint: 'https://economictimes.indiatimes.com/rss.cms',
    external_url: 'https://economictimes.indiatimes.com/rss.cms',
    enabled: false,
    status: 'disabled',
  }),
  source({
    id: 'custom-1',
    name: 'My quotes',
    custom: true,
    endpoint: 'https://quotes.example.com/v1',
    api_key_required: true,
    api_key_masked: 'sk_live_••••••••',
    last_updated: '2026-01-05T04:00:00.000Z',
    latency: 42,
  }),
];

export const integration = (overrides: Partial<BrokerIntegration> = {}): BrokerIntegration => ({
  broker: 'upstox',
  api_key_masked: 'abcd1234••••••••',
  has_api_secret: true,
  redirect_uri: 'http://api.test/api/upstox/callback',
  token_state: 'valid',
  token_expires_at: '2026-01-05T22:00:00.000Z',
  credentials_source: 'saved',
  ...overrides,
});

/** Daily RELIANCE bars 2–6 Nov 2026 and minute TCS bars, stamped as the server does (IST bar starts). */
export const COVERAGE: HistoryCoverageEntry[] = [
  {
    symbol: 'RELIANCE',
    interval: 'day',
    first: '2026-11-01T18:30:00.000Z',
    last: '2026-11-05T18:30:00.000Z',
    count: 5,
  },
  {
    symbol: 'TCS',
    interval: '1minute',
    first: '2026-01-05T03:45:00.000Z',
    last: '2026-03-31T09:59:00.000Z',
    count: 22_875,
  },
];
