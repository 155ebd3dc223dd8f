// The knowledge graph (issue 15 item 5): stocks, sectors and news topics, joined by measured daily-return
// correlations and news co-mentions (and, structurally, by sector membership). Pure: arrays in, graph out.
import type { GraphRelationship } from '@td/contracts';
import { runToEnd, type Steps } from '../../../core/time-slices';

export interface StockCloses {
  symbol: string;
  sector: string;
  /** Daily closes on a session axis shared by every stock, oldest first; NaN where the stock has none. */
  closes: readonly number[];
}

/** What the graph reads of a headline: the stocks, sectors and topics (its event type) it names. */
export interface MentionSet {
  symbols: readonly string[];
  sectors?: readonly string[];
  topics: readonly string[];
}

export interface GraphNode {
  id: string;
  kind: 'stock' | 'sector' | 'topic';
}

export interface KnowledgeGraph {
  nodes: GraphNode[];
  relationships: GraphRelationship[];
  /** Daily returns each correlation could use (the session axis length − 1). */
  sessions: number;
  threshold: number;
}

/** Fewer shared returns than this and a correlation says nothing: the pair is left unrelated. */
export const MIN_SHARED_RETURNS = 10;

/** Simple daily returns; NaN where either close is missing or not positive. */
export function dailyReturns(closes: readonly number[]): number[] {
  const returns: number[] = [];
  for (let t = 1; t < closes.length; t += 1) {
    const before = closes[t - 1]!;
    const after = closes[t]!;
    returns.push(before > 0 && after > 0 ? after / before - 1 : Number.NaN);
  }
  return returns;
}

/** Pearson's ρ over the sessions both series have; null with too few of them or no variance. */
export function pearson(a: readonly number[], b: readonly number[]): number | null {
  let n = 0;
  let sumA = 0;
  let sumB = 0;
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i += 1) {
    if (Number.isFinite(a[i]) && Number.isFinite(b[i])) {
      n += 1;
      sumA += a[i]!;
      sumB += b[i]!;
    }
  }
  if (n < MIN_SHARED_RETURNS) return null;
  const meanA = sumA / n;
  const meanB = sumB / n;
  let cov = 0;
  let varA = 0;
  let varB = 0;
  for (let i = 0; i < length; i += 1) {
    if (!Number.isFinite(a[i]) || !Number.isFinite(b[i])) continue;
    const da = a[i]! - meanA;
    const db = b[i]! - meanB;
    cov += da * db;
    varA += da * da;
    varB += db * db;
  }
  // A flat series (up to rounding in its mean) has no variance to correlate.
  if (varA <= 1e-18 * n || varB <= 1e-18 * n) return null;
  return Math.max(-1, Math.min(1, cov / Math.sqrt(varA * varB)));
}

const stockId = (symbol: string) => `stock:${symbol}`;
const sectorId = (sector: string) => `sector:${sector}`;
const topicId = (topic: string) => `topic:${topic.toLowerCase()}`;

/** Pairs whose |ρ| reaches the threshold, each pair once, strongest first. */
export function correlationRelationships(
  stocks: readonly StockCloses[],
  threshold: number,
): GraphRelationship[] {
  return runToEnd(correlationSteps(stocks, threshold));
}

/** correlationRelationships as steps, a stock's row of pairs each (see core/time-slices). */
function* correlationSteps(stocks: readonly StockCloses[], threshold: number): Steps<GraphRelationship[]> {
  const returns = stocks.map((stock) => dailyReturns(stock.closes));
  const found: GraphRelationship[] = [];
  for (let i = 0; i < stocks.length; i += 1) {
    yield;
    for (let j = i + 1; j < stocks.length; j += 1) {
      const rho = pearson(returns[i]!, returns[j]!);
      if (rho !== null && Math.abs(rho) >= threshold) {
        found.push({
          source: stockId(stocks[i]!.symbol),
          target: stockId(stocks[j]!.symbol),
          kind: 'return_correlation',
          weight: rho,
        });
      }
    }
  }
  return found.sort((x, y) => Math.abs(y.weight) - Math.abs(x.weight));
}

/**
 * Every pair of things one headline names (stock–stock, stock–sector, stock–topic, sector–topic),
 * weighted by how many headlines do.
 */
