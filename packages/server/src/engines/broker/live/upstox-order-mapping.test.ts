import { orderStatusFromUpstox, paiseToRupees, parseUpstoxTime, rupeesToPaise } from './upstox-order-mapping';

describe('Upstox order mapping', () => {
  it.each([
    ['complete', 'FILLED'],
    ['rejected', 'REJECTED'],
    ['cancelled', 'CANCELLED'],
    ['cancelled after market order', 'CANCELLED'],
    ['open', 'PENDING'],
    ['trigger pending', 'PENDING'],
    ['put order req received', 'PENDING'],
    ['validation pending', 'PENDING'],
    ['modify pending', 'PENDING'],
    ['cancel pending', 'PENDING'],
    ['after market order req received', 'PENDING'],
    ['a status Upstox adds tomorrow', 'PENDING'],
  ])('reads Upstox status %s as %s', (upstox, ours) => {
    expect(orderStatusFromUpstox(upstox)).toBe(ours);
  });

  it('converts rupees to paise and back without float drift', () => {
    expect(rupeesToPaise(2500.05)).toBe(250_005);
    expect(rupeesToPaise(0.1 + 0.2)).toBe(30);
    expect(paiseToRupees(155_005)).toBe(1550.05);
  });

  it('reads both of Upstox’s zone-less time formats as IST', () => {
    const tenFifteen = Date.UTC(2026, 0, 12, 4, 45, 7);
    expect(parseUpstoxTime('2026-01-12 10:15:07')).toBe(tenFifteen);
    expect(parseUpstoxTime('12-Jan-2026 10:15:07')).toBe(tenFifteen);
    expect(parseUpstoxTime('2026-01-12T10:15:07+05:30')).toBe(tenFifteen);
    expect(parseUpstoxTime('')).toBeNull();
    expect(parseUpstoxTime('not a time')).toBeNull();
  });
});
