import { MISSING_VALUE } from './format-inr';

export interface FormatPercentOptions {
  /** Prefix "+" on values that are not negative (P&L, returns). */
  signed?: boolean;
  decimals?: number;
}

/**
 * A value already in percent points, as the API sends day_change_percent: formatPercent(2.5) → "2.50%",
 * formatPercent(-1.234, { signed: true }) → "-1.23%".
 */
export function formatPercent(
  value: number | null | undefined,
  { signed = false, decimals = 2 }: FormatPercentOptions = {},
): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return MISSING_VALUE;
  const digits = new Intl.NumberFormat('en-IN', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(Math.abs(value));
  const roundsToZero = Number(digits.replace(/,/g, '')) === 0;
  const sign = value < 0 && !roundsToZero ? '-' : signed ? '+' : '';
  return `${sign}${digits}%`;
}
