import { DEFAULT_PAPER_LIMITS } from '../../../core/orders';
import type { Signal } from '../../signals';
import { roundTripChargesPaise } from './charges-gate';
import { edgeRefusal, MIN_EDGE_SAMPLES, SignalEdgeBook } from './signal-edge';
import { sizeOrders } from './size-orders';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const buy = (symbol: string, score: number): Signal => ({
  symbol,
  direction: 'BUY',
  score,
  confidence: 0.9,
  reasons: [],
});

/** A book fed `count` BUY signals of `score` on one symbol, each followed one hour to a price `movePercent` away. */
function bookAfter(count: number, score: number, movePercent: number): SignalEdgeBook {
  const book = new SignalEdgeBook(HOUR);
  const prices = new Map<string, number>();
  for (let i = 0; i < count; i += 1) {
    const start = i * 2 * HOUR;
    prices.set('A', 1_000_00);
    book.observe([buy('A', score)], (s) => prices.get(s), start, '2026-01-05');
    prices.set('A', Math.round(1_000_00 * (1 + movePercent / 100)));
    book.observe([], (s) => prices.get(s), start + HOUR, '2026-01-05');
  }
  return book;
}

describe('SignalEdgeBook', () => {
  it('averages the forward return of past BUY signals over the horizon, by strength', () => {
    const book = bookAfter(MIN_EDGE_SAMPLES, 0.5, 0.8);
    expect(book.expectedMove(0.45)).toEqual({
      percent: expect.closeTo(0.8, 10),
      samples: MIN_EDGE_SAMPLES,
      strength: '0.4–0.6',
    });
    // Another strength has no history of its own.
    expect(book.expectedMove(0.9)).toEqual({ percent: null, samples: 0, strength: '0.8–1.0' });
  });

  it('has no measured move until a strength has enough past signals', () => {
    expect(bookAfter(MIN_EDGE_SAMPLES - 1, 0.5, 0.8).expectedMove(0.5).percent).toBeNull();
  });

  it('ends a signal at its session’s last price when the day ends before the horizon', () => {
    const book = new SignalEdgeBook(4 * HOUR);
    const prices = new Map([['A', 1_000_00]]);
    for (let day = 1; day <= MIN_EDGE_SAMPLES; day += 1) {
      const date = `2026-01-${String(day).padStart(2, '0')}`;
      prices.set('A', 1_000_00);
      book.observe([buy('A', 0.3)], (s) => prices.get(s), day * 24 * HOUR, date);
      prices.set('A', 990_00); // the session's last price, 10 minutes later
      book.observe([], (s) => prices.get(s), day * 24 * HOUR + 10 * MINUTE, date);
    }
    // The last day's signal is still open: the next day's first run closes it.
    book.observe([], () => 2_000_00, 40 * 24 * HOUR, '2026-02-09');
    expect(book.expectedMove(0.3).percent).toBeCloseTo(-1, 10);
  });
});

describe('the expected-move gate', () => {
  const gate = { rates: DEFAULT_PAPER_LIMITS, maxPercent: 0.5 };
  const prices = new Map([['A', 1_000_00]]);
  const size = (book: SignalEdgeBook) =>
    sizeOrders(
      [buy('A', 0.5)],
      20_000_00,
      prices,
      { maxPositionPercent: 6, minMLConfidence: 0.6 },
      10_00_000_00,
      {
        maxOrderPaise: 12_000_00,
        chargesGate: gate,
        edge: book,
      },
    );

  it('skips an entry whose strength moved less on average than its round-trip charges, with the figures', () => {
    // 12 × ₹1,000 = ₹12,000: +0.2 % is ₹24, under the ₹51.44 intraday round trip
    // (buy ₹20 + ₹0.36 + ₹0.01 + GST ₹3.67 + stamp ₹0.36 = ₹24.40; sell ₹20 + STT ₹3 + ₹0.36 + ₹0.01 + ₹3.67 = ₹27.04).
    expect(roundTripChargesPaise(DEFAULT_PAPER_LIMITS, 12, 1_000_00)).toBe(51_44);
    const { entries, skipped } = size(bookAfter(MIN_EDGE_SAMPLES, 0.5, 0.2));
    expect(entries).toEqual([]);
    expect(skipped).toEqual([
      {
        symbol: 'A',
        reason: `expected move +0.200 % (₹24 on ₹12,000, mean of ${MIN_EDGE_SAMPLES} past BUY signals of strength 0.4–0.6) does not cover round-trip charges ₹51.44`,
      },
    ]);
  });

  it('takes an entry whose strength moved more than its charges on average', () => {
    // +0.5 % of ₹12,000 is ₹60, over ₹51.44.
    expect(size(bookAfter(MIN_EDGE_SAMPLES, 0.5, 0.5)).entries.map((e) => [e.symbol, e.quantity])).toEqual([
      ['A', 12],
    ]);
  });

  it('waits while the strength has too few past signals to measure, and says how many', () => {
    expect(edgeRefusal(bookAfter(3, 0.5, 5), buy('A', 0.5), 12_000_00, 51_44)).toBe(
      `no measured move yet: 3 past BUY signals of strength 0.4–0.6, ${MIN_EDGE_SAMPLES} needed before its charges can be weighed`,
    );
  });
});
