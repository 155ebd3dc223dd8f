import type { BacktestResult, BacktestRun } from '@td/contracts';

const settings: BacktestRun['settings'] = {
  data: 'generated',
  from: '2026-11-16',
  to: '2026-11-20',
  symbols: [],
  capital: 1_000_000,
  allocation_strategy: 'moderate',
  product: 'I',
  brokerage_plan: 'flat',
  signals: 'rules',
  news: true,
};

export const backtestResult: BacktestResult = {
  starting_capital: 1_000_000,
  final_equity: 1_012_345.6,
  net_pnl: 12_345.6,
  charges: 1_234.5,
  turnover: 2_469_000,
  bars: 1_000,
  sessions: [
    { date: '2026-11-16', orders: 4, end_equity: 1_004_000 },
    { date: '2026-11-17', orders: 2, end_equity: 998_000 },
    { date: '2026-11-18', orders: 4, end_equity: 1_012_345.6 },
  ],
  orders: [
    {
      at: '2026-11-16T04:00:00.000Z',
      symbol: 'INFY',
      side: 'BUY',
      quantity: 10,
      price: 1_500.25,
      product: 'I',
      status: 'FILLED',
      strategy: 'ensemble',
      reject_reason: null,
      charges: {
        brokerage: 20,
        stt: 0,
        exchange_transaction: 0.5,
        sebi_fee: 0.01,
        gst: 3.69,
        stamp_duty: 0.45,
        total: 24.65,
      },
    },
  ],
  errors: [],
};

const trade = (symbol: string, entry: string, exit: string, net: number, gross: number) => ({
  symbol,
  strategy: 'ensemble',
  exit_reason: net > 0 ? 'exit:target' : 'exit:stop_loss',
  quantity: 10,
  entry_at: entry,
  exit_at: exit,
  entry_price: 1_500.25,
  exit_price: 1_500.25 + gross / 10,
  gross_pnl: gross,
  charges: gross - net,
  net_pnl: net,
  holding_minutes: 35,
});

/** A run as the server answers it now: closed trades, the curve from the capital, NIFTY 50, months. */
export const fullBacktestResult: BacktestResult = {
  ...backtestResult,
  trades: [
    trade('INFY', '2026-11-16T04:00:00.000Z', '2026-11-16T04:35:00.000Z', 4_000, 4_050),
    trade('TCS', '2026-11-17T04:00:00.000Z', '2026-11-17T04:35:00.000Z', -6_000, -5_950),
    trade('SBIN', '2026-12-01T04:00:00.000Z', '2026-12-01T04:35:00.000Z', 14_345.6, 14_400),
  ],
  equity: [
    { at: '2026-11-16T03:45:00.000Z', equity: 1_000_000, drawdown_percent: 0, nifty_50: 1_000_000 },
    { at: '2026-11-16T10:00:00.000Z', equity: 1_004_000, drawdown_percent: 0, nifty_50: 1_002_000 },
    { at: '2026-11-17T10:00:00.000Z', equity: 998_000, drawdown_percent: 0.6, nifty_50: 1_001_000 },
    { at: '2026-12-01T10:00:00.000Z', equity: 1_012_345.6, drawdown_percent: 0, nifty_50: 1_005_000 },
  ],
  equity_stride_minutes: 5,
  buy_and_hold: {
    index: 'NIFTY 50',
    start_level: 26_000,
    end_level: 26_130,
    final_value: 1_005_000,
    pnl: 5_000,
    return_percent: 0.5,
  },
  metrics: {
    total_return: 12_345.6,
    total_return_percent: 1.23,
    annualized_return: null,
    win_rate: 66.67,
    total_trades: 3,
    winning_trades: 2,
    losing_trades: 1,
    avg_win: 9_172.8,
    avg_loss: -6_000,
    largest_win: 14_345.6,
    largest_loss: -6_000,
    profit_factor: 3.06,
    expectancy: 4_115.2,
    sharpe_ratio: 1.42,
    sortino_ratio: 2.1,
    calmar_ratio: null,
    max_drawdown: 0.6,
    max_drawdown_amount: 6_000,
    volatility: 8.5,
    ratios_note: null,
    avg_hold_time_hours: 0.58,
    risk_free_rate: 6.5,
  },
  monthly: [
    { month: '2026-11', pnl: -2_000, return_percent: -0.2, trades: 2, win_rate: 50, charges: 100 },
    { month: '2026-12', pnl: 14_345.6, return_percent: 1.44, trades: 1, win_rate: 100, charges: 54.4 },
  ],
};

export function backtestRun(overrides: Partial<BacktestRun> = {}): BacktestRun {
  return {
    id: 'run-1',
    status: 'complete',
    created_at: '2026-11-21T05:00:00.000Z',
    finished_at: '2026-11-21T05:00:08.000Z',
    settings,
    progress: { bars_done: 1_000, total_bars: 1_000, percent: 100 },
    result: backtestResult,
    error: null,
    ...overrides,
  };
}

export const running = (done: number, overrides: Partial<BacktestRun> = {}) =>
  backtestRun({
    status: 'running',
    finished_at: null,
    progress: { bars_done: done, total_bars: 1_000, percent: done / 10 },
    result: null,
    ...overrides,
  });

/** A list run: GET /api/backtests sends no result. */
export const listed = ({ result: _result, ...run }: BacktestRun) => run;
