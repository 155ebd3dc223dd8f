import { impactFromLastPrice, limitOrderFill, walkBook } from './fill-price';

const book = {
  asks: [
    { price: 100_005, quantity: 100, orders: 3 },
    { price: 100_010, quantity: 200, orders: 5 },
    { price: 100_015, quantity: 300, orders: 8 },
  ],
  bids: [
    { price: 100_000, quantity: 150, orders: 4 },
    { price: 99_995, quantity: 250, orders: 6 },
  ],
};

describe('market order fill prices', () => {
  it('fills a small buy at the best ask, with no slippage', () => {
    expect(walkBook('BUY', 50, book)).toEqual({ price: 100_005, slippageBps: 0 });
  });

  it('walks the book for a larger buy and rounds the average up to the tick', () => {
    // 100 @ 1000.05 + 150 @ 1000.10 = 250,017.50 rupees → average 1000.07 → 1000.10 on the tick.
    expect(walkBook('BUY', 250, book)?.price).toBe(100_010);
  });

  it('walks the bids for a sell and rounds the average down', () => {
    // 150 @ 1000.00 + 50 @ 999.95 → average 999.9875 → 999.95.
    expect(walkBook('SELL', 200, book)?.price).toBe(99_995);
  });

  it('charges beyond the whole book rather than filling at its last level', () => {
    const whole = walkBook('BUY', 600, book)!.price;
    const beyond = walkBook('BUY', 1200, book)!.price;
    expect(beyond).toBeGreaterThan(whole);
  });

  it('grows impact with size when only the last price is known', () => {
    const small = impactFromLastPrice('BUY', 10, 250_000, 10_000);
    const large = impactFromLastPrice('BUY', 10_000, 250_000, 10_000);
    expect(small.price).toBeGreaterThan(250_000);
    expect(large.slippageBps).toBeGreaterThan(small.slippageBps);
    expect(impactFromLastPrice('SELL', 10, 250_000, 10_000).price).toBeLessThan(250_000);
  });

  it('fills a resting limit order only once the price reaches it, at the better price', () => {
    expect(limitOrderFill('BUY', 100_000, 100_005)).toBeNull();
    expect(limitOrderFill('BUY', 100_000, 99_990)).toBe(99_990);
    expect(limitOrderFill('SELL', 100_000, 99_995)).toBeNull();
    expect(limitOrderFill('SELL', 100_000, 100_020)).toBe(100_020);
  });
});
