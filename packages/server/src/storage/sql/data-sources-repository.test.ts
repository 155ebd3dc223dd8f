import type { BuiltinSourceSeed, NewDataSource } from '../../core/ports/repositories/data-sources';
import { databases } from '../../test-support/databases';
import { SqlDataSourcesRepository } from './data-sources-repository';

const T0 = Date.UTC(2026, 0, 5, 4, 0);
const news: BuiltinSourceSeed = {
  id: 'moneycontrol',
  name: 'Moneycontrol',
  type: 'News RSS Feed',
  endpoint: 'https://example.com/rss',
  description: 'Market news',
  apiKeyRequired: false,
  externalUrl: null,
  enabledByDefault: true,
};
const custom: NewDataSource = {
  id: 'custom-1',
  name: 'My feed',
  type: 'News RSS Feed',
  endpoint: 'https://feeds.example.com/a',
  description: '',
  enabled: 1,
  status: 'available',
  custom: 1,
  api_key_required: 0,
  external_url: null,
  sealed_api_key: 'sealed',
  api_key_prefix: 'ab12',
  sealed_headers: null,
  header_names: '[]',
};

// Every repository runs on both stores: the same SQL, the same answers.
let open = databases[0]!.open;

describe.each(databases)('SqlDataSourcesRepository on $name', (database) => {
  beforeAll(() => {
    open = database.open;
  });

  it('seeds the built-ins once: later seeds refresh their wording and keep the trader’s switch', () => {
    const sources = new SqlDataSourcesRepository(open(), () => T0);
    sources.seed([news, { ...news, id: 'off-feed', enabledByDefault: false }]);
    expect(sources.get('off-feed')).toMatchObject({ enabled: 0, status: 'disabled', custom: 0 });
    sources.update('moneycontrol', { enabled: 0, status: 'disabled' });
    sources.seed([{ ...news, name: 'Moneycontrol News', endpoint: 'https://example.com/v2' }]);
    expect(sources.get('moneycontrol')).toMatchObject({
      name: 'Moneycontrol News',
      endpoint: 'https://example.com/v2',
      enabled: 0,
      status: 'disabled',
      created_at: T0,
    });
  });

  it('stores a custom source, lists built-ins first, and changes only the fields given', () => {
    let now = T0;
    const sources = new SqlDataSourcesRepository(open(), () => now);
    now = T0 + 1;
    sources.insert(custom);
    now = T0 + 2;
    sources.seed([news]);
    expect(sources.all().map((s) => s.id)).toEqual(['moneycontrol', 'custom-1']);
    sources.update('custom-1', { last_updated: T0 + 5, latency_ms: 42 });
    sources.update('custom-1', {});
    expect(sources.get('custom-1')).toEqual({
      ...custom,
      created_at: T0 + 1,
      last_updated: T0 + 5,
      latency_ms: 42,
      last_error: null,
    });
    expect(sources.get('missing')).toBeUndefined();
  });
});
