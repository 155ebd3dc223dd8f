import type { NewsSourceStatus } from '@td/contracts';
import type { Logger } from 'pino';
import { type FeedFetch, type FeedFetchOptions, fetchFeed } from '../../../data-sources/feeds/feed-fetcher';
import { FeedRefusedError, parseFeed } from '../../../data-sources/feeds/feed-parser';
import type { RssFeedConfig } from '../../../data-sources/feeds/rss-feeds';
import type { NewsSource, RawHeadline } from './news-source';

/**
 * One RSS or Atom feed: a conditional GET on each poll, parsed and handed on as raw headlines. A
 * refused or failed fetch is logged with its reason and kept in status(); it never throws.
 */
export class RssSource implements NewsSource {
  readonly kind = 'rss' as const;
  readonly id: string;
  readonly name: string;
  readonly url: string;
  private etag: string | null = null;
  private lastModified: string | null = null;
  private lastFetchAt: number | null = null;
  private lastSuccessAt: number | null = null;
  private lastError: string | null = null;
  private taken = 0;

  constructor(
    feed: RssFeedConfig,
    private readonly deps: {
      logger: Logger;
      now: () => number;
      fetchOptions?: Omit<FeedFetchOptions, 'etag' | 'lastModified'>;
      /** A trader's custom feed is read through the registry's SSRF-safe fetch instead. */
      fetchFeed?: FeedFetch;
    },
  ) {
    this.id = feed.id;
    this.name = feed.name;
    this.url = feed.url;
  }

  async poll(): Promise<RawHeadline[]> {
    const now = this.deps.now();
    this.lastFetchAt = now;
    try {
      const result = await (this.deps.fetchFeed ?? fetchFeed)(this.url, {
        ...this.deps.fetchOptions,
        etag: this.etag,
        lastModified: this.lastModified,
      });
      if (result.status === 'not_modified') {
        this.lastSuccessAt = now;
        this.lastError = null;
        return [];
      }
      const items = parseFeed(result.body);
      this.etag = result.etag;
      this.lastModified = result.lastModified;
      this.lastSuccessAt = now;
      this.lastError = null;
      this.taken += items.length;
      return items.map((item) => ({
        title: item.title,
        summary: item.summary,
        url: item.url,
        publishedAt: item.publishedAt !== null && item.publishedAt <= now ? item.publishedAt : now,
        source: this.name,
        eventType: null,
        simulated: false,
      }));
    } catch (error) {
      const reason =
        error instanceof FeedRefusedError ? error.reason : `unexpected failure: ${(error as Error).message}`;
      this.lastError = reason;
      this.deps.logger.warn({ feed: this.id, url: this.url, reason }, 'news feed refused');
      return [];
    }
  }

  status(enabled: boolean): NewsSourceStatus {
    return {
      id: this.id,
      name: this.name,
      kind: 'rss',
      enabled,
      url: this.url,
      last_fetch_at: this.lastFetchAt === null ? null : new Date(this.lastFetchAt).toISOString(),
      last_success_at: this.lastSuccessAt === null ? null : new Date(this.lastSuccessAt).toISOString(),
      last_error: this.lastError,
      items_taken: this.taken,
    };
  }
}
