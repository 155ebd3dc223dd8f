import { formatNumber } from './format-number';

describe('formatNumber', () => {
  it('groups digits the Indian way with two decimals by default', () => {
    expect(formatNumber(81234.5)).toBe('81,234.50');
    expect(formatNumber(1234567.891)).toBe('12,34,567.89');
  });

  it('takes the number of decimals', () => {
    expect(formatNumber(24350.456, { decimals: 0 })).toBe('24,350');
  });

  it('shows a missing value as a dash', () => {
    expect(formatNumber(undefined)).toBe('—');
    expect(formatNumber(Number.NaN)).toBe('—');
  });
});
