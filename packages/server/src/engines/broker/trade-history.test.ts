import type { Order } from '../../core/orders';
import { runToEnd } from '../../core/time-slices';
import {
  allTradeSteps,
  rangeStart,
  type TradeHistorySource,
  toTrade,
  tradesForExport,
} from './trade-history';

const DAY = 86_400_000;

function order(overrides: Partial<Order> = {}): Order {
  return {
    id: 'o-1',
    account: 'paper',
    symbol: 'TCS',
    side: 'BUY',
    type: 'MARKET',
    quantity: 2,
    limitPrice: null,
    product: 'D',
    strategy: 'momentum',
    simulatedReplay: false,
    status: 'FILLED',
    rejectReason: null,
    filledQuantity: 2,
    averagePrice: 310_000,
    chargesPaise: 2_540,
    realisedPnlPaise: 0,
    createdAt: Date.UTC(2026, 0, 5, 4, 0),
    updatedAt: Date.UTC(2026, 0, 5, 4, 0),
    ...overrides,
  };
}

describe('rangeStart', () => {
  it('starts today at IST midnight, which is 18:30 UTC the day before', () => {
    const morningIst = Date.UTC(2026, 0, 5, 4, 0); // 09:30 IST
    expect(rangeStart('today', morningIst)).toBe(Date.UTC(2026, 0, 4, 18, 30));
    const justAfterMidnightIst = Date.UTC(2026, 0, 4, 18, 31);
    expect(rangeStart('today', justAfterMidnightIst)).toBe(Date.UTC(2026, 0, 4, 18, 30));
  });

  it('looks back a fixed number of days for the other ranges, and not at all for all', () => {
    const now = Date.UTC(2026, 5, 1);
    expect(rangeStart('1d', now)).toBe(now - DAY);
    expect(rangeStart('7d', now)).toBe(now - 7 * DAY);
    expect(rangeStart('30d', now)).toBe(now - 30 * DAY);
    expect(rangeStart('90d', now)).toBe(now - 90 * DAY);
    expect(rangeStart('365d', now)).toBe(now - 365 * DAY);
    expect(rangeStart('all', now)).toBeUndefined();
  });
});

describe('toTrade', () => {
  it('shows a filled buy at its fill price with no exit and no P&L, but its fees', () => {
    expect(toTrade(order(), 320_000)).toMatchObject({
      entry_price: 3100,
      exit_price: null,
      current_price: null,
      pnl: null,
      net_pnl: null,
      fees: 25.4,
      strategy: 'momentum',
    });
  });

  it('shows a sell against the average cost of the shares it closed', () => {
    // Sold 2 at ₹3,100 that had cost ₹3,000 each: ₹200 realised on ₹6,000 of cost.
    const trade = toTrade(order({ side: 'SELL', realisedPnlPaise: 20_000 }), undefined);
    expect(trade).toMatchObject({
      entry_price: 3000,
      exit_price: 3100,
      pnl: 200,
      pnl_percent: 3.33,
      net_pnl: 174.6,
    });
  });

  it('shows the price now for an order that has not filled, and the limit it waits at', () => {
    const trade = toTrade(
      order({
        status: 'PENDING',
        type: 'LIMIT',
        limitPrice: 300_000,
        filledQuantity: 0,
        averagePrice: null,
        chargesPaise: 0,
      }),
      312_345,
    );
    expect(trade).toMatchObject({
      entry_price: null,
      exit_price: null,
      current_price: 3123.45,
      limit_price: 3000,
    });
  });

  it('keeps what filled before a cancel, and the reason a rejection gave', () => {
    const cancelled = toTrade(
      order({ side: 'SELL', status: 'CANCELLED', filledQuantity: 1, realisedPnlPaise: -5_000 }),
      310_500,
    );
    expect(cancelled).toMatchObject({ entry_price: 3150, exit_price: 3100, pnl: -50, current_price: 3105 });
    const rejected = toTrade(
      order({ status: 'REJECTED', rejectReason: 'Over the limit', filledQuantity: 0, averagePrice: null }),
      undefined,
    );
    expect(rejected).toMatchObject({
      reject_reason: 'Over the limit',
      current_price: null,
      entry_price: null,
    });
  });
});

describe('allTradeSteps', () => {
  // Seven orders of the paper account and one of the live account, rowids 1..8 in insertion order.
  const stored = Array.from({ length: 8 }, (_, i) =>
    order({ id: `o-${i + 1}`, account: i === 3 ? 'live' : 'paper', createdAt: Date.UTC(2026, 0, 5, 4, i) }),
  );
  const reads: [number, number][] = [];
  const paper = stored.filter((o) => o.account === 'paper');
  const source: TradeHistorySource = {
    account: 'paper',
    now: Date.UTC(2026, 0, 6),
    mark: () => undefined,
    openPositions: () => 0,
    ledger: {
      newestOrderRowid: () => stored.length,
      ordersBetween: (account, after, upTo) => {
        reads.push([after, upTo]);
        return stored.slice(after, upTo).filter((o) => o.account === account);
      },
      ordersSummary: () => ({ total: paper.length }) as never,
      orders: () => ({ orders: [...paper].reverse(), total: paper.length }),
      chargeNotes: () => new Map(),
      strategies: () => [],
    },
  };

  it("gives the export's trades, oldest first, one page of rowids per step", () => {
    const steps = allTradeSteps(source, 3);
    let yields = 0;
    let next = steps.next();
    for (; !next.done; next = steps.next()) {
      yields += 1;
      expect(reads).toHaveLength(yields); // one read between two yields: no step reads more than a page
    }
    expect(reads).toEqual([
      [0, 3],
      [3, 6],
      [6, 8],
    ]);
    expect(next.value).toEqual(tradesForExport(source, { status: 'all', range: 'all' } as never).reverse());
    expect(runToEnd(allTradeSteps(source, 100)).map((trade) => trade.id)).toEqual(paper.map((o) => o.id));
  });

  it('hands each page to a visitor and keeps none of them', () => {
    const pages: string[][] = [];
    const kept = runToEnd(allTradeSteps(source, 3, (page) => pages.push(page.map((trade) => trade.id))));
    expect(kept).toEqual([]);
    expect(pages).toEqual([
      ['o-1', 'o-2', 'o-3'],
      ['o-5', 'o-6'],
      ['o-7', 'o-8'],
    ]);
    expect(pages.flat()).toEqual(runToEnd(allTradeSteps(source, 3)).map((trade) => trade.id));
  });
});