export function coMentionRelationships(headlines: readonly MentionSet[]): GraphRelationship[] {
  const counts = new Map<string, number>();
  for (const headline of headlines) {
    const ids = [
      ...new Set([
        ...headline.symbols.map(stockId),
        ...(headline.sectors ?? []).map(sectorId),
        ...headline.topics.map(topicId),
      ]),
    ].sort();
    for (let i = 0; i < ids.length; i += 1) {
      for (let j = i + 1; j < ids.length; j += 1) {
        // Two topics in one headline say nothing about the market's things: a stock or sector must be in the pair.
        if (ids[i]!.startsWith('topic:') && ids[j]!.startsWith('topic:')) continue;
        const key = `${ids[i]}|${ids[j]}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
    }
  }
  return [...counts].map(([key, weight]) => {
    const [source, target] = key.split('|') as [string, string];
    return { source, target, kind: 'news_co_mention' as const, weight };
  });
}

export interface KnowledgeGraphInput {
  stocks: readonly StockCloses[];
  headlines: readonly MentionSet[];
  threshold: number;
}

export function buildKnowledgeGraph(input: KnowledgeGraphInput): KnowledgeGraph {
  return runToEnd(knowledgeGraphSteps(input));
}

/** buildKnowledgeGraph as steps: the insight rebuild runs it sliced (decision 0043). */
export function* knowledgeGraphSteps(input: KnowledgeGraphInput): Steps<KnowledgeGraph> {
  const nodes = new Map<string, GraphNode>();
  const relationships: GraphRelationship[] = [];
  for (const stock of input.stocks) {
    nodes.set(stockId(stock.symbol), { id: stockId(stock.symbol), kind: 'stock' });
    nodes.set(sectorId(stock.sector), { id: sectorId(stock.sector), kind: 'sector' });
    relationships.push({
      source: stockId(stock.symbol),
      target: sectorId(stock.sector),
      kind: 'sector_member',
      weight: 1,
    });
  }
  const known = new Set(input.stocks.map((stock) => stock.symbol));
  const knownSectors = new Set(input.stocks.map((stock) => stock.sector));
  // A headline's unknown symbols and sectors are dropped: the graph's stocks and sectors are the catalogue's.
  const headlines = input.headlines.map((headline) => ({
    symbols: headline.symbols.filter((symbol) => known.has(symbol)),
    sectors: (headline.sectors ?? []).filter((sector) => knownSectors.has(sector)),
    topics: headline.topics.filter((topic) => topic.trim().length > 0),
  }));
  const coMentions = coMentionRelationships(headlines);
  for (const relationship of coMentions) {
    for (const id of [relationship.source, relationship.target]) {
      if (id.startsWith('topic:')) nodes.set(id, { id, kind: 'topic' });
    }
  }
  relationships.push(...(yield* correlationSteps(input.stocks, input.threshold)), ...coMentions);
  const axis = input.stocks[0]?.closes.length ?? 0;
  return {
    nodes: [...nodes.values()],
    relationships,
    sessions: Math.max(0, axis - 1),
    threshold: input.threshold,
  };
}

/** Counts for the status call: a node is an active concept when a measured relationship touches it. */
export function graphFigures(graph: KnowledgeGraph) {
  const active = new Set<string>();
  const relationships = { return_correlation: 0, news_co_mention: 0, sector_member: 0 };
  for (const relationship of graph.relationships) {
    relationships[relationship.kind] += 1;
    if (relationship.kind === 'sector_member') continue;
    active.add(relationship.source);
    active.add(relationship.target);
  }
  const nodes = { stocks: 0, sectors: 0, topics: 0 };
  for (const node of graph.nodes) {
    if (node.kind === 'stock') nodes.stocks += 1;
    else if (node.kind === 'sector') nodes.sectors += 1;
    else nodes.topics += 1;
  }
  const measured = graph.relationships.filter((relationship) => relationship.kind !== 'sector_member');
  return {
    total_nodes: graph.nodes.length,
    total_relationships: graph.relationships.length,
    active_concepts: active.size,
    knowledge_depth: graph.nodes.length > 0 ? active.size / graph.nodes.length : null,
    nodes,
    relationships,
    strongest: measured
      .filter((relationship) => relationship.kind === 'return_correlation')
      .slice(0, 5)
      .concat(
        measured
          .filter((relationship) => relationship.kind === 'news_co_mention')
          .sort((x, y) => y.weight - x.weight)
          .slice(0, 5),
      ),
  };
}
