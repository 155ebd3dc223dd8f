import type { NewsEventType, NewsSourceStatus } from '@td/contracts';

/** A headline as a source delivers it, before the pipeline tags and scores it. */
export interface RawHeadline {
  title: string;
  summary: string;
  url: string | null;
  /** Epoch ms the source says it was published. */
  publishedAt: number;
  /** The source's display name. */
  source: string;
  eventType: NewsEventType | null;
  /** Stocks and sectors the source itself names (the newswire knows them); merged with the tagger's. */
  symbols?: readonly string[];
  sectors?: readonly string[];
  simulated: boolean;
}

/**
 * Where headlines come from. Pull sources (RSS) are polled on the pipeline's schedule; push sources
 * (the simulated newswire) deliver as news breaks. Either reports its last outcome in status().
 */
export interface NewsSource {
  readonly id: string;
  readonly name: string;
  readonly kind: 'rss' | 'simulator';
  readonly url: string | null;
  poll?(): Promise<RawHeadline[]>;
  subscribe?(deliver: (items: RawHeadline[]) => void): () => void;
  status(enabled: boolean): NewsSourceStatus;
}
