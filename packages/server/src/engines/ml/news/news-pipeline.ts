import type { MarketSentimentReport, NewsListResponse, SentimentStatus, TradingMode } from '@td/contracts';
import type { Logger } from 'pino';
import { WorkStoppedError } from '../../../core/time-slices';
import type { FeedFetchOptions } from '../../data-sources/feeds/feed-fetcher';
import {
  type CustomRssFeed,
  INDIAN_MARKET_FEEDS,
  type RssFeedConfig,
} from '../../data-sources/feeds/rss-feeds';
import { MarketClock } from '../../market/calendar';
import type { Newswire } from '../../market/simulator/newswire-events';
import type { SentimentReading } from '../ml-seams';
import { HeadlineScoring, round } from './headline-scoring';
import { HeadlineStore, type StoredHeadline } from './headline-store';
import { keptSince, newsWindow, SESSIONS_KEPT } from './news-window';
import { marketSentimentReport, WINDOW_HOURS } from './sentiment-aggregator';
import { sentimentReading } from './sentiment-history';
import { CustomRssSources } from './sources/custom-rss-sources';
import type { NewsSource, RawHeadline } from './sources/news-source';
import { NewswireSource } from './sources/newswire-source';
import { RssSource } from './sources/rss-source';

export const LEXICON_NAME = 'VADER (MIT) + finance terms (ours); negation and intensifiers handled';
const HOUR_MS = 3_600_000;
/** Real feeds are polled every five minutes, as the feeds themselves update. */
export const RSS_POLL_MS = 5 * 60_000;

export interface NewsPipelineDeps {
  /**
   * The market engine: its simulator's newswire feeds mock mode; its clock says which sessions' news
   * is kept (without one, the NSE calendar's).
   */
  market: {
    simulator: { newswire: Newswire };
    activeProvider?: unknown;
    clock?: Pick<MarketClock, 'previousTradingDays'>;
  };
  logger: Logger;
  now: () => number;
  /**
   * The trading mode (mock runs the newswire; paper and live read real feeds). Without it, the
   * market's active feed decides: the simulator means mock.
   */
  mode?: () => TradingMode;
  /** 'auto': real feeds in paper/live only (the offline product stays offline); 'on': always; 'off': never. */
  realFeeds?: 'auto' | 'on' | 'off';
  feeds?: readonly RssFeedConfig[];
  /** The data-source registry's switch per feed id; a feed switched off is not polled. */
  feedEnabled?: (feedId: string) => boolean;
  /** The trader's enabled custom News RSS sources, read at each poll so edits need no restart. */
  customFeeds?: () => readonly CustomRssFeed[];
  pollMs?: number;
  fetchOptions?: Omit<FeedFetchOptions, 'etag' | 'lastModified'>;
}

export interface HeadlineQuery {
  limit?: number;
  symbol?: string;
}

/**
 * News in, sentiment out: sources deliver raw headlines, each is tagged with the stocks and sectors
 * it names, scored by the finance lexicon, de-duplicated and kept for the last two sessions
 * (news-window.ts); the market, stock and sector readings are computed from the store on request.
 */
export class NewsPipeline {
  private readonly store = new HeadlineStore();
  private readonly scoring = new HeadlineScoring();
  private readonly newswire: NewswireSource;
  private readonly rss: RssSource[];
  private readonly custom: CustomRssSources | null;
  private readonly clock: Pick<MarketClock, 'previousTradingDays'>;
  private readonly stops: (() => void)[] = [];
  private timer: ReturnType<typeof setInterval> | null = null;
  private polling: Promise<void> | null = null;
  private pastNews: Promise<void> = Promise.resolve();
  private pastNewsStop: AbortController | null = null;
  private started = false;
  private processed = {
    total: 0,
    positive: 0,
    negative: 0,
    neutral: 0,
    scoreSum: 0,
    lastAt: null as number | null,
  };

  constructor(private readonly deps: NewsPipelineDeps) {
    this.clock = deps.market.clock ?? new MarketClock();
    this.newswire = new NewswireSource(deps.market.simulator.newswire, () => this.mode() === 'mock');
    this.rss = (deps.feeds ?? INDIAN_MARKET_FEEDS).map(
      (feed) => new RssSource(feed, { logger: deps.logger, now: deps.now, fetchOptions: deps.fetchOptions }),
    );
    this.custom = deps.customFeeds
      ? new CustomRssSources(deps.customFeeds, { logger: deps.logger, now: deps.now })
      : null;
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    this.stops.push(this.newswire.subscribe((items) => this.ingest(items)));
    if (this.mode() === 'mock') this.pastNews = this.loadPastNews();
    this.timer = setInterval(() => void this.pollFeeds(), this.deps.pollMs ?? RSS_POLL_MS);
    this.timer.unref?.();
    void this.pollFeeds();
  }

