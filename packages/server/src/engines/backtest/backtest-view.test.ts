import { BACKTEST_ROWS_SENT } from '@td/contracts';
import type { BacktestMetrics } from './backtest-metrics';
import type { BacktestOrder, BacktestResult } from './backtest-result';
import type { BacktestTrade } from './backtest-trades';
import { resultView } from './backtest-view';

const NO_CHARGES = {
  brokerage: 0,
  stt: 0,
  exchangeTransaction: 0,
  sebiFee: 0,
  gst: 0,
  stampDuty: 0,
  total: 0,
};

const order = (i: number): BacktestOrder => ({
  at: i * 60_000,
  symbol: 'INFY',
  side: i % 2 === 0 ? 'BUY' : 'SELL',
  quantity: 1,
  pricePaise: i % 3 === 0 ? null : 1_000_00,
  product: 'I',
  status: i % 3 === 0 ? 'REJECTED' : 'FILLED',
  strategy: 'momentum',
  rejectReason: i % 3 === 0 ? 'no cash' : null,
  charges: NO_CHARGES,
});

const trade = (i: number): BacktestTrade => ({
  symbol: 'INFY',
  strategy: 'momentum',
  exitReason: 'exit:target',
  quantity: 1,
  entryAt: i * 60_000,
  exitAt: (i + 1) * 60_000,
  entryPricePaise: 1_000_00,
  exitPricePaise: 1_001_00,
  grossPnlPaise: 100,
  chargesPaise: 0,
  netPnlPaise: 100,
  holdingMinutes: 1,
});

/** A long run's result: 1,200 orders, 700 closed trades, its metrics over all of them. */
function longRun(): BacktestResult {
  return {
    startingCapitalPaise: 10_00_000_00,
    finalEquityPaise: 10_00_700_00,
    netPnlPaise: 700_00,
    chargesPaise: 0,
    turnoverPaise: 0,
    bars: 1,
    sessions: [],
    orders: Array.from({ length: 1_200 }, (_, i) => order(i)),
    trades: Array.from({ length: 700 }, (_, i) => trade(i)),
    equity: [],
    equityStrideMinutes: 1,
    buyAndHold: null,
    metrics: {
      totalTrades: 700,
      winningTrades: 700,
      losingTrades: 0,
      totalReturnPercent: 0.07,
      maxDrawdownPercent: 0,
      maxDrawdownPaise: 0,
      riskFreeRatePercent: 6.5,
    } as BacktestMetrics,
    monthly: [],
    errors: [],
  };
}

describe('a backtest result as GET /api/backtests/:id sends it', () => {
  it('carries the latest 500 orders and trades, with counts of all, the metrics over all', () => {
    const view = resultView(longRun());
    expect(BACKTEST_ROWS_SENT).toBe(500);
    expect(view.orders).toHaveLength(500);
    expect(view.orders.at(-1)?.at).toBe(new Date(1_199 * 60_000).toISOString());
    expect(view.orders[0]?.at).toBe(new Date(700 * 60_000).toISOString());
    expect(view.orders_total).toBe(1_200);
    expect(view.orders_filled).toBe(800);
    expect(view.trades).toHaveLength(500);
    expect(view.trades.at(-1)?.exit_at).toBe(new Date(700 * 60_000).toISOString());
    expect(view.trades_total).toBe(700);
    expect(view.metrics.total_trades).toBe(700);
  });
});
