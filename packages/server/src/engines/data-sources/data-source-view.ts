import type { DataSource } from '@td/contracts';
import type { StoredDataSource } from '../../core/ports/repositories/data-sources';
import type { ProviderHealth } from '../market/market-types';
import type { BuiltinSource } from './builtin-sources';

export const maskKey = (prefix: string | null) => (prefix ? `${prefix}••••••••` : null);

/** What a source's view reads beyond its row: the server's Yahoo switch and the market feeds' health. */
export interface DataSourceViewDeps {
  yahoo: { enabled: boolean };
  providerHealth: (source: 'simulator' | 'upstox' | 'yahoo') => ProviderHealth | undefined;
}

/**
 * A stored source as the Data Sources screen shows it: secrets masked, and a built-in market feed's
 * status and last data taken from the feed's own health rather than the stored row.
 */
export function dataSourceView(
  row: StoredDataSource,
  provider: BuiltinSource['provider'] | undefined,
  deps: DataSourceViewDeps,
): DataSource {
  const base: DataSource = {
    id: row.id,
    name: row.name,
    type: row.type,
    endpoint: row.endpoint,
    description: row.description,
    enabled: row.enabled === 1,
    status: row.enabled === 1 ? row.status : 'disabled',
    custom: row.custom === 1,
    api_key_required: row.api_key_required === 1,
    api_key_masked: maskKey(row.api_key_prefix),
    header_names: JSON.parse(row.header_names) as string[],
    external_url: row.external_url,
    last_updated: row.last_updated === null ? null : new Date(row.last_updated).toISOString(),
    latency: row.latency_ms,
    message: row.last_error,
  };
  if (provider === 'yahoo' && !deps.yahoo.enabled)
    return {
      ...base,
      enabled: false,
      status: 'disabled',
      message: "Switched off in this server's configuration (YAHOO_ENABLED=false).",
    };
  if (!provider || !base.enabled) return base;
  const health = deps.providerHealth(provider);
  if (!health) return { ...base, status: 'disconnected' };
  const lastData = health.lastDataAt ?? row.last_updated;
  return {
    ...base,
    status: health.connected
      ? 'connected'
      : provider === 'yahoo' && row.status === 'connected'
        ? 'connected'
        : 'available',
    last_updated: lastData === null ? null : new Date(lastData).toISOString(),
    message: health.connected ? null : health.message || base.message,
  };
}
