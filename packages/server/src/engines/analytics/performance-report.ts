import type { AnalyticsSource, PerformanceAnalytics, PerformanceReturns } from '@td/contracts';
import {
  annualisedReturn,
  annualisedVolatility,
  calmarRatio,
  compoundedReturn,
  drawdowns,
  sharpeRatio,
  sortinoRatio,
  tradeFiguresOf,
} from './formulas';
import type { LedgerHistory } from './ledger-history';
import { type Selection, type SelectionQuery, selectPeriod } from './performance-selection';
import { shortRunNote, withholdShortRunRatios } from './short-run-ratios';
import { emptyTotals, mergeTotals, type TradeTotals } from './trade-totals';

export interface ReportOptions {
  /** Annual, percent points. */
  riskFreeRatePercent: number;
  livePrice(symbol: string): number | undefined;
  /** IST date (YYYY-MM-DD). */
  today: string;
  source: AnalyticsSource;
}

const round = (value: number, places = 2) => {
  const factor = 10 ** places;
  const rounded = Math.round(value * factor) / factor;
  return Object.is(rounded, -0) ? 0 : rounded;
};
const rupees = (paise: number) => round(paise / 100);
const rupeesOrNull = (paise: number | null) => (paise === null ? null : rupees(paise));
const orNull = (value: number | null, places = 2) => (value === null ? null : round(value, places));
const DAY_MS = 86_400_000;
/** Days from one date to another, not counting both ends (quantstats' `(index[-1] − index[0]).days`). */
const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / DAY_MS;

/** spec part 2 §3 "Performance analytics data": every figure of one period and filter. */
export function performanceAnalytics(
  history: LedgerHistory,
  query: SelectionQuery,
  options: ReportOptions,
): PerformanceAnalytics {
  const selection = selectPeriod(history, query, options.livePrice);
  if (!selection) return emptyAnalytics(query, options);
  const { returns, pnl } = selection;
  const rf = options.riskFreeRatePercent / 100;
  const trades = tradeFiguresOf(selection.totals);
  const total = compoundedReturn(returns);
  const cagr = annualisedReturn(
    total,
    daysBetween(selection.days[0]!, selection.days.at(-1)!),
    daysBetween(selection.from, selection.to) + 1,
  );
  const drawdown = drawdowns(returns);
  const volatility = annualisedVolatility(returns);
  const [best, worst] = extremeDays(selection);
  const ratios = withholdShortRunRatios(
    {
      sharpe_ratio: orNull(sharpeRatio(returns, rf)),
      sortino_ratio: orNull(sortinoRatio(returns, rf)),
      calmar_ratio: orNull(calmarRatio(cagr, drawdown.depth)),
      volatility: orNull(volatility === null ? null : volatility * 100),
    },
    returns.length,
    'period',
  );
  return {
    period: query.period,
    from: selection.from,
    to: selection.to,
    total_return: rupees(sum(pnl)),
    total_return_percent: round(total * 100),
    annualized_return: orNull(cagr === null ? null : cagr * 100),
    win_rate: orNull(trades.winRate),
    total_trades: trades.total,
    winning_trades: trades.winning,
    losing_trades: trades.losing,
    avg_win: rupeesOrNull(trades.avgWin),
    avg_loss: rupeesOrNull(trades.avgLoss),
    largest_win: rupeesOrNull(trades.largestWin),
    largest_loss: rupeesOrNull(trades.largestLoss),
    profit_factor: orNull(trades.profitFactor),
    expectancy: rupeesOrNull(trades.expectancy),
    sharpe_ratio: ratios.sharpe_ratio,
    sortino_ratio: ratios.sortino_ratio,
    calmar_ratio: ratios.calmar_ratio,
    max_drawdown: round(drawdown.depth * 100),
    max_drawdown_amount: rupees(drawdownAmount(pnl, drawdown.peakIndex, drawdown.troughIndex)),
    max_drawdown_peak_date:
      drawdown.depth === 0 ? null : (selection.days[drawdown.peakIndex] ?? selection.from),
    max_drawdown_trough_date: drawdown.depth === 0 ? null : selection.days[drawdown.troughIndex]!,
    volatility: ratios.volatility,
    ratios_note: ratios.ratios_note,
    avg_hold_time_hours: orNull(trades.avgHoldHours),
    exposure_time_percent: round((sum(selection.exposed) / selection.days.length) * 100),
    best_day: best,
    worst_day: worst,
    risk_free_rate: options.riskFreeRatePercent,
    source: options.source,
  };
}

