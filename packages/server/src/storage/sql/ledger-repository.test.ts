import { databases } from '../../test-support/databases';
import { charges, openRepositories, order, T0 } from './test-support/repository-fixture';

// Every repository runs on both stores: the same SQL, the same answers.
let open = databases[0]!.open;

describe.each(databases)('the ledger repository on $name', (database) => {
  beforeAll(() => {
    open = database.open;
  });

  it('opens accounts, and creates the live account once however often it is asked', () => {
    const { ledger } = openRepositories(open());
    expect(ledger.accountExists('paper')).toBe(true);
    expect(ledger.accountExists('live')).toBe(false);
    expect(ledger.cashPaise('live')).toBeUndefined();
    ledger.ensureLiveAccount(T0);
    ledger.ensureLiveAccount(T0 + 1);
    expect(ledger.cashPaise('live')).toBe(0);
  });

  it('posts entries and moves the cash balance by their sum, so cash equals the entries', () => {
    const { ledger } = openRepositories(open());
    ledger.postEntries('paper', [['opening_balance', 100_000]], T0, { note: 'Opening balance' });
    ledger.postEntries(
      'paper',
      [
        ['buy', -40_000],
        ['charges', -25],
      ],
      T0 + 1,
      {},
    );
    expect(ledger.cashPaise('paper')).toBe(59_975);
    expect(ledger.entriesSum('paper')).toBe(59_975);
  });

  it('adds to a position at cost, takes sales from it with their realised P&L, and reopens a closed one', () => {
    const { ledger } = openRepositories(open());
    ledger.addToPosition('paper', 'TCS', { quantity: 10, costPaise: 10_000, ts: T0 });
    ledger.addToPosition('paper', 'TCS', { quantity: 5, costPaise: 6_000, ts: T0 + 1 });
    expect(ledger.position('paper', 'TCS')).toEqual({
      symbol: 'TCS',
      quantity: 15,
      costPaise: 16_000,
      realisedPnlPaise: 0,
      openedAt: T0,
      updatedAt: T0 + 1,
    });
    ledger.takeFromPosition('paper', 'TCS', {
      quantity: 15,
      costPaise: 16_000,
      realisedPnlPaise: 500,
      ts: T0 + 2,
    });
    expect(ledger.openPositions('paper')).toEqual([]);
    expect(ledger.realisedPnlPaise('paper')).toBe(500);
    ledger.addToPosition('paper', 'TCS', { quantity: 1, costPaise: 1_000, ts: T0 + 3 });
    expect(ledger.position('paper', 'TCS')).toMatchObject({
      quantity: 1,
      openedAt: T0 + 3,
      realisedPnlPaise: 500,
    });
    ledger.removePositions('paper');
    expect(ledger.position('paper', 'TCS')).toBeUndefined();
  });

  it('stores fills and reads them back whole, by order, as turnover, charges, intraday buys and recent activity', () => {
    const { ledger, orders } = openRepositories(open());
    orders.insert(order('o1', { product: 'I' }));
    orders.insert(order('o2', { side: 'SELL', product: 'I' }));
    const first = {
      id: 'f1',
      orderId: 'o1',
      symbol: 'TCS',
      side: 'BUY' as const,
      quantity: 4,
      price: 1_000,
      product: 'I' as const,
      charges: charges(10),
      ts: T0,
    };
    ledger.insertFill('paper', first);
    ledger.insertFill('paper', {
      ...first,
      id: 'f2',
      quantity: 6,
      price: 1_100,
      charges: charges(5),
      ts: T0 + 1,
    });
    ledger.insertFill('paper', { ...first, id: 'f3', orderId: 'o2', side: 'SELL', product: 'D', ts: T0 + 2 });
    expect(ledger.fills('o1')).toEqual([first, expect.objectContaining({ id: 'f2', price: 1_100 })]);
    expect(ledger.fills().map((fill) => fill.id)).toEqual(['f1', 'f2', 'f3']);
    expect(ledger.tradedPaise('o1')).toBe(4 * 1_000 + 6 * 1_100);
    expect(ledger.fillCharges(['o1', 'o2'])).toEqual([
      { orderId: 'o1', product: 'I', charges: charges(10) },
      { orderId: 'o1', product: 'I', charges: charges(5) },
      { orderId: 'o2', product: 'D', charges: charges(10) },
    ]);
    expect(ledger.fillCharges([])).toEqual([]);
    expect(ledger.intradayBought('paper', 'TCS', T0 + 1)).toBe(6);
    expect(ledger.recentFills('paper', 2)).toEqual([
      { id: 'f3', side: 'SELL', symbol: 'TCS', quantity: 4, price: 1_000, ts: T0 + 2 },
      { id: 'f2', side: 'BUY', symbol: 'TCS', quantity: 6, price: 1_100, ts: T0 + 1 },
    ]);
  });

  it('keeps the first opening equity of a day, shifts it by money moved, and finds the first on or after a date', () => {
    const { ledger } = openRepositories(open());
    ledger.recordOpeningEquity('paper', '2026-01-05', 100_000);
    ledger.recordOpeningEquity('paper', '2026-01-05', 999_999);
    ledger.recordOpeningEquity('paper', '2026-01-07', 120_000);
    ledger.shiftOpeningEquity('paper', '2026-01-07', -20_000);
    expect(ledger.openingEquity('paper', '2026-01-05')).toBe(100_000);
    expect(ledger.openingEquity('paper', '2026-01-06')).toBeUndefined();
    expect(ledger.openingEquityOnOrAfter('paper', '2026-01-06')).toEqual({
      date: '2026-01-07',
      equityPaise: 100_000,
    });
    ledger.removeOpeningEquities('paper');
    expect(ledger.openingEquityOnOrAfter('paper', '2026-01-01')).toBeUndefined();
  });

  it('stores the paper limits as the JSON text given, replacing the last', () => {
    const { ledger } = openRepositories(open());
    expect(ledger.paperLimitsJson('paper')).toBeUndefined();
    ledger.savePaperLimitsJson('paper', '{"a":1}', T0);
    ledger.savePaperLimitsJson('paper', '{"a":2}', T0 + 1);
    expect(ledger.paperLimitsJson('paper')).toBe('{"a":2}');
  });
});