  stop(): void {
    this.started = false;
    for (const stop of this.stops.splice(0)) stop();
    this.pastNewsStop?.abort();
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Resolves when the simulated newswire's past-session news is in the store (mock mode), or could not be. */
  pastNewsLoaded(): Promise<void> {
    return this.pastNews;
  }

  /** Reads every enabled real feed once (the schedule calls it; tests may too). Never throws. */
  pollFeeds(): Promise<void> {
    if (!this.rssEnabled()) return Promise.resolve();
    this.polling ??= (async () => {
      const builtins = this.rss.filter((source) => this.deps.feedEnabled?.(source.id) ?? true);
      for (const source of [...builtins, ...this.customSources()]) {
        try {
          this.ingest(await source.poll());
        } catch (error) {
          this.deps.logger.error({ err: error, feed: source.id }, 'news feed poll failed');
        }
      }
    })().finally(() => {
      this.polling = null;
    });
    return this.polling;
  }

  /** Tags, scores and keeps raw headlines; duplicates are dropped. Returns how many were new. */
  ingest(items: readonly RawHeadline[]): number {
    let added = 0;
    for (const item of items) {
      const id = `n-${item.publishedAt.toString(36)}-${this.processed.total.toString(36)}`;
      const headline = this.scoring.score(item, id);
      if (!this.store.add(headline)) continue;
      added += 1;
      this.count(headline);
    }
    const now = this.deps.now();
    this.store.prune(keptSince(now, this.clock));
    return added;
  }

  /** The last 24 h's headlines, or the last session's when the market has been shut longer (see window). */
  headlines(query: HeadlineQuery = {}): NewsListResponse['data'] {
    const { fromMs, toMs, ...window } = this.window();
    const shown = this.store.between(fromMs, toMs);
    const chosen = query.symbol ? shown.filter((item) => item.symbols.includes(query.symbol!)) : shown;
    return {
      headlines: chosen.slice(0, query.limit ?? 50).map(({ at: _at, ...headline }) => headline),
      total: chosen.length,
      mode: this.sourceMode(),
      window,
    };
  }

  /** The market's reading of the same window as headlines(); a last session's as it stood at its day's end. */
  marketSentiment(): MarketSentimentReport {
    const { fromMs, toMs, ...window } = this.window();
    // A last session is compared with the news before it, however long before: all that is kept.
    const since =
      window.basis === 'last_session' ? Number.NEGATIVE_INFINITY : fromMs - WINDOW_HOURS * HOUR_MS;
    const items = this.store.between(since, toMs);
    return marketSentimentReport(items, toMs, window);
  }

  status(): SentimentStatus {
    const { total, positive, negative, neutral, scoreSum, lastAt } = this.processed;
    const rssOn = this.rssEnabled();
    const mockOn = this.mode() === 'mock';
    return {
      active: this.started && (mockOn || rssOn) && total > 0,
      enabled: this.started && (mockOn || rssOn),
      mode: this.sourceMode(),
      lexicon: LEXICON_NAME,
      total_articles_processed: total,
      bullish_articles: positive,
      bearish_articles: negative,
      neutral_articles: neutral,
      avg_sentiment: total > 0 ? round(scoreSum / total) : null,
      last_article_at: lastAt === null ? null : new Date(lastAt).toISOString(),
      sources: [
        this.newswire.status(mockOn),
        ...[...this.rss, ...this.customSources()].map((source) => source.status(rssOn)),
      ],
    };
  }

  /** A stock's news sentiment over the last 24 h (recency × confidence weighted); null with no news. */
  sentimentBySymbol(symbol: string): SentimentReading | null {
    return this.reading((item) => item.symbols.includes(symbol));
  }

  sentimentBySector(sector: string): SentimentReading | null {
    return this.reading((item) => item.sectors.includes(sector));
  }

  /** The configured sources, for the status screen and the data-source registry. */
  sources(): readonly NewsSource[] {
    return [this.newswire, ...this.rss, ...this.customSources()];
  }

  /**
   * A fresh mock start has the news of the last two generated sessions, however long ago they were (a
   * Monday morning, a holiday), so the headlines, counts and the news model have history before the
   * newswire's first live event.
   */
  private async loadPastNews(): Promise<void> {
    const now = this.deps.now();
    const stop = new AbortController();
    this.pastNewsStop = stop;
    try {
      const items = await this.newswire.past(SESSIONS_KEPT, now, stop.signal);
      if (this.started && this.mode() === 'mock') this.ingest(items);
    } catch (error) {
      if (error instanceof WorkStoppedError) return; // stopped while the sessions were simulated
      this.deps.logger.error({ err: error }, 'could not generate the simulated newswire’s past news');
    }
  }

  /** The trader's enabled custom feeds, as the registry lists them now. */
  private customSources(): RssSource[] {
    return this.custom?.current() ?? [];
  }

  private window() {
    const now = this.deps.now();
    return newsWindow(now, this.store.newestAt(now), this.clock);
  }

  private reading(match: (item: StoredHeadline) => boolean): SentimentReading | null {
    const now = this.deps.now();
    return sentimentReading(this.store.between(now - WINDOW_HOURS * HOUR_MS, now), match, now);
  }

  private count(headline: StoredHeadline): void {
    const processed = this.processed;
    processed.total += 1;
    processed[headline.sentiment] += 1;
    processed.scoreSum += headline.score;
    processed.lastAt = Math.max(processed.lastAt ?? headline.at, headline.at);
  }

  private mode(): TradingMode {
    if (this.deps.mode) return this.deps.mode();
    const { activeProvider, simulator } = this.deps.market;
    return activeProvider === undefined || activeProvider === simulator ? 'mock' : 'paper';
  }

  private rssEnabled(): boolean {
    const setting = this.deps.realFeeds ?? 'auto';
    if (setting === 'auto') return this.mode() !== 'mock';
    return setting === 'on';
  }

  private sourceMode(): 'simulator' | 'rss' | 'none' {
    if (this.rssEnabled()) return 'rss';
    return this.mode() === 'mock' ? 'simulator' : 'none';
  }
}
