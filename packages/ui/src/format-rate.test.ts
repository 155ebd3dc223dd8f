import { formatFractionRate, formatRate, isRateFromEnoughCases, MIN_CASES_FOR_RATE } from './format-rate';

describe('formatRate', () => {
  it('puts the count beside a rate from fewer than 20 cases', () => {
    expect(formatRate(100, 1)).toBe('100.0% (1 trade)');
    expect(formatRate(50, 2, { decimals: 0 })).toBe('50% (2 trades)');
    expect(formatRate(57.89, 19, { unit: ['prediction', 'predictions'] })).toBe('57.9% (19 predictions)');
  });

  it('shows the rate alone from 20 cases on', () => {
    expect(MIN_CASES_FOR_RATE).toBe(20);
    expect(formatRate(55, 20)).toBe('55.0%');
    expect(formatRate(58.25, 1_200, { decimals: 0 })).toBe('58%');
  });

  it('shows a dash with no case or no rate, and the rate alone when the count is unknown', () => {
    expect(formatRate(0, 0)).toBe('—');
    expect(formatRate(null, 5)).toBe('—');
    expect(formatRate(62.5, undefined)).toBe('62.5%');
  });

  it('says whether a rate rests on enough cases to be coloured', () => {
    expect(isRateFromEnoughCases(3)).toBe(false);
    expect(isRateFromEnoughCases(20)).toBe(true);
    expect(isRateFromEnoughCases(null)).toBe(true);
  });
});

describe('formatFractionRate', () => {
  it('reads a 0–1 share as percent points', () => {
    expect(formatFractionRate(1, 1, { decimals: 0 })).toBe('100% (1 trade)');
    expect(formatFractionRate(0.5, 40, { decimals: 0 })).toBe('50%');
    expect(formatFractionRate(null, 3)).toBe('—');
  });
});
