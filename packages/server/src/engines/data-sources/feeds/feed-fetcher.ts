import { FeedRefusedError } from './feed-parser';

export interface FeedFetchOptions {
  /** Validators from the last good fetch, sent back for a conditional GET. */
  etag?: string | null;
  lastModified?: string | null;
  timeoutMs?: number;
  /** The body is read as a stream and the request aborted past this many bytes. */
  maxBytes?: number;
  maxRedirects?: number;
  fetch?: typeof fetch;
}

export type FeedFetchResult =
  | { status: 'not_modified' }
  | { status: 'ok'; body: string; etag: string | null; lastModified: string | null; url: string };

/** fetchFeed's shape, so a source may be handed another download (a custom feed's SSRF-safe one). */
export type FeedFetch = (url: string, options?: FeedFetchOptions) => Promise<FeedFetchResult>;

export const FEED_LIMITS = { timeoutMs: 10_000, maxBytes: 2 * 1024 * 1024, maxRedirects: 3 } as const;

const USER_AGENT = 'trading-dashboard-news/1.0 (+RSS reader)';

function megabytes(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

async function readCapped(
  response: Response,
  maxBytes: number,
  controller: AbortController,
): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    controller.abort();
    throw new FeedRefusedError(`the feed is ${megabytes(declared)}, over the ${megabytes(maxBytes)} limit`);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      controller.abort();
      await reader.cancel().catch(() => {});
      throw new FeedRefusedError(
        `the feed grew past the ${megabytes(maxBytes)} limit; the download was stopped`,
      );
    }
    chunks.push(value);
  }
  return new TextDecoder('utf-8').decode(Buffer.concat(chunks));
}

/**
 * One feed download: a timeout over the whole exchange, redirects followed by hand (at most three,
 * never back to a URL already visited, http(s) only), a conditional GET, and a streamed size cap.
 * Every refusal is a FeedRefusedError with its reason; network failures keep their own message.
 */
export async function fetchFeed(url: string, options: FeedFetchOptions = {}): Promise<FeedFetchResult> {
  const doFetch = options.fetch ?? fetch;
  const maxBytes = options.maxBytes ?? FEED_LIMITS.maxBytes;
  const maxRedirects = options.maxRedirects ?? FEED_LIMITS.maxRedirects;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? FEED_LIMITS.timeoutMs);
  timer.unref?.();
  const visited = new Set<string>();
  let current = url;
  try {
    for (let hop = 0; ; hop++) {
      visited.add(current);
      const headers: Record<string, string> = {
        accept: 'application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.8',
        'user-agent': USER_AGENT,
      };
      if (options.etag) headers['if-none-match'] = options.etag;
      if (options.lastModified) headers['if-modified-since'] = options.lastModified;
      const response = await doFetch(current, { headers, redirect: 'manual', signal: controller.signal });
      if (response.status >= 300 && response.status < 400 && response.status !== 304) {
        await response.body?.cancel().catch(() => {});
        const location = response.headers.get('location');
        if (!location) throw new FeedRefusedError(`HTTP ${response.status} without a Location to follow`);
        const next = new URL(location, current);
        if (next.protocol !== 'http:' && next.protocol !== 'https:')
          throw new FeedRefusedError(`a redirect to ${next.protocol} is not followed`);
        if (visited.has(next.toString()))
          throw new FeedRefusedError(`redirect loop back to ${next.toString()}`);
        if (hop + 1 > maxRedirects) throw new FeedRefusedError(`more than ${maxRedirects} redirects`);
        current = next.toString();
        continue;
      }
      if (response.status === 304) {
        await response.body?.cancel().catch(() => {});
        return { status: 'not_modified' };
      }
      if (!response.ok) {
        await response.body?.cancel().catch(() => {});
        throw new FeedRefusedError(`HTTP ${response.status} from the feed`);
      }
      const body = await readCapped(response, maxBytes, controller);
      return {
        status: 'ok',
        body,
        etag: response.headers.get('etag'),
        lastModified: response.headers.get('last-modified'),
        url: current,
      };
    }
  } catch (error) {
    if (error instanceof FeedRefusedError) throw error;
    if (controller.signal.aborted)
      throw new FeedRefusedError(
        `no complete answer within ${options.timeoutMs ?? FEED_LIMITS.timeoutMs} ms`,
      );
    throw new FeedRefusedError(`could not reach the feed: ${(error as Error).message}`);
  } finally {
    clearTimeout(timer);
  }
}
