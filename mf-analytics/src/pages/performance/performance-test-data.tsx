import type { PerformanceAnalytics, PerformanceReturns } from '@td/contracts';
import {
  type RecordedRequest,
  type RenderRemoteOptions,
  renderRemote,
  reply,
} from '@td/platform/test-support';
import { PerformancePage } from './performance-page';

export const ANALYTICS_PATH = 'GET /api/performance/analytics';
export const RETURNS_PATH = 'GET /api/performance/returns';

const source = {
  account: 'paper',
  trading_mode: 'mock',
  simulated: true,
  description: 'Paper account, simulated prices',
} as const;

export const analytics: PerformanceAnalytics = {
  period: 'all',
  from: '2026-10-20',
  to: '2026-11-20',
  total_return: 12_345.67,
  total_return_percent: 1.23,
  annualized_return: 15.2,
  win_rate: 60,
  total_trades: 10,
  winning_trades: 6,
  losing_trades: 4,
  avg_win: 3_000,
  avg_loss: -1_413.58,
  largest_win: 5_200,
  largest_loss: -2_100,
  profit_factor: 3.18,
  expectancy: 1_234.57,
  sharpe_ratio: 1.87,
  sortino_ratio: 2.64,
  calmar_ratio: 3.05,
  max_drawdown: 4.98,
  max_drawdown_amount: 50_400,
  max_drawdown_peak_date: '2026-11-02',
  max_drawdown_trough_date: '2026-11-06',
  volatility: 12.4,
  ratios_note: null,
  avg_hold_time_hours: 26.5,
  exposure_time_percent: 72.7,
  best_day: { date: '2026-11-18', pnl: 6_100 },
  worst_day: { date: '2026-11-05', pnl: -4_300 },
  risk_free_rate: 6.5,
  source,
};

const point = (date: string, pnl: number, trades: number, equity: number, drawdown = 0) => ({
  date,
  equity,
  pnl,
  return_percent: Math.round((pnl / equity) * 10_000) / 100,
  drawdown_percent: drawdown,
  trades,
});

export const returns: PerformanceReturns = {
  period: 'all',
  equity: [
    point('2026-11-16', 1_000, 1, 1_001_000),
    point('2026-11-17', -2_500, 2, 998_500, 0.25),
    point('2026-11-18', 6_100, 3, 1_004_600),
    point('2026-11-19', 0, 0, 1_004_600),
    point('2026-11-20', 7_745.67, 4, 1_012_345.67),
  ],
  monthly: [
    { month: '2026-10', return_percent: -0.4, pnl: -4_000, trades: 3, win_rate: 33.3 },
    { month: '2026-11', return_percent: 1.64, pnl: 16_345.67, trades: 7, win_rate: 71.4 },
  ],
  stocks: [
    {
      name: 'RELIANCE',
      trades: 6,
      winning_trades: 4,
      win_rate: 66.7,
      pnl: 9_000,
      avg_pnl: 1_500,
      largest_win: 5_200,
      largest_loss: -900,
    },
    {
      name: 'TCS',
      trades: 4,
      winning_trades: 2,
      win_rate: 50,
      pnl: 3_345.67,
      avg_pnl: 836.42,
      largest_win: 3_000,
      largest_loss: -2_100,
    },
  ],
  strategies: [
    {
      name: 'ensemble',
      trades: 7,
      winning_trades: 5,
      win_rate: 71.4,
      pnl: 11_000,
      avg_pnl: 1_571.43,
      largest_win: 5_200,
      largest_loss: -900,
    },
    {
      name: 'momentum',
      trades: 3,
      winning_trades: 1,
      win_rate: 33.3,
      pnl: 1_345.67,
      avg_pnl: 448.56,
      largest_win: 3_000,
      largest_loss: -2_100,
    },
  ],
  filters: { strategies: ['ensemble', 'momentum'], symbols: ['RELIANCE', 'TCS'] },
  source,
};

export const EMPTY_ANALYTICS: PerformanceAnalytics = {
  ...analytics,
  from: null,
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
  ratios_note: 'Needs 30 trading days; this period has 0',
  avg_hold_time_hours: null,
  exposure_time_percent: null,
  best_day: null,
  worst_day: null,
};

export const EMPTY_RETURNS: PerformanceReturns = {
  ...returns,
  equity: [],
  monthly: [],
  stocks: [],
  strategies: [],
  filters: { strategies: [], symbols: [] },
};

export const ok = (data: unknown) => reply(200, { success: true, data });

export function renderPerformance(replies: RenderRemoteOptions['replies'] = {}) {
  return renderRemote(<PerformancePage />, {
    remote: 'analytics',
    signedIn: true,
    url: '/performance',
    ownPaths: ['/performance'],
    replies: { [ANALYTICS_PATH]: ok(analytics), [RETURNS_PATH]: ok(returns), ...replies },
  });
}

/** The query of every call to one performance path, as objects. */
export const queriesOf = (requests: RecordedRequest[], path: string) =>
  requests
    .filter((request) => request.path === path)
    .map((request) => Object.fromEntries(new URLSearchParams(request.query)));
