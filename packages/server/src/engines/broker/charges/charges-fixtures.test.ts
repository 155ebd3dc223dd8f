import { DEFAULT_PAPER_LIMITS, type PaperLimits } from '../../../core/orders';
import { computeCharges, type ExecutedOrder } from './compute-charges';

// The worked example: BUY 100 @ ₹2,500 and SELL 100 @ ₹2,500, turnover ₹2,50,000 =
// 2,50,00,000 paise a side, every line by hand. docs/decisions/0027-intraday-charges.md.
const buy: ExecutedOrder = { side: 'BUY', quantity: 100, price: 250_000 };
const sell: ExecutedOrder = { side: 'SELL', quantity: 100, price: 250_000 };
const flat = DEFAULT_PAPER_LIMITS;
const discount: PaperLimits = { ...DEFAULT_PAPER_LIMITS, brokerage_plan: 'discount' };

describe('100 × ₹2,500 round trip, flat ₹20 an order, NSE', () => {
  it('costs ₹135.32 intraday', () => {
    // Brokerage ₹20                                    = 2,000
    // STT: none on the buy; 0.025 % × 2,50,00,000 sell = 6,250
    // Exchange 0.00297 % × 2,50,00,000 = 742.5         → 743 (half-up)
    // SEBI ₹10/crore = 25                              = 25
    // GST 18 % × (2,000 + 743 + 25 = 2,768) = 498.24   → 498
    // Stamp 0.003 % × 2,50,00,000 on the buy           = 750
    // Buy 2,000 + 743 + 25 + 498 + 750 = 4,016; sell 2,000 + 6,250 + 743 + 25 + 498 = 9,516
    expect(computeCharges({ ...buy, product: 'I' }, flat)).toEqual({
      brokerage: 2_000,
      stt: 0,
      exchangeTransaction: 743,
      sebiFee: 25,
      gst: 498,
      stampDuty: 750,
      total: 4_016,
    });
    expect(computeCharges({ ...sell, product: 'I' }, flat)).toEqual({
      brokerage: 2_000,
      stt: 6_250,
      exchangeTransaction: 743,
      sebiFee: 25,
      gst: 498,
      stampDuty: 0,
      total: 9_516,
    });
  });

  it('costs ₹602.82 as delivery', () => {
    // STT 0.1 % both sides = 25,000 each; stamp 0.015 % on the buy = 3,750; the rest as intraday.
    // Buy 2,000 + 25,000 + 743 + 25 + 498 + 3,750 = 32,016; sell 2,000 + 25,000 + 743 + 25 + 498 = 28,266
    expect(computeCharges(buy, flat)).toEqual({
      brokerage: 2_000,
      stt: 25_000,
      exchangeTransaction: 743,
      sebiFee: 25,
      gst: 498,
      stampDuty: 3_750,
      total: 32_016,
    });
    expect(computeCharges(sell, flat).total).toBe(28_266);
  });

  it('reproduces the ₹605.66 delivery figure at the spec’s pre-October-2024 NSE rate 0.00345 %', () => {
    // Exchange 862.5 → 863; GST 18 % × 2,888 = 519.84 → 520: buy 32,158 + sell 28,408.
    const old = { ...flat, transaction_charges: 0.00345 };
    expect(computeCharges(buy, old).total + computeCharges(sell, old).total).toBe(60_566);
  });
});

describe('100 × ₹2,500 round trip on the discount plan (min(₹20, 0.03 %) intraday, ₹0 delivery)', () => {
  it('costs the same ₹135.32 intraday, since 0.03 % of ₹2,50,000 is ₹75, over the ₹20 cap', () => {
    const total =
      computeCharges({ ...buy, product: 'I' }, discount).total +
      computeCharges({ ...sell, product: 'I' }, discount).total;
    expect(total).toBe(13_532);
  });

  it('costs ₹555.62 as delivery: no brokerage, so GST only on exchange + SEBI', () => {
    // GST 18 % × (743 + 25 = 768) = 138.24 → 138
    // Buy 25,000 + 743 + 25 + 138 + 3,750 = 29,656; sell 25,000 + 743 + 25 + 138 = 25,906
    expect(computeCharges(buy, discount)).toMatchObject({ brokerage: 0, gst: 138, total: 29_656 });
    expect(computeCharges(sell, discount)).toMatchObject({ brokerage: 0, gst: 138, total: 25_906 });
  });

  it('charges 0.03 % on a small intraday order: 10 × ₹500 pays ₹1.50', () => {
    const small: ExecutedOrder = { side: 'BUY', quantity: 10, price: 50_000, product: 'I' };
    expect(computeCharges(small, discount).brokerage).toBe(150);
  });
});

describe('exchange', () => {
  it('bills BSE at its own 0.00375 %: 100 × ₹2,500 intraday round trip ₹139.92', () => {
    // Exchange 937.5 → 938; GST 18 % × (2,000 + 938 + 25 = 2,963) = 533.34 → 533
    // Buy 2,000 + 938 + 25 + 533 + 750 = 4,246; sell 2,000 + 6,250 + 938 + 25 + 533 = 9,746
    const onBse = { product: 'I', exchange: 'BSE' } as const;
    expect(computeCharges({ ...buy, ...onBse }, flat)).toMatchObject({
      exchangeTransaction: 938,
      total: 4_246,
    });
    expect(computeCharges({ ...sell, ...onBse }, flat).total).toBe(9_746);
  });

  it('leaves BSE’s rate alone when the NSE rate is edited', () => {
    const edited = { ...flat, transaction_charges: 0.01 };
    const onBse: ExecutedOrder = { ...buy, exchange: 'BSE' };
    expect(computeCharges(onBse, edited).exchangeTransaction).toBe(938);
    expect(computeCharges(buy, edited).exchangeTransaction).toBe(2_500);
  });
});

describe('delivery STT follows the stt_rate field; intraday STT is statutory', () => {
  it('changes delivery STT and not intraday STT when stt_rate is edited', () => {
    const edited = { ...flat, stt_rate: 0.002 };
    expect(computeCharges(sell, edited).stt).toBe(50_000);
    expect(computeCharges({ ...sell, product: 'I' }, edited).stt).toBe(6_250);
  });
});
