import type { Charges, Order } from '../../core/orders';
import type { Ledger } from '../broker/ledger';
import type { EquityRecorder } from './backtest-equity';
import { backtestMetrics, monthlyRows } from './backtest-metrics';
import type { BacktestResult, BacktestSessionResult } from './backtest-result';
import { closedTrades } from './backtest-trades';

const NO_CHARGES: Charges = {
  brokerage: 0,
  stt: 0,
  exchangeTransaction: 0,
  sebiFee: 0,
  gst: 0,
  stampDuty: 0,
  total: 0,
};

export interface RunRecord {
  ledger: Ledger;
  orders: Order[];
  sessions: BacktestSessionResult[];
  capital: number;
  finalEquity: number;
  bars: number;
  errors: Set<string>;
  recorder: EquityRecorder;
  riskFreeRatePercent: number;
}

/** A finished run's figures: orders with their contract notes, closed trades, the curve, months, metrics. */
export function summarise(run: RunRecord): BacktestResult {
  const { ledger, orders, sessions, capital, finalEquity } = run;
  const fills = ledger.fills();
  const charges = new Map<string, Charges>();
  let turnover = 0;
  let chargesTotal = 0;
  for (const fill of fills) {
    turnover += fill.price * fill.quantity;
    chargesTotal += fill.charges.total;
    const sum = charges.get(fill.orderId) ?? { ...NO_CHARGES };
    for (const line of Object.keys(sum) as (keyof Charges)[]) sum[line] += fill.charges[line];
    charges.set(fill.orderId, sum);
  }
  const trades = closedTrades(fills, orders);
  const curve = run.recorder.curve();
  return {
    startingCapitalPaise: capital,
    finalEquityPaise: finalEquity,
    netPnlPaise: finalEquity - capital,
    chargesPaise: chargesTotal,
    turnoverPaise: turnover,
    bars: run.bars,
    sessions,
    orders: orders.map((order) => ({
      at: order.createdAt,
      symbol: order.symbol,
      side: order.side,
      quantity: order.quantity,
      pricePaise: order.averagePrice,
      product: order.product,
      status: order.status,
      strategy: order.strategy,
      rejectReason: order.rejectReason,
      charges: charges.get(order.id) ?? { ...NO_CHARGES },
    })),
    trades,
    equity: curve.points,
    equityStrideMinutes: curve.strideMinutes,
    equityStrideSessions: curve.strideSessions,
    buyAndHold: curve.buyAndHold,
    metrics: backtestMetrics(capital, sessions, trades, curve, run.riskFreeRatePercent),
    monthly: monthlyRows(capital, sessions, trades, fills),
    errors: [...run.errors],
  };
}
