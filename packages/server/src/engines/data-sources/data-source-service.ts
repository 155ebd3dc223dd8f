import crypto from 'node:crypto';
import {
  type DataSource,
  type DataSourceForm,
  type DataSourceValidation,
  dataSourceFormSchema,
} from '@td/contracts';
import { HttpError } from '../../core/errors';
import type { DataSourcesRepository, StoredDataSource } from '../../core/ports/repositories/data-sources';
import type { SecretBox } from '../../storage/secrets/secret-box';
import type { ProviderHealth } from '../market/market-types';
import { type BuiltinSource, builtinSources, SIMULATOR_ID, YAHOO_ID } from './builtin-sources';
import { dataSourceView } from './data-source-view';
import type { CustomRssFeed, RssFeedConfig } from './feeds/rss-feeds';
import { safeFeedFetch } from './safe-feed-fetch';
import { FetchRefused, type Resolver, safeFetch } from './safe-fetch';
import { openHeaders, openKey, sealedSecrets } from './sealed-secrets';
import { editedCredentials, originOf, requestHeaders } from './source-credentials';

export interface DataSourceDeps {
  /** Where the registry keeps its sources. */
  sources: DataSourcesRepository;
  box: SecretBox;
  now: () => number;
  /** DATA_SOURCES_ALLOW_LOOPBACK: tests and the e2e stack point sources at a local server. */
  allowLoopback: boolean;
  yahoo: { enabled: boolean; baseUrl?: string };
  providerHealth: (source: 'simulator' | 'upstox' | 'yahoo') => ProviderHealth | undefined;
  /** Called after a market feed is switched on or off, so the engine picks its feed again. */
  onFeedsChanged: () => Promise<void>;
  resolve?: Resolver;
  timeoutMs?: number;
  maxBytes?: number;
}

export { maskKey } from './data-source-view';

/**
 * The data-source registry (spec part 2 §2.1): the built-in feeds, whose switch really starts and
 * stops them, and the trader's custom sources, checked by fetching their endpoint through safeFetch
 * (SSRF-safe) before they are stored. API keys and header values are sealed and never returned.
 */
export class DataSourceService {
  private readonly store: DataSourcesRepository;
  private readonly builtins: Map<string, BuiltinSource>;

  constructor(private readonly deps: DataSourceDeps) {
    this.store = deps.sources;
    this.builtins = new Map(builtinSources(deps.yahoo).map((s) => [s.id, s]));
    this.store.seed([...this.builtins.values()]);
  }

  /** Built-ins in their own order (simulator, Upstox, Yahoo, news), then custom sources as added. */
  list(): DataSource[] {
    const order = [...this.builtins.keys()];
    const rank = (row: StoredDataSource) => (row.custom ? order.length : order.indexOf(row.id));
    return this.store
      .all()
      .sort((a, b) => rank(a) - rank(b))
      .map((row) => this.view(row));
  }

  get(id: string): DataSource {
    return this.view(this.row(id));
  }

  isEnabled(id: string): boolean {
    return this.store.get(id)?.enabled === 1;
  }

  /** The built-in news feeds the trader left on: the ML news pipeline reads these. */
  enabledNewsFeeds(): RssFeedConfig[] {
    return this.store
      .all()
      .filter((row) => row.custom === 0 && row.type === 'News RSS Feed' && row.enabled === 1)
      .map((row) => ({ id: row.id, name: row.name, url: row.endpoint }));
  }

  /**
   * The trader's News RSS sources that are on, each with an SSRF-safe fetch that sends its sealed
   * key and headers (opened only when the feed is fetched): the ML news pipeline reads these per poll.
   */
  enabledCustomNewsFeeds(): CustomRssFeed[] {
    return this.store
      .all()
      .filter((row) => row.custom === 1 && row.type === 'News RSS Feed' && row.enabled === 1)
      .map((row) => ({
        id: row.id,
        name: row.name,
        url: row.endpoint,
        fetch: (url, options) => {
          const current = this.store.get(row.id) ?? row;
          // The sealed key and headers belong to the source's own origin, whatever URL is asked for.
          const ownSite = originOf(url) === originOf(current.endpoint);
          const headers = ownSite
            ? requestHeaders(openHeaders(this.deps.box, current), openKey(this.deps.box, current))
            : {};
          return safeFeedFetch({ ...this.fetchLimits(), headers })(url, options);
        },
      }));
  }

  /** spec part 2 §7 POST /api/data-sources/validate: never throws for a failed check, answers valid/error. */
  async validate(
    form: DataSourceForm,
    storedHeaders: Record<string, string> = {},
  ): Promise<DataSourceValidation> {
    const parsed = dataSourceFormSchema.parse(form);
    try {
      const result = await safeFetch(parsed.endpoint, {
        ...this.fetchLimits(),
        headers: requestHeaders({ ...storedHeaders, ...parsed.headers }, parsed.apiKey),
      });
      if (!result.ok)
        return {
          valid: false,
          error: `The endpoint answered HTTP ${result.status}.`,
          latency: result.latencyMs,
          status_code: result.status,
        };
      return { valid: true, error: null, latency: result.latencyMs, status_code: result.status };
    } catch (error) {
      if (error instanceof FetchRefused)
        return { valid: false, error: error.message, latency: null, status_code: null };
      throw error;
    }
  }

