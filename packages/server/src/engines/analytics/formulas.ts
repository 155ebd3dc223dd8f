// Every performance formula, once. Conventions follow quantstats (stats.py) and empyrical; the
// reference for each is in docs/decisions/0011-performance-analytics-formulas.md. Inputs are plain
// arrays of daily returns (fractions, 0.01 = 1 %) or trade P&Ls; a figure that cannot be computed
// honestly is null, never NaN or Infinity.

import { addTrade, emptyTotals, type TradeTotals } from './trade-totals';

/** Sessions in a trading year (quantstats `periods=252`). */
export const SESSIONS_PER_YEAR = 252;
/** quantstats `cagr`: years are calendar days / 365. */
export const DAYS_PER_YEAR = 365;
/** Under this many calendar days an annualised return is an extrapolation, not a figure. */
export const MIN_DAYS_FOR_ANNUALISED = 30;

const finiteOrNull = (value: number): number | null => (Number.isFinite(value) ? value : null);

export function mean(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  let sum = 0;
  for (const value of values) sum += value;
  return sum / values.length;
}

/** Sample standard deviation (ddof = 1, pandas' default); null under two values. */
export function sampleStd(values: readonly number[]): number | null {
  if (values.length < 2) return null;
  const average = mean(values)!;
  let squares = 0;
  for (const value of values) squares += (value - average) ** 2;
  return Math.sqrt(squares / (values.length - 1));
}

/** quantstats `_prepare_returns`: an annual rate as the equivalent rate per session. */
export function dailyRiskFree(annualRate: number, periods = SESSIONS_PER_YEAR): number {
  return (1 + annualRate) ** (1 / periods) - 1;
}

/** quantstats `comp`: the compounded return of a run of returns, Π(1 + r) − 1. */
export function compoundedReturn(returns: readonly number[]): number {
  let growth = 1;
  for (const r of returns) growth *= 1 + r;
  return growth - 1;
}

/** quantstats `sharpe`: mean(excess) / std(excess, ddof=1) × √252; null with a flat or one-day series. */
export function sharpeRatio(returns: readonly number[], annualRiskFree: number): number | null {
  const rf = dailyRiskFree(annualRiskFree);
  const excess = returns.map((r) => r - rf);
  const std = sampleStd(excess);
  if (std === null || std === 0) return null;
  return finiteOrNull((mean(excess)! / std) * Math.sqrt(SESSIONS_PER_YEAR));
}

/**
 * quantstats `sortino`: mean(excess) / downside × √252, downside = √(Σ min(excess, 0)² / N) over all
 * N sessions (not only the losing ones); null when no session fell below the risk-free rate. Also
 * null, like Sharpe, when the returns never vary (an empty or flat account): there the risk-free rate
 * alone would make every session a "loss" and the ratio a meaningless −√252.
 */
export function sortinoRatio(returns: readonly number[], annualRiskFree: number): number | null {
  const std = sampleStd(returns);
  if (std === null || std === 0) return null;
  const rf = dailyRiskFree(annualRiskFree);
  let downsideSquares = 0;
  let sum = 0;
  for (const r of returns) {
    const excess = r - rf;
    sum += excess;
    if (excess < 0) downsideSquares += excess ** 2;
  }
  const downside = Math.sqrt(downsideSquares / returns.length);
  if (downside === 0) return null;
  return finiteOrNull((sum / returns.length / downside) * Math.sqrt(SESSIONS_PER_YEAR));
}

/** quantstats `volatility`: std(returns, ddof=1) × √252, as a fraction; null under two sessions. */
export function annualisedVolatility(returns: readonly number[]): number | null {
  const std = sampleStd(returns);
  return std === null ? null : finiteOrNull(std * Math.sqrt(SESSIONS_PER_YEAR));
}

