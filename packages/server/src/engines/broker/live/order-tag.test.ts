import { GENERIC_ALGO_ID, orderIdFromTag, rowsByOrderId, upstoxTag } from './order-tag';

describe('Upstox order tag', () => {
  it('carries the algo id and our order id, and gives the order id back', () => {
    const tag = upstoxTag('LV0123456789abcdef', '24719');
    expect(tag).toBe('24719LV0123456789abcdef');
    expect(orderIdFromTag(tag)).toBe('LV0123456789abcdef');
  });

  it('finds the order id after an algo id that itself contains LV', () => {
    expect(orderIdFromTag(upstoxTag('LV00aa11bb22cc33dd', 'ALVL'))).toBe('LV00aa11bb22cc33dd');
    expect(orderIdFromTag(upstoxTag('LV00aa11bb22cc33dd', GENERIC_ALGO_ID))).toBe('LV00aa11bb22cc33dd');
  });

  it('reads a tag written before algo ids as the order id itself', () => {
    expect(orderIdFromTag('LV0123456789abcdef')).toBe('LV0123456789abcdef');
    expect(orderIdFromTag('manual-order')).toBe('manual-order');
  });

  it('indexes order book rows by the order id in their tag, skipping untagged rows', () => {
    const rows = [{ tag: 'GENERICLV1' }, { tag: null }, { tag: 'LV2' }];
    expect([...rowsByOrderId(rows).keys()]).toEqual(['LV1', 'LV2']);
  });
});
