import type { Instrument } from '../market-types';
import { IndexCalculator, referenceIndexBase, SEED_INDEX_LEVELS } from './index-calculator';
import { allInstruments, constituents } from './instrument-catalog';

/** A tiny made-up index so the expected levels can be worked out by hand. */
function stock(symbol: string, weight: number): Instrument {
  return {
    symbol,
    name: symbol,
    sector: 'Test',
    exchange: 'NSE',
    instrumentKey: `NSE_EQ|${symbol}`,
    yahooSymbol: `${symbol}.NS`,
    isin: symbol,
    indexWeights: { NIFTY_50: weight },
  };
}

const TOY = [stock('A', 0.5), stock('B', 0.4), stock('C', 0.1)];
const TOY_BASE = {
  basePrices: { A: 10_000, B: 20_000, C: 50_000 },
  baseLevels: { NIFTY_50: 1_000, SENSEX: 1, BANK_NIFTY: 1 },
};
const prices = (entries: Record<string, number>) => new Map(Object.entries(entries));

describe('IndexCalculator on a hand-worked index', () => {
  const calculator = new IndexCalculator(TOY, TOY_BASE);
  const atBase = prices(TOY_BASE.basePrices);

  it('stands at its base level when every price is at its base', () => {
    expect(calculator.level('NIFTY_50', atBase)).toBeCloseTo(1_000, 10);
  });

  it('rises 1 % when every price rises 1 %', () => {
    expect(calculator.level('NIFTY_50', prices({ A: 10_100, B: 20_200, C: 50_500 }))).toBeCloseTo(1_010, 10);
  });

  it('rises 1 % when a stock weighted 0.1 rises 10 %', () => {
    expect(calculator.level('NIFTY_50', prices({ A: 10_000, B: 20_000, C: 55_000 }))).toBeCloseTo(1_010, 10);
  });

  it('combines moves by weight: A −2 %, B +5 % → 0.5·0.98 + 0.4·1.05 + 0.1 = 1.01', () => {
    expect(calculator.level('NIFTY_50', prices({ A: 9_800, B: 21_000, C: 50_000 }))).toBeCloseTo(1_010, 10);
  });

  it('renormalises over constituents that have a price: without C, A +10 % and B flat → +5.556 %', () => {
    // (0.5·1.1 + 0.4·1.0) / 0.9 = 1.05556
    expect(calculator.level('NIFTY_50', prices({ A: 11_000, B: 20_000 }))).toBeCloseTo(1_055.5556, 3);
  });

  it('ignores missing, zero and non-finite prices, and has no level without any price', () => {
    expect(calculator.level('NIFTY_50', prices({ A: 10_000, B: 0, C: Number.NaN }))).toBeCloseTo(1_000, 10);
    expect(calculator.level('NIFTY_50', new Map())).toBeNull();
    expect(calculator.level('SENSEX', atBase)).toBeNull();
  });

  it('snapshots value, previous close, change and change percent rounded to 2 decimals', () => {
    const snapshot = calculator.snapshot(prices({ A: 10_123, B: 20_000, C: 50_000 }), atBase);
    // 1000 × (0.5 × 1.0123 + 0.5) = 1006.15
    expect(snapshot.NIFTY_50).toEqual({
      value: 1006.15,
      previous_close: 1000,
      change: 6.15,
      change_percent: 0.62,
    });
    expect(snapshot.SENSEX).toBeNull();
    expect(snapshot.BANK_NIFTY).toBeNull();
  });

  it('reports a fall with negative change', () => {
    const snapshot = calculator.snapshot(prices({ A: 9_000, B: 18_000, C: 45_000 }), atBase);
    expect(snapshot.NIFTY_50).toEqual({
      value: 900,
      previous_close: 1000,
      change: -100,
      change_percent: -10,
    });
  });
});

describe('IndexCalculator on the catalogue', () => {
  const instruments = allInstruments();
  const base = referenceIndexBase(instruments);
  const calculator = new IndexCalculator(instruments, base);
  const atReference = new Map(Object.entries(base.basePrices));

  it('seeds base prices in paise from the reference prices', () => {
    expect(base.basePrices.RELIANCE).toBe(155_000);
    expect(base.baseLevels).toEqual(SEED_INDEX_LEVELS);
  });

  it('puts every index at its seed level at the reference prices', () => {
    const snapshot = calculator.snapshot(atReference, atReference);
    expect(snapshot.NIFTY_50?.value).toBe(26_000);
    expect(snapshot.SENSEX?.value).toBe(85_000);
    expect(snapshot.BANK_NIFTY?.value).toBe(59_000);
    expect(snapshot.NIFTY_50?.change_percent).toBe(0);
  });

  it('moves Nifty Bank but not SENSEX when only Bank-only stocks move', () => {
    const moved = new Map(atReference);
    for (const symbol of ['PNB', 'CANBK', 'YESBANK']) moved.set(symbol, (base.basePrices[symbol] ?? 0) * 1.2);
    const snapshot = calculator.snapshot(moved, atReference);
    expect(snapshot.SENSEX?.change).toBe(0);
    expect(snapshot.NIFTY_50?.change).toBe(0);
    const bankWeight = constituents('BANK_NIFTY')
      .filter((i) => ['PNB', 'CANBK', 'YESBANK'].includes(i.symbol))
      .reduce((sum, i) => sum + (i.indexWeights.BANK_NIFTY ?? 0), 0);
    expect(snapshot.BANK_NIFTY?.change_percent).toBeCloseTo(bankWeight * 20, 1);
  });
});
