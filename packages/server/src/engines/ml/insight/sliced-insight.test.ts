import type { Trade } from '@td/contracts';
import { runSliced, runToEnd, type Steps, WorkStoppedError } from '../../../core/time-slices';
import type { Candle } from '../../market/market-types';
import { type InsightDeps, InsightEngine } from './insight-engine';
import { learnedCandlePatterns, tallyCandlePatternSteps, tallyCandlePatterns } from './pattern-hit-rates';

const T0 = Date.parse('2026-03-02T04:00:00.000Z');
const DAY = 86_400_000;
const MINUTE = 60_000;
const SYMBOLS = ['TCS', 'INFY', 'WIPRO', 'ITC', 'HUL', 'SBIN'];

/** A small deterministic generator, so every run builds the same market. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 4_294_967_296;
  };
}

/** A walk of `n` bars; stocks sharing a `factor` seed move together, so correlations are found. */
function walk(symbol: string, n: number, start: number, step: number, factor: number): Candle[] {
  const common = random(factor);
  const own = random(symbol.length * 97 + factor);
  let close = 1_000;
  return Array.from({ length: n }, (_, i) => {
    const open = close;
    close = Math.max(1, open * (1 + (common() - 0.5) * 0.04 + (own() - 0.5) * 0.01));
    return {
      symbol,
      interval: step === DAY ? '1d' : '1m',
      openTime: start + i * step,
      open,
      high: Math.max(open, close) * 1.002,
      low: Math.min(open, close) * 0.998,
      close,
      volume: 100,
      source: 'simulator',
    } as Candle;
  });
}

const daily = new Map(SYMBOLS.map((s, i) => [s, walk(s, 120, T0 - 130 * DAY, DAY, i < 3 ? 1 : 2)]));
const minute = new Map(SYMBOLS.map((s, i) => [s, walk(s, 600, T0 - 600 * MINUTE, MINUTE, i % 2)]));
const trades = Array.from(
  { length: 40 },
  (_, i) =>
    ({
      side: i % 2 ? 'SELL' : 'BUY',
      status: i % 7 === 0 ? 'REJECTED' : 'FILLED',
      quantity: 2,
      entry_price: 100,
      net_pnl: i % 4 === 1 ? 5 : -3,
      pnl_percent: null,
      timestamp: new Date(T0 - i * MINUTE).toISOString(),
    }) as unknown as Trade,
);

function deps(overrides: Partial<InsightDeps>): InsightDeps {
  return {
    market: {
      instruments: SYMBOLS.map((symbol, i) => ({ symbol, sector: i < 3 ? 'IT' : 'FMCG' })),
      activeProvider: {
        source: 'simulator',
        historicalCandles: async (symbol: string) => daily.get(symbol) ?? [],
      },
      pipeline: { minuteBars: (symbol: string) => minute.get(symbol) ?? [] },
      lastPrice: () => undefined,
    } as unknown as InsightDeps['market'],
    news: {
      headlines: () => [
        { id: '1', symbols: ['TCS', 'INFY'], topics: ['deal'], score: 0.5, timestamp: T0 - 5 * MINUTE },
      ],
    },
    now: () => T0,
    ...overrides,
  };
}

/** The ledger's orders a few at a time, each page handed on as TradeExport.allTradeSteps does. */
function* tradePages(visit: (page: readonly Trade[]) => void): Steps<unknown> {
  for (let i = 0; i < trades.length; i += 5) {
    visit(trades.slice(i, i + 5));
    yield;
  }
  return [];
}

describe('the ML insight build in time slices', () => {
  it('builds the same snapshot with a turn of the event loop at every step as in one go', async () => {
    const whole = await new InsightEngine(
      deps({ trades: () => trades, sliceBudgetMs: Number.POSITIVE_INFINITY }),
    ).rebuild();
    const order: string[] = [];
    setImmediate(() => order.push('other work'));
    const sliced = await new InsightEngine(deps({ tradeSteps: tradePages, sliceBudgetMs: 0 }))
      .rebuild()
      .finally(() => order.push('build'));
    expect(order).toEqual(['other work', 'build']);
    expect(sliced).toEqual(whole);
    // The fixture exercises every part: correlations, co-mentions, candle patterns and closed trades.
    expect(whole.graph.relationships.return_correlation).toBeGreaterThan(0);
    expect(whole.graph.relationships.news_co_mention).toBeGreaterThan(0);
    expect(whole.candlePatterns.length).toBeGreaterThan(0);
    expect(whole.trades.closed.length).toBe(17); // 20 sells, 3 of them refused (i = 7, 21, 35)
  });

  it('reports a ledger read that fails half way as the part it could not read', async () => {
    function* failing(visit: (page: readonly Trade[]) => void): Steps<unknown> {
      visit(trades.slice(0, 5));
      yield;
      throw new Error('disk I/O error');
    }
    const snapshot = await new InsightEngine(deps({ tradeSteps: failing, sliceBudgetMs: 0 })).rebuild();
    expect(snapshot.problems.trades).toBe('The ledger could not be read: disk I/O error');
    expect(snapshot.trades.orders).toBe(0);
  });

  it('drops a build under way when stopped, keeps no half snapshot, and leaves nothing scheduled', async () => {
    let steps = 0;
    function* endless(): Steps<unknown> {
      for (;;) {
        steps += 1;
        yield;
      }
    }
    const engine = new InsightEngine(deps({ tradeSteps: endless, sliceBudgetMs: 0 }));
    const build = engine.rebuild();
    while (steps < 3) await new Promise((resolve) => setImmediate(resolve));
    await engine.stop();
    await expect(build).rejects.toBeInstanceOf(WorkStoppedError);
    expect(engine.snapshot()).toBeNull();
    const after = steps;
    await new Promise((resolve) => setImmediate(resolve));
    expect(steps).toBe(after);
  });
});

describe('candle patterns as steps', () => {
  const series = [...minute.values()];

  it('tally the same as at once, sliced with a clock that moves a ms a read', async () => {
    let now = 0;
    const tallies = await runSliced(tallyCandlePatternSteps(series, 15), { clock: () => now++, budgetMs: 3 });
    expect(tallies).toEqual(tallyCandlePatterns(series, 15));
    expect(learnedCandlePatterns(series, 15, '1-minute', '15 minutes').length).toBe(tallies.size);
  });

  it('never look at more than 256 bars between two yields', () => {
    const steps = tallyCandlePatternSteps(series, 15);
    let yields = 0;
    while (!steps.next().done) yields += 1;
    const bars = series.reduce((sum, bars) => sum + bars.length, 0);
    expect(yields).toBeGreaterThanOrEqual(Math.ceil(bars / 256));
    expect(runToEnd(tallyCandlePatternSteps([], 15)).size).toBe(0);
  });
});