/**
 * quantstats `cagr` (before its 2025 rewrite): (1 + total)^(365 / days) − 1, as a fraction, where days =
 * the last return's date − the first return's date (not counting both ends). Null when the period's
 * window is under 30 calendar days, and when the account lost everything (no real root).
 */
export function annualisedReturn(
  totalReturn: number,
  spanDays: number,
  windowDays = spanDays,
): number | null {
  if (windowDays < MIN_DAYS_FOR_ANNUALISED || spanDays <= 0 || 1 + totalReturn <= 0) return null;
  return finiteOrNull((1 + totalReturn) ** (DAYS_PER_YEAR / spanDays) - 1);
}

/** quantstats `calmar`: CAGR / |max drawdown|; null without a CAGR or a drawdown. */
export function calmarRatio(cagr: number | null, maxDrawdown: number): number | null {
  if (cagr === null || maxDrawdown === 0) return null;
  return finiteOrNull(cagr / Math.abs(maxDrawdown));
}

export interface Drawdown {
  /** The deepest fall below a running peak of the compounded curve, a positive fraction (0.12 = 12 %). */
  depth: number;
  /** Index of the peak (−1: the start of the series, before its first session) and of the trough. */
  peakIndex: number;
  troughIndex: number;
  /** Drawdown after each session, positive fractions. */
  series: number[];
}

/**
 * quantstats `to_drawdown_series` / `max_drawdown` on the compounded curve Π(1 + r), which starts at
 * 1 before the first session, so deposits and withdrawals never read as a fall.
 */
export function drawdowns(returns: readonly number[]): Drawdown {
  let wealth = 1;
  let peak = 1;
  let peakIndex = -1;
  const result: Drawdown = { depth: 0, peakIndex: -1, troughIndex: -1, series: [] };
  for (let i = 0; i < returns.length; i += 1) {
    wealth *= 1 + returns[i]!;
    if (wealth >= peak) {
      peak = wealth;
      peakIndex = i;
    }
    const depth = peak > 0 ? 1 - wealth / peak : 0;
    result.series.push(depth);
    if (depth > result.depth) {
      result.depth = depth;
      result.peakIndex = peakIndex;
      result.troughIndex = i;
    }
  }
  return result;
}

export interface TradeFigures {
  total: number;
  winning: number;
  losing: number;
  /** Percent points of all trades (break-even trades count in the total, not as wins). */
  winRate: number | null;
  avgWin: number | null;
  /** Negative: the average losing trade's P&L. */
  avgLoss: number | null;
  largestWin: number | null;
  largestLoss: number | null;
  /** quantstats `profit_factor`: gross profit / gross loss; null without a losing trade. */
  profitFactor: number | null;
  /** Mean net P&L per trade = win rate × avg win + loss rate × avg loss. */
  expectancy: number | null;
  netPnl: number;
  /** Mean time from entry to exit, hours. */
  avgHoldHours: number | null;
}

/** Trade statistics from the totals of a set of closed trades (net P&L after charges). */
export function tradeFiguresOf(totals: TradeTotals): TradeFigures {
  const { total, winning, losing, grossProfit, grossLoss } = totals;
  const netPnl = grossProfit - grossLoss;
  return {
    total,
    winning,
    losing,
    winRate: total === 0 ? null : (winning / total) * 100,
    avgWin: winning === 0 ? null : grossProfit / winning,
    avgLoss: losing === 0 ? null : -grossLoss / losing,
    largestWin: totals.largestWin,
    largestLoss: totals.largestLoss,
    profitFactor: losing === 0 ? null : grossProfit / grossLoss,
    expectancy: total === 0 ? null : netPnl / total,
    netPnl,
    avgHoldHours: total === 0 ? null : totals.holdMs / total / 3_600_000,
  };
}

/** Trade statistics over a list of net trade P&Ls. */
export function tradeFigures(pnls: readonly number[]): TradeFigures {
  const totals = emptyTotals();
  for (const pnl of pnls) addTrade(totals, pnl);
  return tradeFiguresOf(totals);
}
