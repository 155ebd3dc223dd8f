import { BACKTEST_ROWS_SENT, type BacktestStartRequest } from '@td/contracts';
import type { BacktestRunRecord } from '../../core/ports/repositories/backtest-runs';
import { type AnnualisedRatios, withholdShortRunRatios } from '../analytics/short-run-ratios';
import type { BacktestMlReport } from './backtest-ml';
import type { BacktestSettings } from './backtest-settings';
import type { BacktestResult } from './run-backtest';

const rupees = (paise: number) => paise / 100;
const round = (value: number, places = 2) => {
  const factor = 10 ** places;
  const rounded = Math.round(value * factor) / factor;
  return Object.is(rounded, -0) ? 0 : rounded;
};
/** To the paisa: a trade's share of a contract note is fractional paise. */
const paisa = (paise: number) => round(paise / 100);
const paisaOrNull = (paise: number | null) => (paise === null ? null : paisa(paise));
const orNull = (value: number | null, places = 2) => (value === null ? null : round(value, places));
const iso = (ts: number) => new Date(ts).toISOString();

/** The request's settings as the engine takes them: capital in paise. */
export function settingsOf(request: BacktestStartRequest): BacktestSettings {
  return {
    capitalPaise: request.capital * 100,
    allocation: request.allocation_strategy,
    ...(request.min_confidence === undefined ? {} : { minConfidence: request.min_confidence }),
    ...(request.stop_loss_pct === undefined ? {} : { stopLossPercent: request.stop_loss_pct }),
    ...(request.target_pct === undefined ? {} : { targetPercent: request.target_pct }),
    ...(request.max_hold_minutes === undefined ? {} : { maxHoldMinutes: request.max_hold_minutes }),
    product: request.product,
    brokeragePlan: request.brokerage_plan,
    // Stored runs from before the choice existed have neither: the rules alone, with news by default.
    signals: request.signals ?? 'rules',
    news: request.news ?? true,
  };
}

/**
 * A complete run's figures as the API shows them: rupees, snake_case, orders with their contract notes.
 * Only the latest BACKTEST_ROWS_SENT orders and trades are kept, with counts of all (the metrics are of all).
 */
export function resultView(result: BacktestResult) {
  return {
    starting_capital: rupees(result.startingCapitalPaise),
    final_equity: rupees(result.finalEquityPaise),
    net_pnl: rupees(result.netPnlPaise),
    charges: rupees(result.chargesPaise),
    turnover: rupees(result.turnoverPaise),
    bars: result.bars,
    sessions: result.sessions.map((s) => ({
      date: s.date,
      orders: s.orders,
      end_equity: rupees(s.endEquityPaise),
    })),
    orders: result.orders.slice(-BACKTEST_ROWS_SENT).map((o) => ({
      at: new Date(o.at).toISOString(),
      symbol: o.symbol,
      side: o.side,
      quantity: o.quantity,
      price: o.pricePaise === null ? null : rupees(o.pricePaise),
      product: o.product,
      status: o.status,
      strategy: o.strategy,
      reject_reason: o.rejectReason,
      charges: {
        brokerage: rupees(o.charges.brokerage),
        stt: rupees(o.charges.stt),
        exchange_transaction: rupees(o.charges.exchangeTransaction),
        sebi_fee: rupees(o.charges.sebiFee),
        gst: rupees(o.charges.gst),
        stamp_duty: rupees(o.charges.stampDuty),
        total: rupees(o.charges.total),
      },
    })),
    orders_total: result.orders.length,
    orders_filled: result.orders.filter((o) => o.status === 'FILLED').length,
    trades: result.trades.slice(-BACKTEST_ROWS_SENT).map((t) => ({
      symbol: t.symbol,
      strategy: t.strategy,
      exit_reason: t.exitReason,
      quantity: t.quantity,
      entry_at: iso(t.entryAt),
      exit_at: iso(t.exitAt),
      entry_price: rupees(t.entryPricePaise),
      exit_price: rupees(t.exitPricePaise),
      gross_pnl: rupees(t.grossPnlPaise),
      charges: paisa(t.chargesPaise),
      net_pnl: paisa(t.netPnlPaise),
      holding_minutes: t.holdingMinutes,
    })),
    equity: result.equity.map((p) => ({
      at: iso(p.at),
      equity: rupees(p.equityPaise),
      drawdown_percent: p.drawdownPercent,
      nifty_50: p.nifty50Paise === null ? null : rupees(p.nifty50Paise),
    })),
    trades_total: result.trades.length,
    equity_stride_minutes: result.equityStrideMinutes,
    equity_stride_sessions: result.equityStrideSessions,
    buy_and_hold: buyAndHoldView(result),
    benchmark_note: result.benchmarkNote ?? null,
    metrics: metricsView(result),
    monthly: result.monthly.map((m) => ({
      month: m.month,
      pnl: rupees(m.pnlPaise),
      return_percent: round(m.returnPercent),
      trades: m.trades,
      win_rate: orNull(m.winRate),
      charges: rupees(m.chargesPaise),
    })),
    ml: result.ml ? mlView(result.ml) : null,
    errors: result.errors,
  };
}

