import { DEFAULT_PAPER_LIMITS } from '../../../core/orders';
import { computeCharges } from './compute-charges';
import { fillNote } from './fill-note';

const rates = DEFAULT_PAPER_LIMITS;
const sell = { side: 'SELL', quantity: 100, price: 250_000 } as const;
const intradayHeld = { quantity: 100, costPaise: 25_000_000, intradayBought: 100 };

describe('the product a paper fill is charged as', () => {
  it('charges a buy as its order says, delivery when it says nothing', () => {
    expect(fillNote({ side: 'BUY', quantity: 100, price: 250_000, product: 'I' }, rates).product).toBe('I');
    expect(fillNote({ side: 'BUY', quantity: 100, price: 250_000 }, rates).product).toBe('D');
  });

  it('charges a same-day sale of intraday shares as intraday, whatever the sell order says', () => {
    const note = fillNote({ ...sell, product: 'D' }, rates, { ...intradayHeld, openedToday: true });
    expect(note).toEqual({ product: 'I', charges: computeCharges({ ...sell, product: 'I' }, rates) });
    expect(note.charges.total).toBe(9_516);
  });

  it('charges a sale of delivery shares as delivery with no top-up', () => {
    const note = fillNote({ ...sell, product: 'I' }, rates, {
      ...intradayHeld,
      intradayBought: 0,
      openedToday: true,
    });
    expect(note).toEqual({ product: 'D', charges: computeCharges(sell, rates) });
  });

  it('converts intraday shares held overnight: the sale is delivery and pays the buy’s delivery top-up', () => {
    // Bought 100 @ ₹2,500 intraday yesterday (note ₹40.16), sold today @ ₹2,500.
    // Delivery sell note 28,266 + top-up on the ₹2,50,000 cost: STT 0.1 % = 25,000 and
    // stamp 0.015 % − 0.003 % = 3,750 − 750 = 3,000 → 56,266. With the buy's 4,016 the round trip
    // is 60,282: exactly the delivery round trip (32,016 + 28,266), as if bought for delivery.
    const note = fillNote({ ...sell, product: 'I' }, rates, { ...intradayHeld, openedToday: false });
    expect(note.product).toBe('D');
    expect(note.charges).toEqual({
      brokerage: 2_000,
      stt: 50_000,
      exchangeTransaction: 743,
      sebiFee: 25,
      gst: 498,
      stampDuty: 3_000,
      total: 56_266,
    });
    const intradayBuy = computeCharges({ side: 'BUY', quantity: 100, price: 250_000, product: 'I' }, rates);
    const deliveryBuy = computeCharges({ side: 'BUY', quantity: 100, price: 250_000 }, rates);
    expect(intradayBuy.total + note.charges.total).toBe(
      deliveryBuy.total + computeCharges(sell, rates).total,
    );
  });

  it('tops up only the intraday shares of a mixed position, at their share of its cost', () => {
    // 40 of 100 shares were bought intraday; selling 50 converts 40: cost 40 % of ₹2,50,000 = ₹1,00,000.
    // STT top-up 10,000; stamp 1,500 − 300 = 1,200.
    const note = fillNote({ ...sell, quantity: 50 }, rates, {
      ...intradayHeld,
      intradayBought: 40,
      openedToday: true,
    });
    const plain = computeCharges({ ...sell, quantity: 50 }, rates);
    expect(note.charges.total - plain.total).toBe(11_200);
  });
});
