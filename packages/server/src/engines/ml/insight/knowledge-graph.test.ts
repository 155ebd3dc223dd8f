import { runSliced } from '../../../core/time-slices';
import {
  buildKnowledgeGraph,
  dailyReturns,
  graphFigures,
  knowledgeGraphSteps,
  pearson,
} from './knowledge-graph';

/** Closes from a list of daily returns, starting at 100. */
const closesFrom = (returns: readonly number[]) => {
  const closes = [100];
  for (const r of returns) closes.push(closes[closes.length - 1]! * (1 + r));
  return closes;
};

// Twelve returns: a market-like path, its echo at double size, and a path unrelated to it.
const market = [0.01, -0.02, 0.015, 0.005, -0.01, 0.02, -0.005, 0.01, -0.015, 0.0, 0.012, -0.008];
const echo = market.map((r) => 2 * r);
const unrelated = [0.01, 0.01, -0.01, -0.01, 0.01, 0.01, -0.01, -0.01, 0.01, 0.01, -0.01, -0.01];

describe('pearson', () => {
  it('is 1 for a series and its scaled copy, −1 against its mirror', () => {
    expect(pearson(market, echo)).toBeCloseTo(1, 10);
    expect(
      pearson(
        market,
        market.map((r) => -r),
      ),
    ).toBeCloseTo(-1, 10);
  });

  it('matches a hand-worked value', () => {
    // x = 1..10, y = x with 10 and 9 swapped: Σdxdy = 82.5 − 1·(4.5−3.5)… ρ = 1 − 6Σd²/(n(n²−1)) = 1 − 12/990
    const x = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    const y = [1, 2, 3, 4, 5, 6, 7, 8, 10, 9];
    expect(pearson(x, y)).toBeCloseTo(1 - 12 / 990, 10);
  });

  it('skips missing sessions and says nothing with fewer than 10 shared returns', () => {
    expect(pearson([1, 2, 3], [1, 2, 3])).toBeNull();
    const gappy = [...market];
    gappy[3] = Number.NaN;
    expect(pearson(gappy, echo)).toBeCloseTo(1, 10);
    expect(
      pearson(
        market,
        market.map(() => 0.01),
      ),
    ).toBeNull();
  });
});

describe('dailyReturns', () => {
  it('gives simple returns and NaN where a close is missing', () => {
    const returns = dailyReturns([100, 110, Number.NaN, 99]);
    expect(returns[0]).toBeCloseTo(0.1, 10);
    expect(returns[1]).toBeNaN();
    expect(returns[2]).toBeNaN();
  });
});

describe('buildKnowledgeGraph', () => {
  const stocks = [
    { symbol: 'TCS', sector: 'IT', closes: closesFrom(market) },
    { symbol: 'INFY', sector: 'IT', closes: closesFrom(echo) },
    { symbol: 'ITC', sector: 'FMCG', closes: closesFrom(unrelated) },
  ];

  it('relates the two stocks whose returns move together and not the unrelated one', () => {
    const graph = buildKnowledgeGraph({ stocks, headlines: [], threshold: 0.5 });
    const correlations = graph.relationships.filter((r) => r.kind === 'return_correlation');
    expect(correlations).toEqual([
      {
        source: 'stock:TCS',
        target: 'stock:INFY',
        kind: 'return_correlation',
        weight: expect.closeTo(1, 10),
      },
    ]);
    expect(Math.abs(pearson(market, unrelated)!)).toBeLessThan(0.5);
    expect(graph.sessions).toBe(12);
    const figures = graphFigures(graph);
    // 3 stocks + 2 sectors; TCS and INFY are the active concepts: depth 2/5.
    expect(figures).toMatchObject({
      total_nodes: 5,
      active_concepts: 2,
      knowledge_depth: 0.4,
      nodes: { stocks: 3, sectors: 2, topics: 0 },
      relationships: { return_correlation: 1, news_co_mention: 0, sector_member: 3 },
    });
  });

  it('adds topics and co-mentions from headlines, counting each pair once per headline', () => {
    const graph = buildKnowledgeGraph({
      stocks,
      headlines: [
        { symbols: ['ITC', 'TCS'], topics: ['results'] },
        { symbols: ['TCS', 'ITC', 'NOTASTOCK'], topics: [] },
        { symbols: [], topics: ['rbi', 'rates'] },
      ],
      threshold: 0.99,
    });
    const coMentions = graph.relationships.filter((r) => r.kind === 'news_co_mention');
    expect(coMentions).toEqual(
      expect.arrayContaining([
        { source: 'stock:ITC', target: 'stock:TCS', kind: 'news_co_mention', weight: 2 },
        { source: 'stock:ITC', target: 'topic:results', kind: 'news_co_mention', weight: 1 },
        { source: 'stock:TCS', target: 'topic:results', kind: 'news_co_mention', weight: 1 },
      ]),
    );
    // Topics named only beside other topics relate to nothing in the market and are not nodes.
    expect(coMentions).toHaveLength(3);
    const figures = graphFigures(graph);
    expect(figures.nodes.topics).toBe(1);
    // TCS, INFY (ρ≈1 ≥ 0.99), ITC and the topic: 4 of 6 nodes.
    expect(figures.active_concepts).toBe(4);
    expect(figures.knowledge_depth).toBeCloseTo(4 / 6, 10);
  });

  it('relates a headline’s sectors to its stocks and topics, ignoring sectors the catalogue lacks', () => {
    const graph = buildKnowledgeGraph({
      stocks,
      headlines: [{ symbols: [], sectors: ['IT', 'Shipping'], topics: ['rbi'] }],
      threshold: 0.99,
    });
    expect(graph.relationships.filter((r) => r.kind === 'news_co_mention')).toEqual([
      { source: 'sector:IT', target: 'topic:rbi', kind: 'news_co_mention', weight: 1 },
    ]);
  });
});

describe('the knowledge graph built in slices', () => {
  it('equals the one built at once', async () => {
    const input = {
      stocks: [
        { symbol: 'INFY', sector: 'IT', closes: closesFrom(market) },
        { symbol: 'TCS', sector: 'IT', closes: closesFrom(echo) },
        { symbol: 'SBIN', sector: 'Banks', closes: closesFrom(unrelated) },
        { symbol: 'HDFCBANK', sector: 'Banks', closes: closesFrom(market.map((r) => -r)) },
      ],
      headlines: [{ symbols: ['INFY', 'TCS'], sectors: ['IT'], topics: ['results'] }],
      threshold: 0.7,
    };
    let reads = 0;
    // A slice at every step: the most interleaved build there can be.
    const sliced = await runSliced(knowledgeGraphSteps(input), { budgetMs: 1, clock: () => (reads += 1) });
    expect(sliced.relationships.some((relationship) => relationship.kind === 'return_correlation')).toBe(
      true,
    );
    expect(sliced).toEqual(buildKnowledgeGraph(input));
  });
});
