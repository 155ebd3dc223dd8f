import { accountForMode } from './mode';

describe('accountForMode', () => {
  it('trades the paper account in mock and paper modes and the broker account in live mode', () => {
    expect(accountForMode('mock')).toBe('paper');
    expect(accountForMode('paper')).toBe('paper');
    expect(accountForMode('live')).toBe('live');
  });
});
