import { formatCapital, formatINR, formatPaise, formatSignedINR, paiseToRupees } from './format-inr';

describe('formatINR', () => {
  it.each([
    [1234, '₹1,234'],
    [100000, '₹1,00,000'],
    [1000000, '₹10,00,000'],
    [12345678, '₹1,23,45,678'],
    [1234567890, '₹1,23,45,67,890'],
    [999, '₹999'],
  ])('groups %d the Indian way as %s', (value, expected) => {
    expect(formatINR(value)).toBe(expected);
  });

  it('puts the minus sign before the rupee sign for negatives', () => {
    expect(formatINR(-123456)).toBe('-₹1,23,456');
  });

  it('shows zero as ₹0, and a negative that rounds to zero without a minus', () => {
    expect(formatINR(0)).toBe('₹0');
    expect(formatINR(-0.4)).toBe('₹0');
  });

  it('rounds to whole rupees, carrying into the next group', () => {
    expect(formatINR(99999.6)).toBe('₹1,00,000');
    expect(formatINR(99999.4)).toBe('₹99,999');
    expect(formatINR(-1234.5)).toBe('-₹1,235');
  });

  it('shows a dash for missing or non-numeric values', () => {
    expect(formatINR(undefined)).toBe('—');
    expect(formatINR(null)).toBe('—');
    expect(formatINR(Number.NaN)).toBe('—');
    expect(formatINR(Number.POSITIVE_INFINITY)).toBe('—');
  });
});

describe('formatSignedINR', () => {
  it('adds a plus sign when the P&L is non-negative, zero included', () => {
    expect(formatSignedINR(1234)).toBe('+₹1,234');
    expect(formatSignedINR(0)).toBe('+₹0');
  });

  it('keeps the minus sign for losses', () => {
    expect(formatSignedINR(-1234)).toBe('-₹1,234');
    expect(formatSignedINR(-1234567)).toBe('-₹12,34,567');
  });

  it('shows a dash when the value is missing', () => {
    expect(formatSignedINR(undefined)).toBe('—');
  });
});

describe('formatPaise', () => {
  it('converts integer paise to rupees before formatting', () => {
    expect(paiseToRupees(12345)).toBe(123.45);
    expect(formatPaise(12345600)).toBe('₹1,23,456');
    expect(formatPaise(-5000)).toBe('-₹50');
    expect(formatPaise(undefined)).toBe('—');
  });
});

describe('formatCapital', () => {
  it.each([
    [10000000, '₹1.00 Cr'],
    [125000000, '₹12.50 Cr'],
    [1000000, '₹10.00 L'],
    [100000, '₹1.00 L'],
    [25000, '₹25.0 K'],
    [1000, '₹1.0 K'],
    [999, '₹999'],
    [0, '₹0'],
  ])('shows %d as %s', (value, expected) => {
    expect(formatCapital(value)).toBe(expected);
  });

  it('moves up a unit when rounding reaches it, at the lakh and crore boundaries', () => {
    expect(formatCapital(9999999)).toBe('₹1.00 Cr');
    expect(formatCapital(9_949_999)).toBe('₹99.50 L');
    expect(formatCapital(99_999)).toBe('₹1.00 L');
    expect(formatCapital(99_940)).toBe('₹99.9 K');
    expect(formatCapital(999.6)).toBe('₹1.0 K');
  });

  it('keeps Indian grouping for thousands of crores', () => {
    expect(formatCapital(12_345_000_000)).toBe('₹1,234.50 Cr');
  });

  it('signs negative capital and shows a dash when missing', () => {
    expect(formatCapital(-2500000)).toBe('-₹25.00 L');
    expect(formatCapital(-500)).toBe('-₹500');
    expect(formatCapital(Number.NaN)).toBe('—');
  });
});
