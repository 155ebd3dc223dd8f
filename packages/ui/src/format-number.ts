import { MISSING_VALUE } from './format-inr';

export interface FormatNumberOptions {
  decimals?: number;
}

/** A plain figure with Indian grouping, for what is not rupees (index points): 81234.5 → "81,234.50"; "—" when missing. */
export function formatNumber(
  value: number | null | undefined,
  { decimals = 2 }: FormatNumberOptions = {},
): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return MISSING_VALUE;
  return new Intl.NumberFormat('en-IN', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(value);
}
