import { type Charges, DEFAULT_PAPER_LIMITS, type PaperLimits } from '../../../core/orders';
import { computeCharges, type ExecutedOrder, turnoverPaise } from './compute-charges';
import { decimalFraction, multiplyRoundHalfUp } from './decimal-fraction';
import { netCashEffect } from './net-cash-effect';

// Delivery notes at the spec's NSE rate before October 2024 (0.00345 %), computed by hand below;
// today's rates and the intraday notes are in charges-fixtures.test.ts.
const limits: PaperLimits = { ...DEFAULT_PAPER_LIMITS, transaction_charges: 0.00345 };

/** A small seeded generator (mulberry32) so property checks are repeatable without a library. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function randomOrders(count: number, seed = 2026): ExecutedOrder[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, (_, index) => ({
    side: index % 2 === 0 ? 'BUY' : 'SELL',
    quantity: 1 + Math.floor(random() * 5_000),
    // ₹0.05 to ₹50,000 on the ₹0.05 tick.
    price: 5 * (1 + Math.floor(random() * 1_000_000)),
  }));
}

function sumOfLines(charges: Charges): number {
  const { total, ...lines } = charges;
  return Object.values(lines).reduce((sum, line) => sum + line, 0);
}

describe('contract notes computed by hand', () => {
  it('BUY 100 RELIANCE @ ₹2,450.35 costs ₹315.67 in charges', () => {
    // Turnover 100 × ₹2,450.35 = ₹2,45,035.00 = 2,45,03,500 paise.
    // Brokerage ₹20 flat                                     = 2,000 paise
    // STT 0.1 % × 2,45,03,500 = 24,503.5                     → 24,504 (half-up)
    // Exchange 0.00345 % × 2,45,03,500 = 845.37075            → 845
    // SEBI ₹10/crore = 2,45,03,500 / 10,00,000 = 24.5035      → 25
    // GST 18 % × (2,000 + 845 + 25 = 2,870) = 516.6           → 517
    // Stamp 0.015 % × 2,45,03,500 = 3,675.525                 → 3,676
    // Total 2,000 + 24,504 + 845 + 25 + 517 + 3,676           = 31,567 paise = ₹315.67
    expect(computeCharges({ side: 'BUY', quantity: 100, price: 245_035 }, limits)).toEqual({
      brokerage: 2_000,
      stt: 24_504,
      exchangeTransaction: 845,
      sebiFee: 25,
      gst: 517,
      stampDuty: 3_676,
      total: 31_567,
    });
  });

  it('SELL 37 TCS @ ₹3,912.05 costs ₹174.40 in charges and pays no stamp duty', () => {
    // Turnover 37 × ₹3,912.05 = ₹1,44,745.85 = 1,44,74,585 paise.
    // Brokerage ₹20 flat                                     = 2,000 paise
    // STT 0.1 % × 1,44,74,585 = 14,474.585                   → 14,475
    // Exchange 0.00345 % × 1,44,74,585 = 499.3731825          → 499
    // SEBI 1,44,74,585 / 10,00,000 = 14.474585                → 14
    // GST 18 % × (2,000 + 499 + 14 = 2,513) = 452.34          → 452
    // Stamp: none on a sell                                   = 0
    // Total 2,000 + 14,475 + 499 + 14 + 452                   = 17,440 paise = ₹174.40
    expect(computeCharges({ side: 'SELL', quantity: 37, price: 391_205 }, limits)).toEqual({
      brokerage: 2_000,
      stt: 14_475,
      exchangeTransaction: 499,
      sebiFee: 14,
      gst: 452,
      stampDuty: 0,
      total: 17_440,
    });
  });

  it('BUY 1 @ ₹12.30 costs ₹23.61, nearly all of it brokerage and its GST', () => {
    // Turnover 1,230 paise.
    // Brokerage ₹20 flat                                     = 2,000 paise
    // STT 0.1 % × 1,230 = 1.23                                → 1
    // Exchange 0.00345 % × 1,230 = 0.042435                   → 0
    // SEBI 1,230 / 10,00,000 = 0.00123                        → 0
    // GST 18 % × 2,000 = 360                                  = 360
    // Stamp 0.015 % × 1,230 = 0.1845                          → 0
    // Total 2,000 + 1 + 360                                   = 2,361 paise = ₹23.61 (192 % of turnover)
    expect(computeCharges({ side: 'BUY', quantity: 1, price: 1_230 }, limits)).toEqual({
      brokerage: 2_000,
      stt: 1,
      exchangeTransaction: 0,
      sebiFee: 0,
      gst: 360,
      stampDuty: 0,
      total: 2_361,
    });
  });
});

describe('exact rounding', () => {
  it('rounds a true half paisa up where float arithmetic would round it down', () => {
    // 10,000 × 0.00015 is exactly 1.5 paise, but 10_000 * 0.00015 === 1.4999999999999998 in floats.
    expect(10_000 * 0.00015).toBeLessThan(1.5);
    expect(computeCharges({ side: 'BUY', quantity: 1, price: 10_000 }, limits).stampDuty).toBe(2);
  });

  it('rounds STT half-up at exactly half a paisa and down just below it', () => {
    expect(computeCharges({ side: 'SELL', quantity: 1, price: 1_500 }, limits).stt).toBe(2);
    expect(computeCharges({ side: 'SELL', quantity: 1, price: 1_499 }, limits).stt).toBe(1);
  });

  it('reads typed decimals as exact fractions', () => {
    expect(decimalFraction(0.00345)).toEqual({ numerator: 345n, denominator: 100_000n });
    expect(decimalFraction(20)).toEqual({ numerator: 20n, denominator: 1n });
    expect(decimalFraction(1e-7)).toEqual({ numerator: 1n, denominator: 10_000_000n });
    expect(multiplyRoundHalfUp(100, decimalFraction(19.995))).toBe(2_000);
  });

  it('refuses negative or non-finite rates and malformed orders', () => {
    expect(() =>
      computeCharges({ side: 'BUY', quantity: 1, price: 100 }, { ...limits, stt_rate: -0.001 }),
    ).toThrow(RangeError);
    expect(() => decimalFraction(Number.NaN)).toThrow(RangeError);
    expect(() => turnoverPaise({ side: 'BUY', quantity: 0, price: 100 })).toThrow(RangeError);
    expect(() => turnoverPaise({ side: 'BUY', quantity: 1.5, price: 100 })).toThrow(RangeError);
    expect(() => turnoverPaise({ side: 'BUY', quantity: 1, price: 12.3 })).toThrow(RangeError);
  });
});

describe('charges properties over 2,000 seeded orders', () => {
  const orders = randomOrders(2_000);
  /** The orders for which `holds` is false, so a failure names its counter-examples. */
  const counterExamples = (holds: (order: ExecutedOrder) => boolean) =>
    orders.filter((order) => !holds(order));

  it('are never negative and the total is the sum of the rounded lines', () => {
    const wrong = counterExamples((order) => {
      const charges = computeCharges(order, limits);
      return Object.values(charges).every((line) => line >= 0) && charges.total === sumOfLines(charges);
    });
    expect(wrong).toEqual([]);
  });

  it('charge no stamp duty on a sell', () => {
    expect(
      counterExamples((order) => computeCharges({ ...order, side: 'SELL' }, limits).stampDuty === 0),
    ).toEqual([]);
  });

  it('differ between a buy and a sell of the same turnover only by stamp duty', () => {
    const wrong = counterExamples((order) => {
      const buy = computeCharges({ ...order, side: 'BUY' }, limits);
      const sell = computeCharges({ ...order, side: 'SELL' }, limits);
      const sameLines = (['brokerage', 'stt', 'exchangeTransaction', 'sebiFee', 'gst'] as const).every(
        (key) => buy[key] === sell[key],
      );
      return sameLines && buy.total - sell.total === buy.stampDuty;
    });
    expect(wrong).toEqual([]);
  });

  it('grow with turnover on every line', () => {
    const wrong = counterExamples((order) => {
      const smaller = computeCharges(order, limits);
      const larger = computeCharges({ ...order, quantity: order.quantity + 1 }, limits);
      return (Object.keys(smaller) as (keyof Charges)[]).every((key) => larger[key] >= smaller[key]);
    });
    expect(wrong).toEqual([]);
  });
});

