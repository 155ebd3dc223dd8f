import { MIN_DAILY_RETURNS_FOR_RATIOS } from '@td/contracts';

/** The figures annualised from daily returns (×√252 or a CAGR over a drawdown), as the API names them. */
export interface AnnualisedRatios {
  sharpe_ratio: number | null;
  sortino_ratio: number | null;
  calmar_ratio: number | null;
  volatility: number | null;
}

/** What the sentence calls the returns' span: a Performance period or a backtest run. */
export type RatioScope = 'period' | 'run';

/** "Needs 30 trading days; this run has 2", or null when there are enough daily returns. */
export function shortRunNote(dailyReturns: number, scope: RatioScope): string | null {
  if (dailyReturns >= MIN_DAILY_RETURNS_FOR_RATIOS) return null;
  return `Needs ${MIN_DAILY_RETURNS_FOR_RATIOS} trading days; this ${scope} has ${dailyReturns}`;
}

/**
 * The figures with Sharpe, Sortino, Calmar and volatility withheld (null) under 30 daily returns,
 * and `ratios_note` saying why (decision 0059): two sessions' noise ×√252 reads like a verdict.
 */
export function withholdShortRunRatios<T extends AnnualisedRatios>(
  figures: T,
  dailyReturns: number,
  scope: RatioScope,
): T & { ratios_note: string | null } {
  const note = shortRunNote(dailyReturns, scope);
  if (note === null) return { ...figures, ratios_note: null };
  return {
    ...figures,
    sharpe_ratio: null,
    sortino_ratio: null,
    calmar_ratio: null,
    volatility: null,
    ratios_note: note,
  };
}
