import { DEMAND_PRIORITY, FeedDemandBook, SCREEN_DEMAND_MS } from './feed-demand';

describe('FeedDemandBook', () => {
  let now: number;
  let positions: string[];
  let topics: Set<string>;
  const book = () =>
    new FeedDemandBook({
      indices: ['NIFTY_50', 'SENSEX', 'BANK_NIFTY'],
      positions: () => positions,
      universe: () => ['RELIANCE', 'INFY'],
      catalogue: ['RELIANCE', 'INFY', 'TCS'],
      hasSubscribers: (topic) => topics.has(topic),
      isKnownSymbol: (symbol) => ['RELIANCE', 'INFY', 'TCS'].includes(symbol),
      now: () => now,
    });

  beforeEach(() => {
    now = 1_000_000;
    positions = [];
    topics = new Set();
  });

  it('wants the indices, the holdings and the ranked universe in full', () => {
    positions = ['TCS', 'OLDCO'];
    const demand = book().demand();
    expect(demand).toEqual([
      { symbol: 'NIFTY_50', mode: 'full', priority: DEMAND_PRIORITY.index },
      { symbol: 'SENSEX', mode: 'full', priority: DEMAND_PRIORITY.index },
      { symbol: 'BANK_NIFTY', mode: 'full', priority: DEMAND_PRIORITY.index },
      // A holding outside the catalogue (bought elsewhere) has no instrument key to stream.
      { symbol: 'TCS', mode: 'full', priority: DEMAND_PRIORITY.position },
      { symbol: 'RELIANCE', mode: 'full', priority: DEMAND_PRIORITY.loop },
      { symbol: 'INFY', mode: 'full', priority: DEMAND_PRIORITY.loop },
    ]);
  });

  it('wants what screens watch on the stream: ltpc for ticks and candles, full for a book', () => {
    topics = new Set(['ticks:TCS', 'book:INFY']);
    const screens = book()
      .demand()
      .filter((d) => d.priority === DEMAND_PRIORITY.screen);
    expect(screens).toEqual([
      { symbol: 'INFY', mode: 'full', priority: DEMAND_PRIORITY.screen },
      { symbol: 'TCS', mode: 'ltpc', priority: DEMAND_PRIORITY.screen },
    ]);
  });

  it('keeps a symbol a screen asked for over HTTP for ten minutes after the last ask', () => {
    const demand = book();
    expect(demand.noteScreenRequest(['TCS', 'NOPE'])).toBe(true);
    expect(demand.noteScreenRequest(['TCS'])).toBe(false);
    const asked = () => demand.demand().filter((d) => d.priority === DEMAND_PRIORITY.screen);
    expect(asked()).toEqual([{ symbol: 'TCS', mode: 'ltpc', priority: DEMAND_PRIORITY.screen }]);
    now += SCREEN_DEMAND_MS;
    expect(asked()).toHaveLength(1);
    now += 1;
    expect(asked()).toEqual([]);
    expect(demand.noteScreenRequest(['TCS'])).toBe(true);
  });
});
