import { createFinanceScorer } from './finance-scorer';
import type { StoredHeadline } from './headline-store';
import type { HeadlineScorer } from './lexicon/headline-scorer';
import type { RawHeadline } from './sources/news-source';
import { SymbolTagger } from './symbol-tagger';

/**
 * A raw headline tagged with the stocks and sectors it names and scored by the finance lexicon: what
 * the news pipeline keeps, and what a backtest reads its past news as (one scoring for both).
 */
export class HeadlineScoring {
  private readonly tagger = new SymbolTagger();
  private readonly scorer: HeadlineScorer = createFinanceScorer(this.tagger);

  score(item: RawHeadline, id: string): StoredHeadline {
    const text = item.summary ? `${item.title}. ${item.summary}` : item.title;
    const scored = this.scorer.score(item.title);
    const tags = this.tagger.tag(text);
    return {
      id,
      title: item.title,
      summary: item.summary,
      sentiment: scored.sentiment,
      score: round(scored.score),
      confidence: round(scored.confidence),
      symbols: union(item.symbols, tags.symbols),
      sectors: union(item.sectors, tags.sectors),
      source: item.source,
      url: item.url,
      timestamp: new Date(item.publishedAt).toISOString(),
      event_type: item.eventType,
      simulated: item.simulated,
      at: item.publishedAt,
    };
  }
}

function union(first: readonly string[] | undefined, second: readonly string[]): string[] {
  return [...new Set([...(first ?? []), ...second])];
}

export function round(value: number): number {
  return Number.isFinite(value) ? Math.round(value * 10_000) / 10_000 : 0;
}
