import type { BacktestResult, BacktestRun, BacktestSignals, BacktestStartRequest } from '@td/contracts';
import type { EquityChartPoint } from '../equity-chart-canvas';

const twoPlaces = (value: number) => Math.round(value * 100) / 100;

/**
 * The points the Performance screen's equity chart draws: the run's curve from the starting capital every
 * few minutes, with the capital held in the NIFTY 50 beside it. A run stored before the curve was kept has
 * only its session ends, with the drawdown below their running peak (the capital the first peak).
 */
export function backtestEquityPoints(result: BacktestResult): EquityChartPoint[] {
  if (result.equity) {
    return result.equity.map((point) => ({
      date: point.at,
      equity: point.equity,
      drawdown_percent: point.drawdown_percent,
      benchmark: point.nifty_50,
    }));
  }
  let peak = result.starting_capital;
  return result.sessions.map((session) => {
    peak = Math.max(peak, session.end_equity);
    const drawdown = peak > 0 ? ((peak - session.end_equity) / peak) * 100 : 0;
    return { date: session.date, equity: session.end_equity, drawdown_percent: twoPlaces(drawdown) };
  });
}

/** The deepest fall below a running peak, percent (0: never below). */
export const maxDrawdownPercent = (points: readonly EquityChartPoint[]) =>
  points.reduce((deepest, point) => Math.max(deepest, point.drawdown_percent), 0);

/** Net P&L (after charges) as a share of the starting capital, percent. */
export const returnPercent = (result: BacktestResult) =>
  result.starting_capital > 0 ? twoPlaces((result.net_pnl / result.starting_capital) * 100) : null;

/** The strategy's return less buy-and-hold's, percent points; null without the index. */
export const returnOverBuyAndHold = (result: BacktestResult) => {
  const strategy = returnPercent(result);
  const held = result.buy_and_hold;
  return strategy === null || !held ? null : twoPlaces(strategy - held.return_percent);
};

/** "every 5 minutes", "every minute", and past 2,000 sessions "at every 2nd session end". */
export function strideLabel(minutes: number | undefined, sessions = 1): string {
  if (minutes === undefined) return 'at session ends';
  if (sessions > 1) return `at every ${ordinal(sessions)} session end`;
  return minutes === 1 ? 'every minute' : `every ${minutes} minutes`;
}

function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/** "2h 05m", "45m" */
export function holdingLabel(minutes: number): string {
  if (minutes < 60) return `${minutes}m`;
  return `${Math.floor(minutes / 60)}h ${String(minutes % 60).padStart(2, '0')}m`;
}

/** What the charges took of every rupee traded, percent; null when nothing was traded. */
export const chargesShareOfTurnover = (result: BacktestResult) =>
  result.turnover > 0 ? (result.charges / result.turnover) * 100 : null;

/** All the run's orders and trades: a result carries only the latest BACKTEST_ROWS_SENT of each. */
export const ordersTotal = (result: BacktestResult) => result.orders_total ?? result.orders.length;
export const tradesTotal = (result: BacktestResult) => result.trades_total ?? result.trades?.length ?? 0;

export const filledOrders = (result: BacktestResult) =>
  result.orders_filled ?? result.orders.filter((order) => order.status === 'FILLED').length;

/** "2026-04-01 to 2026-04-03 · all symbols", and "· imported candles" for a run over the stored bars. */
export function rangeLabel(run: BacktestRun): string {
  const { from, to, symbols, data } = run.settings;
  const which = symbols.length === 0 ? 'all symbols' : symbols.join(', ');
  return `${from} to ${to} · ${which}${data === 'stored' ? ' · imported candles' : ''}`;
}

/** Seconds left at the pace so far, when no stream frame has said it: null until there is a pace. */
export function etaFromPace(run: BacktestRun, now: number): number | null {
  const { bars_done: done, total_bars: total } = run.progress;
  const elapsed = (now - Date.parse(run.created_at)) / 1000;
  if (done <= 0 || elapsed <= 0) return null;
  return Math.max(0, Math.round(((total - done) * elapsed) / done));
}

/** "about 1 min 05 s left", "about 12 s left" */
export function timeLeftLabel(seconds: number | null): string {
  if (seconds === null) return 'working out the time left';
  if (seconds < 60) return `about ${seconds} s left`;
  const minutes = Math.floor(seconds / 60);
  return `about ${minutes} min ${String(seconds % 60).padStart(2, '0')} s left`;
}

/** What ranked the stocks, as the form offers it. */
export const SIGNALS_LABELS: Record<BacktestSignals, string> = {
  rules: 'Rules only',
  ml: 'Rules + ML, measured say',
  ml_full: 'Rules + ML, full say',
};

/** A run's signals in words, with whether the ML read the news. */
export function signalsLabel(settings: Pick<BacktestStartRequest, 'signals' | 'news'>): string {
  const signals = settings.signals ?? 'rules';
  if (signals === 'rules') return SIGNALS_LABELS.rules;
  return `${SIGNALS_LABELS[signals]}, ${settings.news === false ? 'without' : 'with'} the news`;
}
