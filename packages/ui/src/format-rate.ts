import { MISSING_VALUE } from './format-inr';
import { formatPercent } from './format-percent';

/** Under this many cases a rate says how few it rests on: one winning trade is not a "100 % win rate". */
export const MIN_CASES_FOR_RATE = 20;

export interface FormatRateOptions {
  /** What a case is, singular and plural. Default: trade, trades. */
  unit?: readonly [singular: string, plural: string];
  decimals?: number;
}

/** True when a rate rests on enough cases to be read (and coloured) on its own. */
export function isRateFromEnoughCases(cases: number | null | undefined): boolean {
  return typeof cases !== 'number' || cases >= MIN_CASES_FOR_RATE;
}

/**
 * A rate in percent points with the number of cases behind it, for win, success and hit rates:
 * "58.3%" from 20 cases on, "100.0% (1 trade)" under 20, a dash from none. An unknown count
 * (an older server) shows the rate alone.
 */
export function formatRate(
  percent: number | null | undefined,
  cases: number | null | undefined,
  { unit = ['trade', 'trades'], decimals = 1 }: FormatRateOptions = {},
): string {
  if (cases === 0) return MISSING_VALUE;
  const rate = formatPercent(percent, { decimals });
  if (rate === MISSING_VALUE || isRateFromEnoughCases(cases)) return rate;
  return `${rate} (${cases} ${cases === 1 ? unit[0] : unit[1]})`;
}

/** formatRate for a 0–1 share, as the ML figures send it: formatFractionRate(1, 1) → "100.0% (1 trade)". */
export function formatFractionRate(
  fraction: number | null | undefined,
  cases: number | null | undefined,
  options?: FormatRateOptions,
): string {
  return formatRate(typeof fraction === 'number' ? fraction * 100 : fraction, cases, options);
}
