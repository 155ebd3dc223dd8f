import { DEFAULT_PAPER_LIMITS } from '../../../core/orders';
import { chargesRefusal, minimumEconomicOrderPaise, roundTripChargesPaise } from './charges-gate';

const gate = { rates: DEFAULT_PAPER_LIMITS, maxPercent: 0.5 };

describe('charges gate', () => {
  it('prices a round trip as two intraday contract notes: 17 shares at ₹1,000 cost ₹53.18', () => {
    // Buy ₹17,000: brokerage ₹20, no STT, exchange 0.00297 % ₹0.50, SEBI ₹0.02,
    //   GST 18 % × ₹20.52 = ₹3.69, stamp 0.003 % ₹0.51 = ₹24.72.
    // Sell: ₹20 + STT 0.025 % ₹4.25 + ₹0.50 + ₹0.02 + ₹3.69, no stamp = ₹28.46.
    expect(roundTripChargesPaise(DEFAULT_PAPER_LIMITS, 17, 1_000_00)).toBe(24_72 + 28_46);
  });

  it('finds the smallest order whose round trip fits the cap: about ₹10,156 at 0.5 %', () => {
    const smallest = minimumEconomicOrderPaise(gate);
    expect(smallest).toBe(10_155_90);
    expect(chargesRefusal(gate, 11, 1_000_00)).toBeNull();
    expect(chargesRefusal(gate, 10, 1_000_00)).toMatch(/0\.51 % of ₹10,000, over the 0\.5 % cap/);
  });

  it('says what an entry costs and why it is refused', () => {
    expect(chargesRefusal(gate, 3, 1_700_00)).toBe(
      'round-trip charges ₹49 are 0.96 % of ₹5,100, over the 0.5 % cap',
    );
  });

  it('refuses everything when the charges that grow with value alone exceed the cap', () => {
    // Intraday, STT + exchange + SEBI + their GST + stamp come to about 0.035 % of the value.
    expect(minimumEconomicOrderPaise({ ...gate, maxPercent: 0.03 })).toBe(Number.POSITIVE_INFINITY);
  });
});
