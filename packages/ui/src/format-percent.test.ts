import { formatPercent } from './format-percent';

describe('formatPercent', () => {
  it('shows percent points with two decimals by default', () => {
    expect(formatPercent(2.5)).toBe('2.50%');
    expect(formatPercent(-1.234)).toBe('-1.23%');
    expect(formatPercent(0)).toBe('0.00%');
  });

  it('adds a plus sign to non-negative values when signed', () => {
    expect(formatPercent(1.5, { signed: true })).toBe('+1.50%');
    expect(formatPercent(0, { signed: true })).toBe('+0.00%');
    expect(formatPercent(-0.75, { signed: true })).toBe('-0.75%');
  });

  it('takes the number of decimals, and drops the minus when the value rounds to zero', () => {
    expect(formatPercent(12.345, { decimals: 1 })).toBe('12.3%');
    expect(formatPercent(75, { decimals: 0 })).toBe('75%');
    expect(formatPercent(-0.001)).toBe('0.00%');
  });

  it('groups large values the Indian way', () => {
    expect(formatPercent(123456.789)).toBe('1,23,456.79%');
  });

  it('shows a dash for missing values', () => {
    expect(formatPercent(undefined)).toBe('—');
    expect(formatPercent(Number.NaN, { signed: true })).toBe('—');
  });
});
