import type { ScoredHeadline } from '@td/contracts';
import { hashString } from '../../market/simulator/seeded-random';

/** A scored headline with its publication time as a number, for the aggregation. */
export interface StoredHeadline extends ScoredHeadline {
  at: number;
}

const MAX_HEADLINES = 5_000;

/** The same story from two feeds, or twice from one, is one headline: same link or same words. */
export function dedupeKey(title: string, url: string | null): string {
  const words = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
  return url ? `u:${url.replace(/[?#].*$/, '')}` : `t:${hashString(words).toString(36)}:${words.length}`;
}

/**
 * The simulated newswire is one source whose events are each a story: the same words at another
 * moment are another event (a second order win), not the same story twice. Feeds' stories are one by
 * their words whenever they come.
 */
function titleKey(headline: StoredHeadline): string {
  const key = dedupeKey(headline.title, null);
  return headline.simulated ? `${key}@${headline.at}` : key;
}

/** Headlines newest first, each story once; what is kept is the pipeline's to say (news-window.ts keptSince). */
export class HeadlineStore {
  private items: StoredHeadline[] = [];
  private readonly keys = new Map<string, StoredHeadline>();
  private readonly titleKeys = new Set<string>();

  /** Adds a headline unless its link or its title was seen; false when it was a duplicate. */
  add(headline: StoredHeadline): boolean {
    const byTitle = titleKey(headline);
    const byUrl = headline.url ? dedupeKey(headline.title, headline.url) : null;
    if (this.titleKeys.has(byTitle) || (byUrl && this.keys.has(byUrl))) return false;
    this.titleKeys.add(byTitle);
    if (byUrl) this.keys.set(byUrl, headline);
    this.keys.set(byTitle, headline);
    let at = this.items.length;
    while (at > 0 && this.items[at - 1]!.at < headline.at) at--;
    this.items.splice(at, 0, headline);
    if (this.items.length > MAX_HEADLINES) this.forget(this.items.pop()!);
    return true;
  }

  /** Drops what was published before `oldestKept`. */
  prune(oldestKept: number): void {
    while (this.items.length > 0 && this.items[this.items.length - 1]!.at < oldestKept)
      this.forget(this.items.pop()!);
  }

  /** When the newest headline published by `to` was, null with none. */
  newestAt(to: number): number | null {
    return this.items.find((item) => item.at <= to)?.at ?? null;
  }

  /** Newest first, published in [from, to]. */
  between(from: number, to: number): StoredHeadline[] {
    return this.items.filter((item) => item.at >= from && item.at <= to);
  }

  get size(): number {
    return this.items.length;
  }

  private forget(headline: StoredHeadline): void {
    this.titleKeys.delete(titleKey(headline));
    this.keys.delete(titleKey(headline));
    if (headline.url) this.keys.delete(dedupeKey(headline.title, headline.url));
  }
}
