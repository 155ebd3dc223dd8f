import { formatPercentForMessage, formatRupeesForMessage } from './money';

describe('formatRupeesForMessage', () => {
  it.each([
    [0, '₹0'],
    [5, '₹0.05'],
    [100, '₹1'],
    [99_900, '₹999'],
    [1_00_000, '₹1,000'],
    [50_00_000, '₹50,000'],
    [50_00_001, '₹50,000.01'],
    [62_50_000, '₹62,500'],
    [1_00_00_000, '₹1,00,000'],
    [10_00_00_000, '₹10,00,000'],
    [2_45_35_067, '₹2,45,350.67'],
    [1_00_00_00_000, '₹1,00,00,000'],
    [12_34_56_78_950, '₹12,34,56,789.50'],
  ])('formats %i paise as %s', (paise, expected) => {
    expect(formatRupeesForMessage(paise)).toBe(expected);
  });

  it('puts the minus sign before the rupee symbol', () => {
    expect(formatRupeesForMessage(-25_00_050)).toBe('-₹25,000.50');
  });

  it('rounds a fractional paisa, as a share of equity can be', () => {
    expect(formatRupeesForMessage(30_00_000.4)).toBe('₹30,000');
    expect(formatRupeesForMessage(30_00_000.5)).toBe('₹30,000.01');
  });
});

describe('formatPercentForMessage', () => {
  it.each([
    [80, '80%'],
    [80.00000000000001, '80%'],
    [1.5, '1.5%'],
    [80.006, '80.01%'],
    [85.123, '85.12%'],
  ])('formats %f as %s', (percent, expected) => {
    expect(formatPercentForMessage(percent)).toBe(expected);
  });
});
