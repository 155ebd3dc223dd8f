import { DEFAULT_PAPER_LIMITS } from '../../../core/orders';
import type { Signal } from '../../signals';
import { sizeOrders } from './size-orders';

const phase = { maxPositionPercent: 6, minMLConfidence: 0.63 };
const EQUITY = 10_00_000 * 100;
const buy = (symbol: string, score: number, confidence = 0.8): Signal => ({
  symbol,
  direction: 'BUY',
  score,
  confidence,
  reasons: [],
});

describe('sizeOrders', () => {
  it('buys whole shares, best score first, until the budget is spent', () => {
    const prices = new Map([
      ['A', 1_000_00],
      ['B', 3_000_00],
      ['C', 700_00],
    ]);
    const { entries } = sizeOrders(
      [buy('C', 0.5), buy('A', 0.9), buy('B', 0.7)],
      25_000_00,
      prices,
      phase,
      EQUITY,
    );
    expect(entries.map((e) => [e.symbol, e.quantity, e.valuePaise])).toEqual([['A', 25, 25_000_00]]);
  });

  it('keeps each position within the phase share of equity, counting what is already held', () => {
    const prices = new Map([
      ['A', 1_000_00],
      ['B', 999_00],
    ]);
    // 6 % of ₹10,00,000 = ₹60,000; ₹45,500 of A already held leaves room for 14 shares.
    const { entries } = sizeOrders([buy('A', 0.9), buy('B', 0.8)], 1_00_000_00, prices, phase, EQUITY, {
      heldValuePaise: new Map([['A', 45_500_00]]),
    });
    expect(entries.map((e) => [e.symbol, e.quantity])).toEqual([
      ['A', 14],
      ['B', 60],
    ]);
    expect(entries[1]!.valuePaise).toBeLessThanOrEqual(60_000_00);
  });

  it('spreads the budget when each entry is capped, and never spends more than the cash', () => {
    const prices = new Map([
      ['A', 100_00],
      ['B', 100_00],
      ['C', 100_00],
    ]);
    const capped = sizeOrders(
      [buy('A', 0.9), buy('B', 0.8), buy('C', 0.7)],
      25_000_00,
      prices,
      phase,
      EQUITY,
      {
        maxOrderPaise: 10_000_00,
      },
    );
    expect(capped.entries.map((e) => e.quantity)).toEqual([100, 100, 50]);
    const poor = sizeOrders([buy('A', 0.9)], 25_000_00, prices, phase, EQUITY, { cashPaise: 5_050_00 });
    expect(poor.entries[0]!.quantity).toBe(50);
  });

  it('skips signals under the phase minimum confidence, HOLDs and SELLs, and unpriced symbols', () => {
    const prices = new Map([
      ['A', 100_00],
      ['B', 100_00],
    ]);
    const { entries, skipped } = sizeOrders(
      [
        buy('A', 0.9, 0.62),
        buy('B', 0.8, 0.63),
        buy('NOPRICE', 0.7),
        { ...buy('S', 1), direction: 'SELL' },
        { ...buy('H', 1), direction: 'HOLD' },
      ],
      25_000_00,
      prices,
      phase,
      EQUITY,
    );
    expect(entries.map((e) => e.symbol)).toEqual(['B']);
    expect(skipped).toEqual([
      { symbol: 'A', reason: 'confidence 0.62 is under the phase minimum 0.63' },
      { symbol: 'NOPRICE', reason: 'no price yet' },
    ]);
  });

  it('buys nothing when the budget left is under one share', () => {
    const { entries, skipped } = sizeOrders([buy('A', 0.9)], 99_99, new Map([['A', 100_00]]), phase, EQUITY);
    expect(entries).toEqual([]);
    expect(skipped).toEqual([{ symbol: 'A', reason: 'budget left is under one share' }]);
  });

  it('raises an entry to the size whose charges pay their way, and refuses one that cannot reach it', () => {
    const chargesGate = { rates: DEFAULT_PAPER_LIMITS, maxPercent: 0.5 };
    const prices = new Map([
      ['A', 1_000_00],
      ['B', 1_000_00],
    ]);
    // ₹6,250 a slice would pay 0.8 % in intraday charges; ₹10,155.90 is the least that pays 0.5 %: 11 shares.
    const { entries, skipped } = sizeOrders(
      [buy('A', 0.9), buy('B', 0.8)],
      18_000_00,
      prices,
      phase,
      EQUITY,
      {
        maxOrderPaise: 6_250_00,
        chargesGate,
      },
    );
    expect(entries.map((e) => [e.symbol, e.quantity])).toEqual([['A', 11]]);
    expect(skipped).toEqual([
      { symbol: 'B', reason: 'round-trip charges ₹50 are 0.71 % of ₹7,000, over the 0.5 % cap' },
    ]);
  });
});
