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
