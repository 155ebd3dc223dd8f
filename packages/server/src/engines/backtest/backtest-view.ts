import type { BacktestStartRequest } from '@td/contracts';
import type { BacktestRunRecord } from '../../core/ports/repositories/backtest-runs';
import type { BacktestSettings } from './backtest-settings';
import type { BacktestResult } from './run-backtest';

const rupees = (paise: number) => paise / 100;

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
  };
}

/** A complete run's figures as the API shows them: rupees, snake_case, orders with their contract notes. */
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
    orders: result.orders.map((o) => ({
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
    errors: result.errors,
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
    ...(run.result === undefined ? {} : { result: run.result }),
    error: run.error,
  };
}
export type BacktestRunView = ReturnType<typeof runView>;
