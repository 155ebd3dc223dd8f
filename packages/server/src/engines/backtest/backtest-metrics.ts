import type { Fill } from '../../core/orders';
import { istDateOf } from '../../core/time/ist-time';
import {
  annualisedReturn,
  annualisedVolatility,
  calmarRatio,
  compoundedReturn,
  sharpeRatio,
  sortinoRatio,
  tradeFiguresOf,
} from '../analytics/formulas';
import { addTrade, emptyTotals } from '../analytics/trade-totals';
import type { EquityCurve } from './backtest-equity';
import type { BacktestTrade } from './backtest-trades';

/** The annual risk-free rate when none is given, percent points: RISK_FREE_RATE_PERCENT's default. */
export const DEFAULT_RISK_FREE_RATE_PERCENT = 6.5;

/** The Performance screen's figures (analytics/formulas), over the run's sessions and closed trades. */
export interface BacktestMetrics {
  totalReturnPercent: number;
  /** Null under 30 calendar days, as on the Performance screen. */
  annualisedReturnPercent: number | null;
  winRate: number | null;
  totalTrades: number;
  winningTrades: number;
  losingTrades: number;
  avgWinPaise: number | null;
  avgLossPaise: number | null;
  largestWinPaise: number | null;
  largestLossPaise: number | null;
  profitFactor: number | null;
  expectancyPaise: number | null;
  sharpeRatio: number | null;
  sortinoRatio: number | null;
  calmarRatio: number | null;
  /** Of the equity after every replayed minute (not only the thinned curve's points), percent points. */
  maxDrawdownPercent: number;
  maxDrawdownPaise: number;
  volatilityPercent: number | null;
  avgHoldHours: number | null;
  riskFreeRatePercent: number;
}

export interface BacktestMonth {
  /** YYYY-MM (IST). */
  month: string;
  pnlPaise: number;
  returnPercent: number;
  trades: number;
  winRate: number | null;
  chargesPaise: number;
}

export interface SessionEnd {
  date: string;
  endEquityPaise: number;
}

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / DAY_MS;
const times100 = (value: number | null) => (value === null ? null : value * 100);

/** Each session's return on the equity it started with (the first: the capital). */
export function sessionReturns(capitalPaise: number, sessions: readonly SessionEnd[]): number[] {
  let before = capitalPaise;
  return sessions.map(({ endEquityPaise }) => {
    const r = before > 0 ? endEquityPaise / before - 1 : 0;
    before = endEquityPaise;
    return r;
  });
}

export function backtestMetrics(
  capitalPaise: number,
  sessions: readonly SessionEnd[],
  trades: readonly BacktestTrade[],
  curve: EquityCurve,
  riskFreeRatePercent = DEFAULT_RISK_FREE_RATE_PERCENT,
): BacktestMetrics {
  const returns = sessionReturns(capitalPaise, sessions);
  const totals = emptyTotals();
  for (const trade of trades) addTrade(totals, trade.netPnlPaise, trade.exitAt - trade.entryAt);
  const figures = tradeFiguresOf(totals);
  const rf = riskFreeRatePercent / 100;
  const total = compoundedReturn(returns);
  const first = sessions[0]?.date;
  const last = sessions.at(-1)?.date;
  const cagr =
    first && last ? annualisedReturn(total, daysBetween(first, last), daysBetween(first, last) + 1) : null;
  return {
    totalReturnPercent: total * 100,
    annualisedReturnPercent: times100(cagr),
    winRate: figures.winRate,
    totalTrades: figures.total,
    winningTrades: figures.winning,
    losingTrades: figures.losing,
    avgWinPaise: figures.avgWin,
    avgLossPaise: figures.avgLoss,
    largestWinPaise: figures.largestWin,
    largestLossPaise: figures.largestLoss,
    profitFactor: figures.profitFactor,
    expectancyPaise: figures.expectancy,
    sharpeRatio: sharpeRatio(returns, rf),
    sortinoRatio: sortinoRatio(returns, rf),
    calmarRatio: calmarRatio(cagr, curve.maxDrawdown),
    maxDrawdownPercent: curve.maxDrawdown * 100,
    maxDrawdownPaise: curve.maxDrawdownPaise,
    volatilityPercent: times100(annualisedVolatility(returns)),
    avgHoldHours: figures.avgHoldHours,
    riskFreeRatePercent,
  };
}

/**
 * The Performance screen's monthly table over the run: P&L the change of equity over the month's
 * sessions, return their compounded daily returns, trades closed in it, and the charges of its fills.
 */
export function monthlyRows(
  capitalPaise: number,
  sessions: readonly SessionEnd[],
  trades: readonly BacktestTrade[],
  fills: readonly Fill[],
): BacktestMonth[] {
  const returns = sessionReturns(capitalPaise, sessions);
  const months = new Map<string, BacktestMonth & { returns: number[]; wins: number }>();
  const monthOf = (key: string) => {
    let row = months.get(key);
    if (!row) {
      row = {
        month: key,
        pnlPaise: 0,
        returnPercent: 0,
        trades: 0,
        winRate: null,
        chargesPaise: 0,
        returns: [],
        wins: 0,
      };
      months.set(key, row);
    }
    return row;
  };
  let before = capitalPaise;
  sessions.forEach((session, d) => {
    const row = monthOf(session.date.slice(0, 7));
    row.pnlPaise += session.endEquityPaise - before;
    row.returns.push(returns[d]!);
    before = session.endEquityPaise;
  });
  for (const trade of trades) {
    const row = monthOf(istDateOf(trade.exitAt).slice(0, 7));
    row.trades += 1;
    if (trade.netPnlPaise > 0) row.wins += 1;
  }
  for (const fill of fills) monthOf(istDateOf(fill.ts).slice(0, 7)).chargesPaise += fill.charges.total;
  return [...months.values()]
    .sort((a, b) => (a.month < b.month ? -1 : 1))
    .map(({ returns: monthReturns, wins, ...row }) => ({
      ...row,
      returnPercent: compoundedReturn(monthReturns) * 100,
      winRate: row.trades === 0 ? null : (wins / row.trades) * 100,
    }));
}
