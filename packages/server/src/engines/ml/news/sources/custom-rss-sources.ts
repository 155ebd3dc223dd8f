import type { Logger } from 'pino';
import type { CustomRssFeed } from '../../../data-sources/feeds/rss-feeds';
import { RssSource } from './rss-source';

/**
 * The trader's custom feeds as RssSources, synced with the registry's list on every read: new
 * ones built, edited ones (URL or name) rebuilt, removed ones dropped. A source is kept while its
 * URL and name stay, so its conditional GET state carries over between polls.
 */
export class CustomRssSources {
  private readonly known = new Map<string, { key: string; feed: CustomRssFeed; source: RssSource }>();

  constructor(
    private readonly list: () => readonly CustomRssFeed[],
    private readonly deps: { logger: Logger; now: () => number },
  ) {}

  current(): RssSource[] {
    let listed: readonly CustomRssFeed[];
    try {
      listed = this.list();
    } catch (error) {
      this.deps.logger.error({ err: error }, 'custom news feeds could not be read; keeping the last list');
      return [...this.known.values()].map((entry) => entry.source);
    }
    const ids = new Set(listed.map((feed) => feed.id));
    for (const id of this.known.keys()) if (!ids.has(id)) this.known.delete(id);
    return listed.map((feed) => {
      const key = `${feed.url}\n${feed.name}`;
      const known = this.known.get(feed.id);
      if (known && known.key === key) {
        known.feed = feed; // fetch through the registry's latest hand-over
        return known.source;
      }
      const source = new RssSource(feed, {
        logger: this.deps.logger,
        now: this.deps.now,
        fetchFeed: (url, options) => (this.known.get(feed.id)?.feed ?? feed).fetch(url, options),
      });
      this.known.set(feed.id, { key, feed, source });
      return source;
    });
  }
}
