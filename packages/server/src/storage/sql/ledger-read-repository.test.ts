import { databases } from '../../test-support/databases';
import { charges, openRepositories, order, T0 } from './test-support/repository-fixture';

const DAY = 86_400_000;

/** An opening balance, a deposit, a reset and a withdrawal, and one bought-and-sold round trip after the reset. */
function history() {
  const repositories = openRepositories(open());
  const { ledger, orders } = repositories;
  ledger.postEntries('paper', [['opening_balance', 100_000]], T0, {});
  ledger.postEntries('paper', [['balance_adjustment', 5_000]], T0 + DAY, {});
  ledger.postEntries('paper', [['reset', -5_000]], T0 + 2 * DAY, {});
  ledger.postEntries('paper', [['balance_adjustment', -1_000]], T0 + 3 * DAY, {});
  for (const [id, side, ts] of [
    ['b1', 'BUY', T0 + 3 * DAY],
    ['s1', 'SELL', T0 + 4 * DAY],
  ] as const) {
    orders.insert(order(id, { side, strategy: 'momentum' }, ts));
    ledger.insertFill('paper', {
      id: `f-${id}`,
      orderId: id,
      symbol: 'TCS',
      side,
      quantity: 2,
      price: 1_000,
      product: 'D',
      charges: charges(7),
      ts,
    });
  }
  return repositories;
}

// Every repository runs on both stores: the same SQL, the same answers.
let open = databases[0]!.open;

describe.each(databases)('the ledger read repository on $name', (database) => {
  beforeAll(() => {
    open = database.open;
  });

  it('reports the newest entry and fill, 0 before the first', () => {
    const { reads } = openRepositories(open());
    expect(reads.newest()).toEqual({ entryId: 0, fillRowid: 0 });
    expect(reads.newestFill()).toBe(0);
    const { reads: after } = history();
    expect(after.newest()).toEqual({ entryId: 4, fillRowid: 2 });
    expect(after.newestFill()).toBe(2);
  });

  it('finds where the figures start again, the capital then, and the deposits between two positions', () => {
    const { reads } = history();
    expect(reads.baselineBetween('paper', 0, 4)).toEqual({ id: 3, ts: T0 + 2 * DAY, kind: 'reset' });
    expect(reads.baselineBetween('paper', 0, 2)).toEqual({ id: 1, ts: T0, kind: 'opening_balance' });
    expect(reads.baselineBetween('paper', 3, 4)).toBeUndefined();
    expect(reads.lastBaselineAt('paper')).toBe(T0 + 2 * DAY);
    expect(reads.capitalAt('paper', 3)).toBe(100_000);
    // The same sum a range of ids at a time, as the analytics rebuild reads it.
    expect(reads.amountBetween('paper', 0, 1) + reads.amountBetween('paper', 1, 3)).toBe(100_000);
    expect(reads.amountBetween('paper', 3, 3)).toBe(0);
    expect(reads.depositsBetween('paper', 1, 4)).toEqual([
      { ts: T0 + DAY, amountPaise: 5_000 },
      { ts: T0 + 3 * DAY, amountPaise: -1_000 },
    ]);
  });

  it('sums balance edits, and balance edits with resets as money moved', () => {
    const { reads } = history();
    expect(reads.depositsSince('paper', T0 + 2 * DAY)).toBe(-1_000);
    expect(reads.moneyMovedSince('paper', T0 + 2 * DAY)).toBe(-6_000);
    expect(reads.lastMoneyMovedAt('paper')).toBe(T0 + 3 * DAY);
    expect(openRepositories(open()).reads.lastMoneyMovedAt('paper')).toBeNull();
  });

  it('reads the capital as the cash at the latest baseline plus the balance edits since, and follows a new baseline', () => {
    const { reads, ledger } = history();
    expect(openRepositories(open()).reads.capitalPaise('paper')).toBe(0);
    // 100,000 + 5,000 − 5,000 at the reset, then −1,000: fills are not capital.
    expect(reads.capitalPaise('paper')).toBe(99_000);
    ledger.postEntries('paper', [['balance_adjustment', 2_000]], T0 + 5 * DAY, {});
    expect(reads.capitalPaise('paper')).toBe(101_000);
    // A later reset starts the sum again: the cash remembered at the old baseline is not reused.
    ledger.postEntries('paper', [['reset', 50_000]], T0 + 6 * DAY, {});
    expect(reads.capitalPaise('paper')).toBe(reads.capitalAt('paper', reads.newest().entryId));
  });

  it('finds the first and the highest opening equity from a date', () => {
    const { ledger, reads } = openRepositories(open());
    ledger.recordOpeningEquity('paper', '2026-01-05', 100_000);
    ledger.recordOpeningEquity('paper', '2026-01-06', 130_000);
    ledger.recordOpeningEquity('paper', '2026-01-07', 120_000);
    expect(reads.openingEquityOnOrAfter('paper', '2026-01-06')).toEqual({
      date: '2026-01-06',
      equityPaise: 130_000,
    });
    expect(reads.peakOpeningEquitySince('paper', '2026-01-07')).toBe(120_000);
    expect(reads.peakOpeningEquitySince('paper', '2026-02-01')).toBeNull();
  });

  it("reads fills with their order's strategy, by position range or from a time", () => {
    const { reads } = history();
    const sell = {
      symbol: 'TCS',
      side: 'SELL',
      quantity: 2,
      pricePaise: 1_000,
      chargesPaise: 7,
      ts: T0 + 4 * DAY,
      strategy: 'momentum',
    };
    expect(reads.fillsBetween('paper', 1, 2, Number.MIN_SAFE_INTEGER)).toEqual([sell]);
    expect(reads.fillsBetween('paper', 0, 2, T0 + 4 * DAY)).toEqual([sell]);
    expect(reads.fillsSince('paper', 0).map((fill) => fill.side)).toEqual(['BUY', 'SELL']);
    expect(reads.fillsSince('live', 0)).toEqual([]);
  });
});
