import { DEFAULT_PAPER_LIMITS } from '../../broker/broker-types';
import { chargesRefusal, minimumEconomicOrderPaise, roundTripChargesPaise } from './charges-gate';

const gate = { rates: DEFAULT_PAPER_LIMITS, maxPercent: 0.5 };

describe('charges gate', () => {
  it('prices a round trip as two contract notes: 17 shares at ₹1,000 cost ₹85.19', () => {
    // Buy: brokerage ₹20, STT ₹17, exchange ₹0.59, SEBI ₹0.02, GST ₹3.71, stamp ₹2.55 = ₹43.87.
    // Sell: the same without stamp duty = ₹41.32.
    expect(roundTripChargesPaise(DEFAULT_PAPER_LIMITS, 17, 1_000_00)).toBe(85_19);
  });

  it('finds the smallest order whose round trip fits the cap: about ₹17,063 at 0.5 %', () => {
    const smallest = minimumEconomicOrderPaise(gate);
    expect(smallest).toBe(17_063_00);
    expect(chargesRefusal(gate, 18, 1_000_00)).toBeNull();
    expect(chargesRefusal(gate, 17, 1_000_00)).toMatch(/0\.50 % of ₹17,000, over the 0\.5 % cap/);
  });

  it('says what an entry costs and why it is refused', () => {
    expect(chargesRefusal(gate, 3, 1_700_00)).toBe(
      'round-trip charges ₹59 are 1.15 % of ₹5,100, over the 0.5 % cap',
    );
  });

  it('refuses everything when the charges that grow with value alone exceed the cap', () => {
    expect(minimumEconomicOrderPaise({ ...gate, maxPercent: 0.2 })).toBe(Number.POSITIVE_INFINITY);
  });
});