/** spec part 2 §3: the daily equity and P&L series, the monthly table, and the per-stock and per-strategy tables. */
export function performanceReturns(
  history: LedgerHistory,
  query: SelectionQuery,
  options: ReportOptions,
): PerformanceReturns {
  const selection = selectPeriod(history, query, options.livePrice);
  const filters = { strategies: history.strategies, symbols: history.symbols };
  if (!selection) {
    return {
      period: query.period,
      equity: [],
      monthly: [],
      stocks: [],
      strategies: [],
      filters,
      source: options.source,
    };
  }
  const drawdown = drawdowns(selection.returns);
  return {
    period: query.period,
    equity: selection.days.map((date, d) => ({
      date,
      equity: rupees(selection.equity[d]!),
      pnl: rupees(selection.pnl[d]!),
      return_percent: round(selection.returns[d]! * 100, 4),
      drawdown_percent: round(drawdown.series[d]! * 100),
      trades: selection.trades[d]!,
    })),
    monthly: monthlyTable(selection),
    stocks: groupTable(selection, (group) => group.symbol),
    strategies: groupTable(selection, (group) => group.strategy),
    filters,
    source: options.source,
  };
}

/** An account that was never opened (a live account before its first sync): honest zeros and nulls. */
function emptyAnalytics(query: SelectionQuery, options: ReportOptions): PerformanceAnalytics {
  return {
    period: query.period,
    from: null,
    to: options.today,
    total_return: 0,
    total_return_percent: 0,
    annualized_return: null,
    win_rate: null,
    total_trades: 0,
    winning_trades: 0,
    losing_trades: 0,
    avg_win: null,
    avg_loss: null,
    largest_win: null,
    largest_loss: null,
    profit_factor: null,
    expectancy: null,
    sharpe_ratio: null,
    sortino_ratio: null,
    calmar_ratio: null,
    max_drawdown: 0,
    max_drawdown_amount: 0,
    max_drawdown_peak_date: null,
    max_drawdown_trough_date: null,
    volatility: null,
    ratios_note: shortRunNote(0, 'period'),
    avg_hold_time_hours: null,
    exposure_time_percent: null,
    best_day: null,
    worst_day: null,
    risk_free_rate: options.riskFreeRatePercent,
    source: options.source,
  };
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** ₹ lost from the peak's close to the trough's close: the P&L of the sessions after the peak. */
function drawdownAmount(pnl: readonly number[], peakIndex: number, troughIndex: number): number {
  let amount = 0;
  for (let d = peakIndex + 1; d <= troughIndex; d += 1) amount += pnl[d]!;
  return Math.max(0, -amount);
}

/** The best and worst day by P&L; null when no day moved (an empty or flat account). */
function extremeDays(
  selection: Selection,
): [PerformanceAnalytics['best_day'], PerformanceAnalytics['worst_day']] {
  let best = -1;
  let worst = -1;
  selection.pnl.forEach((pnl, d) => {
    if (pnl !== 0 && (best < 0 || pnl > selection.pnl[best]!)) best = d;
    if (pnl !== 0 && (worst < 0 || pnl < selection.pnl[worst]!)) worst = d;
  });
  const day = (d: number) => (d < 0 ? null : { date: selection.days[d]!, pnl: rupees(selection.pnl[d]!) });
  return [day(best), day(worst)];
}

function monthlyTable(selection: Selection): PerformanceReturns['monthly'] {
  const months: PerformanceReturns['monthly'] = [];
  let returns: number[] = [];
  let current = { month: '', pnl: 0, trades: 0, wins: 0 };
  const close = () => {
    if (!current.month) return;
    months.push({
      month: current.month,
      return_percent: round(compoundedReturn(returns) * 100),
      pnl: rupees(current.pnl),
      trades: current.trades,
      win_rate: current.trades === 0 ? null : round((current.wins / current.trades) * 100),
    });
  };
  selection.days.forEach((date, d) => {
    const month = date.slice(0, 7);
    if (month !== current.month) {
      close();
      current = { month, pnl: 0, trades: 0, wins: 0 };
      returns = [];
    }
    current.pnl += selection.pnl[d]!;
    current.trades += selection.trades[d]!;
    current.wins += selection.wins[d]!;
    returns.push(selection.returns[d]!);
  });
  close();
  return months;
}

/** Closed trades grouped by symbol or strategy, most profitable first. */
function groupTable(
  selection: Selection,
  nameOf: (group: Selection['groups'][number]) => string,
): PerformanceReturns['stocks'] {
  const groups = new Map<string, TradeTotals>();
  for (const group of selection.groups) {
    const name = nameOf(group);
    let totals = groups.get(name);
    if (!totals) {
      totals = emptyTotals();
      groups.set(name, totals);
    }
    mergeTotals(totals, group.totals);
  }
  return [...groups.entries()]
    .map(([name, totals]) => {
      const figures = tradeFiguresOf(totals);
      return {
        name,
        trades: figures.total,
        winning_trades: figures.winning,
        win_rate: orNull(figures.winRate),
        pnl: rupees(figures.netPnl),
        avg_pnl: rupeesOrNull(figures.expectancy),
        largest_win: rupeesOrNull(figures.largestWin),
        largest_loss: rupeesOrNull(figures.largestLoss),
      };
    })
    .sort((a, b) => b.pnl - a.pnl || a.name.localeCompare(b.name));
}