describe('edited limits change the numbers', () => {
  const order: ExecutedOrder = { side: 'BUY', quantity: 100, price: 245_035 };

  it('drops brokerage and its GST when brokerage is set to ₹0', () => {
    const free: PaperLimits = { ...limits, brokerage_per_trade: 0 };
    // GST now only on exchange + SEBI: 18 % × (845 + 25) = 156.6 → 157.
    expect(computeCharges(order, free)).toMatchObject({
      brokerage: 0,
      gst: 157,
      total: 24_504 + 845 + 25 + 157 + 3_676,
    });
  });

  it('drops STT when the STT rate is 0', () => {
    expect(computeCharges(order, { ...limits, stt_rate: 0 })).toMatchObject({
      stt: 0,
      total: 31_567 - 24_504,
    });
  });

  it('reads transaction_charges as a percentage and brokerage in rupees, paise included', () => {
    // 0.01 % of 2,45,03,500 = 2,450.35 → 2,450; brokerage ₹15.50 = 1,550 paise.
    const edited = computeCharges(order, { ...limits, transaction_charges: 0.01, brokerage_per_trade: 15.5 });
    expect(edited).toMatchObject({ exchangeTransaction: 2_450, brokerage: 1_550 });
  });
});

describe('net cash effect of an executed order', () => {
  it('takes turnover plus charges for a buy', () => {
    const order: ExecutedOrder = { side: 'BUY', quantity: 100, price: 245_035 };
    expect(netCashEffect(order, computeCharges(order, limits))).toBe(-(24_503_500 + 31_567));
  });

  it('gives turnover less charges for a sell', () => {
    const order: ExecutedOrder = { side: 'SELL', quantity: 37, price: 391_205 };
    expect(netCashEffect(order, computeCharges(order, limits))).toBe(14_474_585 - 17_440);
  });

  it('can be negative for a sell smaller than its charges', () => {
    const order: ExecutedOrder = { side: 'SELL', quantity: 1, price: 1_230 };
    // 1,230 − (2,000 + 1 + 360) = −1,131.
    expect(netCashEffect(order, computeCharges(order, limits))).toBe(-1_131);
  });
});
