import { FEED_LIMITS, type FeedFetch } from './feeds/feed-fetcher';
import { FeedRefusedError } from './feeds/feed-parser';
import { FetchRefused, type SafeFetchOptions, safeFetch } from './safe-fetch';

const ACCEPT = 'application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.8';

/**
 * A custom feed's URL is the trader's, so it is read through safeFetch (addresses checked and
 * pinned, redirects re-checked, deadline and size cap), never the ML fetcher that trusts its own
 * built-in URLs. Refusals become FeedRefusedError so the pipeline logs and shows the reason.
 */
export function safeFeedFetch(options: Omit<SafeFetchOptions, 'keepBody'>): FeedFetch {
  return async (url, feed = {}) => {
    const headers: Record<string, string> = { accept: ACCEPT, ...options.headers };
    if (feed.etag) headers['if-none-match'] = feed.etag;
    if (feed.lastModified) headers['if-modified-since'] = feed.lastModified;
    try {
      const answer = await safeFetch(url, {
        ...options,
        headers,
        maxBytes: options.maxBytes ?? FEED_LIMITS.maxBytes,
        timeoutMs: options.timeoutMs ?? FEED_LIMITS.timeoutMs,
        keepBody: true,
      });
      if (answer.status === 304) return { status: 'not_modified' };
      if (!answer.ok) throw new FeedRefusedError(`HTTP ${answer.status} from the feed`);
      return {
        status: 'ok',
        body: answer.body ?? '',
        etag: answer.etag,
        lastModified: answer.lastModified,
        url: answer.finalUrl,
      };
    } catch (error) {
      if (error instanceof FetchRefused) throw new FeedRefusedError(error.message);
      throw error;
    }
  };
}
