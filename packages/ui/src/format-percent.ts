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

/** A share given as a fraction (an accuracy, a coverage): formatShare(0.512) → "51.2%". */
export function formatShare(value: number | null | undefined, decimals = 1): string {
  return typeof value === 'number' ? formatPercent(value * 100, { decimals }) : MISSING_VALUE;
}

/** A difference of two shares in percentage points: formatPoints(0.012) → "+1.2 pts". */
export function formatPoints(fraction: number | null | undefined): string {
  if (typeof fraction !== 'number' || !Number.isFinite(fraction)) return MISSING_VALUE;
  return `${formatPercent(fraction * 100, { signed: true, decimals: 1 }).replace('%', '')} pts`;
}