  async add(form: DataSourceForm): Promise<DataSource> {
    const parsed = dataSourceFormSchema.parse(form);
    const check = await this.validate(parsed);
    if (!check.valid) throw new HttpError(422, `Validation failed: ${check.error}`, 'validation_failed');
    const id = `custom-${crypto.randomUUID()}`;
    this.store.insert({
      id,
      name: parsed.name,
      type: parsed.type,
      endpoint: parsed.endpoint,
      description: parsed.description,
      enabled: parsed.enabled ? 1 : 0,
      status: parsed.enabled ? 'connected' : 'disabled',
      custom: 1,
      api_key_required: parsed.apiKey ? 1 : 0,
      external_url: parsed.endpoint,
      ...sealedSecrets(this.deps.box, parsed.apiKey, parsed.headers),
    });
    this.store.update(id, { last_updated: this.deps.now(), latency_ms: check.latency });
    return this.get(id);
  }

  /**
   * Custom sources only; an absent apiKey keeps the stored key, an empty one removes it. A stored key
   * or headers are only ever sent to the site they were entered for: moving the endpoint to another
   * origin needs the key again (or an empty one), and stored headers not entered again are dropped.
   */
  async edit(id: string, form: DataSourceForm): Promise<DataSource> {
    const row = this.row(id);
    if (row.custom !== 1)
      throw new HttpError(
        409,
        `${row.name} is built in; only custom sources can be edited.`,
        'builtin_source',
      );
    const parsed = dataSourceFormSchema.parse(form);
    const { key: keptKey, headers } = editedCredentials({
      from: row.endpoint,
      to: parsed.endpoint,
      given: { key: parsed.apiKey, headers: parsed.headers },
      stored: {
        hasKey: row.sealed_api_key !== null,
        key: () => openKey(this.deps.box, row),
        headers: () => openHeaders(this.deps.box, row),
      },
    });
    const check = await this.validate({ ...parsed, apiKey: keptKey, headers });
    if (!check.valid) throw new HttpError(422, `Validation failed: ${check.error}`, 'validation_failed');
    this.store.update(id, {
      name: parsed.name,
      type: parsed.type,
      endpoint: parsed.endpoint,
      description: parsed.description,
      external_url: parsed.endpoint,
      api_key_required: keptKey ? 1 : 0,
      enabled: parsed.enabled ? 1 : 0,
      status: parsed.enabled ? 'connected' : 'disabled',
      last_updated: this.deps.now(),
      latency_ms: check.latency,
      last_error: null,
      ...sealedSecrets(this.deps.box, keptKey, headers),
    });
    return this.get(id);
  }

  async toggle(id: string, enabled: boolean): Promise<DataSource> {
    const row = this.row(id);
    if (id === SIMULATOR_ID && !enabled)
      throw new HttpError(
        409,
        'The simulator is the fallback every mode relies on; it cannot be switched off.',
        'simulator_required',
      );
    if (id === YAHOO_ID && enabled && !this.deps.yahoo.enabled)
      throw new HttpError(
        409,
        'Yahoo Finance is switched off for this server (YAHOO_ENABLED=false); set YAHOO_ENABLED=true and restart the API to use it.',
        'yahoo_not_configured',
      );
    // spec part 2 §4: on, an available source becomes connected (after a real check); off, disabled.
    this.store.update(id, { enabled: enabled ? 1 : 0, status: enabled ? 'available' : 'disabled' });
    const provider = this.builtins.get(id)?.provider;
    if (provider) await this.deps.onFeedsChanged();
    else if (enabled && row.custom === 1) return this.refresh(id);
    return this.get(id);
  }

  /** spec part 2 §4: refreshing fetches the source's own endpoint; success → connected, failure → disconnected. */
  async refresh(id: string): Promise<DataSource> {
    const row = this.row(id);
    if (row.enabled !== 1)
      throw new HttpError(409, `${row.name} is switched off; switch it on to refresh it.`, 'source_disabled');
    const provider = this.builtins.get(id)?.provider;
    if (provider && provider !== 'yahoo') return this.get(id); // in-process or broker-session feeds report their own health
    const check = await this.validate(
      { name: row.name, endpoint: row.endpoint, type: row.type, apiKey: openKey(this.deps.box, row) },
      openHeaders(this.deps.box, row),
    );
    this.store.update(
      id,
      check.valid
        ? { status: 'connected', last_updated: this.deps.now(), latency_ms: check.latency, last_error: null }
        : { status: 'disconnected', last_error: check.error },
    );
    return this.get(id);
  }

  /** The SSRF policy and caps every fetch of a trader's endpoint goes through (allowLoopback read live). */
  private fetchLimits() {
    const { allowLoopback, resolve, timeoutMs, maxBytes, now } = this.deps;
    return { allowLoopback, resolve, timeoutMs, maxBytes, now };
  }

  private row(id: string): StoredDataSource {
    const row = this.store.get(id);
    if (!row) throw new HttpError(404, `There is no data source ${id}.`, 'not_found');
    return row;
  }

  private view(row: StoredDataSource): DataSource {
    return dataSourceView(row, this.builtins.get(row.id)?.provider, this.deps);
  }
}