function mlView(ml: BacktestMlReport) {
  const { tally, before } = ml;
  const share = (k: number, n: number) => (n > 0 ? round(k / n, 4) : null);
  return {
    signals: ml.signals,
    news: ml.news,
    say: round(ml.say, 4),
    say_reason: ml.sayReason,
    trained_sessions: ml.trainedSessions,
    before: before && {
      scored_sessions: before.scoredSessions,
      predictions: before.predictions,
      accuracy: round(before.accuracy, 4),
      always_up_accuracy: round(before.alwaysUpAccuracy, 4),
      coin_accuracy: round(before.coinAccuracy, 4),
      edge: round(before.edge, 4),
      edge_interval: before.edgeInterval && [
        round(before.edgeInterval[0], 4),
        round(before.edgeInterval[1], 4),
      ],
    },
    headlines: ml.headlines,
    predictions: tally.predictions,
    accuracy: share(tally.right, tally.predictions),
    always_up_accuracy: share(tally.rose, tally.predictions),
    models: tally.models.map((model) => ({
      name: model.name,
      description: model.description,
      views: model.views,
      coverage: share(model.views, tally.predictions) ?? 0,
      accuracy: share(model.right, model.views),
    })),
  };
}

function buyAndHoldView({ buyAndHold: held, startingCapitalPaise: capital }: BacktestResult) {
  if (!held) return null;
  return {
    index: 'NIFTY 50' as const,
    start_level: round(held.startLevel),
    end_level: round(held.endLevel),
    final_value: rupees(held.finalValuePaise),
    pnl: rupees(held.finalValuePaise - capital),
    return_percent: round((held.finalValuePaise / capital - 1) * 100),
  };
}

function metricsView({ metrics: m, netPnlPaise, sessions }: BacktestResult) {
  const ratios = withholdShortRunRatios(
    {
      sharpe_ratio: orNull(m.sharpeRatio),
      sortino_ratio: orNull(m.sortinoRatio),
      calmar_ratio: orNull(m.calmarRatio),
      volatility: orNull(m.volatilityPercent),
    },
    sessions.length, // one return per session
    'run',
  );
  return {
    total_return: rupees(netPnlPaise),
    total_return_percent: round(m.totalReturnPercent),
    annualized_return: orNull(m.annualisedReturnPercent),
    win_rate: orNull(m.winRate),
    total_trades: m.totalTrades,
    winning_trades: m.winningTrades,
    losing_trades: m.losingTrades,
    avg_win: paisaOrNull(m.avgWinPaise),
    avg_loss: paisaOrNull(m.avgLossPaise),
    largest_win: paisaOrNull(m.largestWinPaise),
    largest_loss: paisaOrNull(m.largestLossPaise),
    profit_factor: orNull(m.profitFactor),
    expectancy: paisaOrNull(m.expectancyPaise),
    sharpe_ratio: ratios.sharpe_ratio,
    sortino_ratio: ratios.sortino_ratio,
    calmar_ratio: ratios.calmar_ratio,
    max_drawdown: round(m.maxDrawdownPercent),
    max_drawdown_amount: rupees(m.maxDrawdownPaise),
    volatility: ratios.volatility,
    ratios_note: ratios.ratios_note,
    avg_hold_time_hours: orNull(m.avgHoldHours),
    risk_free_rate: m.riskFreeRatePercent,
  };
}

/** One run as GET /api/backtests(/:id) answers it. */
export function runView(run: Omit<BacktestRunRecord, 'result'> & { result?: unknown }) {
  const percent = run.totalBars > 0 ? Math.floor((run.barsDone / run.totalBars) * 1000) / 10 : 0;
  return {
    id: run.id,
    status: run.status,
    created_at: new Date(run.createdAt).toISOString(),
    finished_at: run.finishedAt === null ? null : new Date(run.finishedAt).toISOString(),
    settings: run.settings,
    progress: { bars_done: run.barsDone, total_bars: run.totalBars, percent },
    ...(run.result === undefined ? {} : { result: withStoredRatiosWithheld(run.result) }),
    error: run.error,
  };
}
export type BacktestRunView = ReturnType<typeof runView>;

interface StoredResult {
  sessions?: unknown[];
  metrics?: AnnualisedRatios & { ratios_note?: string | null };
}

/** A result stored before ratios were withheld under 30 sessions (it has no `ratios_note`) gets the rule on read. */
function withStoredRatiosWithheld(result: unknown): unknown {
  const stored = result as StoredResult | null;
  if (!stored?.metrics || stored.metrics.ratios_note !== undefined || !Array.isArray(stored.sessions)) {
    return result;
  }
  return { ...stored, metrics: withholdShortRunRatios(stored.metrics, stored.sessions.length, 'run') };
}
