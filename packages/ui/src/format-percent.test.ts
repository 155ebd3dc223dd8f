import { MISSING_VALUE } from './format-inr';
import { formatPercent, formatPoints, formatShare } from './format-percent';

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

describe('formatShare and formatPoints', () => {
  it('shows an accuracy given as a fraction as a percentage, and a missing one as a dash', () => {
    expect(formatShare(0.512)).toBe('51.2%');
    expect(formatShare(0.5, 0)).toBe('50%');
    expect(formatShare(null)).toBe(MISSING_VALUE);
  });

  it('shows an edge as signed percentage points', () => {
    expect(formatPoints(0.012)).toBe('+1.2 pts');
    expect(formatPoints(-0.028)).toBe('-2.8 pts');
    expect(formatPoints(null)).toBe(MISSING_VALUE);
  });
});
