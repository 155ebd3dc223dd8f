import type { PerformanceAnalytics, PerformancePeriod, PerformanceReturns } from '@td/contracts';
import { FIXTURE_SOURCE, istMarch, tenTradeFixture } from './analytics-fixture';
import { annualisedVolatility, calmarRatio, sharpeRatio, sortinoRatio } from './formulas';
import { buildLedgerHistory, type LedgerHistoryInput } from './ledger-history';
import { performanceAnalytics, performanceReturns } from './performance-report';
import { selectPeriod } from './performance-selection';

// The 10-trade, 30-day fixture (analytics-fixture.ts), worked by hand. Net P&L per trade (₹):
//   t1 +1000 (2nd) t2 −500 (5th) t3 +2000 (9th) t4 −1000 (12th) t5 +1500 (16th→17th)
//   t6 +500 (17th) t7 −1500 (20th) t8 +1000 (24th) t9 −500 (27th) t10 +2000 (31st)
// Daily P&L marked at the close: t5 is 10 × (1100 − 1000) − 10 = 990 on the 16th and
// 10 × (1152 − 1100) − 10 = 510 on the 17th, so the 17th is 510 + 500 = 1010. The 10th is a session with 0.
// Daily returns r = P&L / (previous equity + the day's deposit):
//   2nd  1000 / 100000 = 0.01            → 101000
//   5th  −500 / 101000 = −0.004950495    → 100500
//   9th  2000 / 100500 = 0.019900498     → 102500
//   10th    0 / 102500 = 0                → 102500
//   12th −1000 / 102500 = −0.009756098   → 101500
//   16th  990 / 101500 = 0.009753695     → 102490
//   17th 1010 / (102490 + 10000) = 0.008978576 → 113500
//   20th −1500 / 113500 = −0.013215859   → 112000
//   24th 1000 / 112000 = 0.008928571     → 113000
//   27th −500 / 113000 = −0.004424779    → 112500
//   31st 2000 / 112500 = 0.017777778     → 114500
const RISK_FREE = 6.5;
const history = buildLedgerHistory(tenTradeFixture());
const options = {
  riskFreeRatePercent: RISK_FREE,
  livePrice: () => undefined,
  today: '2026-03-31',
  source: FIXTURE_SOURCE,
};
const analytics = (period: PerformancePeriod = 'all', filter: { strategy?: string; symbol?: string } = {}) =>
  performanceAnalytics(history, { period, ...filter }, options);
const returns = (period: PerformancePeriod = 'all') => performanceReturns(history, { period }, options);

/** Every number anywhere in a response is finite. */
function expectAllFinite(value: unknown): void {
  if (typeof value === 'number') expect(Number.isFinite(value)).toBe(true);
  else if (Array.isArray(value)) value.forEach(expectAllFinite);
  else if (value && typeof value === 'object') Object.values(value).forEach(expectAllFinite);
}

describe('performance analytics of the 10-trade, 30-day fixture', () => {
  const all = analytics('all');

  it('covers the 30 calendar days from the baseline to today', () => {
    expect(all.from).toBe('2026-03-02');
    expect(all.to).toBe('2026-03-31');
  });

  it('computes the returns with the deposit netted out', () => {
    // Σ daily P&L = 1000 − 500 + 2000 + 0 − 1000 + 990 + 1010 − 1500 + 1000 − 500 + 2000 = 4500
    expect(all.total_return).toBe(4500);
    // Π(1 + r) − 1 = 0.0432132 (not 14500 / 100000: the ₹10,000 deposit is not a return)
    expect(all.total_return_percent).toBe(4.32);
    // CAGR over the days from the first return's session to the last, quantstats' count (not both ends):
    // 2nd → 31st = 29 days, so 1.0432132^(365 / 29) − 1 = 0.703128 (counting 30 gave 0.673166)
    expect(all.annualized_return).toBe(70.31);
  });

  it('counts the trades and their wins and losses after charges', () => {
    expect(all.total_trades).toBe(10);
    expect(all.winning_trades).toBe(6); // t1 t3 t5 t6 t8 t10
    expect(all.losing_trades).toBe(4); // t2 t4 t7 t9
    expect(all.win_rate).toBe(60); // 6 / 10
    expect(all.avg_win).toBe(1333.33); // (1000 + 2000 + 1500 + 500 + 1000 + 2000) / 6 = 8000 / 6
    expect(all.avg_loss).toBe(-875); // (−500 − 1000 − 1500 − 500) / 4 = −3500 / 4
    expect(all.largest_win).toBe(2000);
    expect(all.largest_loss).toBe(-1500);
    expect(all.profit_factor).toBe(2.29); // 8000 / 3500 = 2.2857
    expect(all.expectancy).toBe(450); // 4500 / 10 = 0.6 × 1333.33 + 0.4 × (−875)
  });

  it('withholds Sharpe, Sortino, volatility and Calmar over its 11 daily returns, saying why', () => {
    expect(all).toMatchObject({
      sharpe_ratio: null,
      sortino_ratio: null,
      volatility: null,
      calmar_ratio: null,
      ratios_note: 'Needs 30 trading days; this period has 11',
    });
    // max drawdown: the peak after the 17th (curve 1.031227), the trough after the 20th: 1 − (1 − 0.013215859) = 1.3216 %
    expect(all.max_drawdown).toBe(1.32);
    expect(all.max_drawdown_amount).toBe(1500);
    expect(all.max_drawdown_peak_date).toBe('2026-03-17');
    expect(all.max_drawdown_trough_date).toBe('2026-03-20');
    expect(all.risk_free_rate).toBe(6.5);
  });

  it('would give Sharpe, Sortino, volatility and Calmar from the 11 daily returns by the textbook formulas', () => {
    const { returns: daily } = selectPeriod(history, { period: 'all' }, () => undefined)!;
    expect(daily).toHaveLength(11);
    const rf = RISK_FREE / 100;
    // rf per session = 1.065^(1/252) − 1 = 0.00024993; mean excess = 0.0036584; sample std = 0.0110157
    // Sharpe = 0.0036584 / 0.0110157 × √252 = 5.2721
    expect(sharpeRatio(daily, rf)).toBeCloseTo(5.2721, 3);
    // downside = √(Σ min(excess, 0)² / 11) = 0.0054806 (the 10th counts: 0 − rf < 0)
    // Sortino = 0.0036584 / 0.0054806 × √252 = 10.5966
    expect(sortinoRatio(daily, rf)).toBeCloseTo(10.5966, 3);
    // sample std of r = 0.0110157 (rf shifts the mean only) × √252 = 0.174868
    expect(annualisedVolatility(daily)).toBeCloseTo(0.174868, 5);
    // Calmar = 0.703128 / 0.0132159 = 53.2033
    expect(calmarRatio(0.703128, 0.013215859)).toBeCloseTo(53.2033, 3);
  });

  it('measures hold time, exposure and the best and worst day', () => {
    // nine trades of 4 h (10:00 → 14:00) and one of 25 h (16th 10:00 → 17th 11:00): (36 + 25) / 10
    expect(all.avg_hold_time_hours).toBe(6.1);
    // a position was open on 10 of the 11 sessions (not the 10th): 10 / 11
    expect(all.exposure_time_percent).toBe(90.91);
    expect(all.best_day).toEqual({ date: '2026-03-09', pnl: 2000 }); // the first of two ₹2,000 days
    expect(all.worst_day).toEqual({ date: '2026-03-20', pnl: -1500 });
  });

  it('narrows every figure to one strategy', () => {
    const momentum = analytics('all', { strategy: 'momentum' });
    // t1 +1000, t3 +2000, t5 +1500 (990 + 510), t7 −1500, t9 −500
    expect(momentum.total_trades).toBe(5);
    expect(momentum.total_return).toBe(2500);
    expect(momentum.win_rate).toBe(60);
    expect(momentum.largest_loss).toBe(-1500);
  });

  it('narrows every figure to one symbol', () => {
    const tcs = analytics('all', { symbol: 'TCS' });
    // t6 +500, t7 −1500, t8 +1000, t9 −500, t10 +2000
    expect(tcs.total_trades).toBe(5);
    expect(tcs.total_return).toBe(1500);
    expect(tcs.profit_factor).toBe(1.75); // 3500 / 2000
  });

  it('keeps a short period to its own days and gives no annualised return under 30 days', () => {
    const week = analytics('week'); // 25th … 31st: the 27th and the 31st
    expect(week.from).toBe('2026-03-25');
    expect(week.total_trades).toBe(2);
    expect(week.total_return).toBe(1500); // −500 + 2000
    expect(week.annualized_return).toBeNull();
    const day = analytics('day');
    expect(day.total_trades).toBe(1);
    expect(day.total_return).toBe(2000);
    expect(day.total_return_percent).toBe(1.78); // 2000 / 112500
    expect(day.sharpe_ratio).toBeNull(); // one return has no standard deviation
  });

  it('never returns NaN or Infinity', () => {
    for (const period of ['day', 'week', 'month', 'quarter', 'year', 'all'] as const) {
      expectAllFinite(analytics(period));
      expectAllFinite(returns(period));
    }
  });
});

describe('performance returns of the 10-trade fixture', () => {
  const all = returns('all');

  it('gives the daily equity series at each close', () => {
    expect(all.equity.map((point) => point.date)).toHaveLength(11);
    expect(all.equity[0]).toEqual({
      date: '2026-03-02',
      equity: 101000,
      pnl: 1000,
      return_percent: 1,
      drawdown_percent: 0,
      trades: 1,
    });
    const seventeenth = all.equity.find((point) => point.date === '2026-03-17');
    expect(seventeenth).toMatchObject({ equity: 113500, pnl: 1010, trades: 2 }); // 102490 + 10000 + 1010
    const twentieth = all.equity.find((point) => point.date === '2026-03-20');
    expect(twentieth).toMatchObject({ equity: 112000, pnl: -1500, drawdown_percent: 1.32 });
  });

  it('gives the monthly table', () => {
    expect(all.monthly).toEqual([
      { month: '2026-03', return_percent: 4.32, pnl: 4500, trades: 10, win_rate: 60 },
    ]);
  });

  it('gives the per-stock and per-strategy tables, most profitable first', () => {
    expect(all.stocks).toEqual([
      // INFY: +1000 −500 +2000 −1000 +1500 = 3000, 3 wins of 5, avg 600
      {
        name: 'INFY',
        trades: 5,
        winning_trades: 3,
        win_rate: 60,
        pnl: 3000,
        avg_pnl: 600,
        largest_win: 2000,
        largest_loss: -1000,
      },
      // TCS: +500 −1500 +1000 −500 +2000 = 1500, avg 300
      {
        name: 'TCS',
        trades: 5,
        winning_trades: 3,
        win_rate: 60,
        pnl: 1500,
        avg_pnl: 300,
        largest_win: 2000,
        largest_loss: -1500,
      },
    ]);
    expect(all.strategies).toEqual([
      // momentum: +1000 +2000 +1500 −1500 −500 = 2500
      {
        name: 'momentum',
        trades: 5,
        winning_trades: 3,
        win_rate: 60,
        pnl: 2500,
        avg_pnl: 500,
        largest_win: 2000,
        largest_loss: -1500,
      },
      // mean_reversion: −500 −1000 +500 +1000 +2000 = 2000
      {
        name: 'mean_reversion',
        trades: 5,
        winning_trades: 3,
        win_rate: 60,
        pnl: 2000,
        avg_pnl: 400,
        largest_win: 2000,
        largest_loss: -1000,
      },
    ]);
    expect(all.filters).toEqual({ strategies: ['mean_reversion', 'momentum'], symbols: ['INFY', 'TCS'] });
  });
});

describe('edge cases give nulls or zeros, never NaN or Infinity', () => {
  const base = (fills: LedgerHistoryInput['fills'], now = istMarch(31, 15)): LedgerHistoryInput => ({
    baseline: { ts: istMarch(2, 9), capitalPaise: 10_000_000 },
    flows: [],
    fills,
    now,
    isSession: (date) => new Date(`${date}T00:00:00Z`).getUTCDay() % 6 !== 0,
    closes: () => undefined,
  });
  const run = (input: LedgerHistoryInput): [PerformanceAnalytics, PerformanceReturns] => {
    const built = buildLedgerHistory(input);
    const result = [
      performanceAnalytics(built, { period: 'all' }, options),
      performanceReturns(built, { period: 'all' }, options),
    ] as [PerformanceAnalytics, PerformanceReturns];
    expectAllFinite(result);
    return result;
  };
  const fill = (side: 'BUY' | 'SELL', rupees: number, ts: number, chargesPaise = 0) => ({
    symbol: 'INFY',
    side,
    quantity: 10,
    pricePaise: rupees * 100,
    chargesPaise,
    ts,
    strategy: 'momentum',
  });

  it('an account with no trades: zeros for what happened, nulls for what cannot be measured', () => {
    const [figures, series] = run(base([]));
    expect(figures).toMatchObject({
      total_return: 0,
      total_return_percent: 0,
      annualized_return: 0, // 30 days of nothing: 0 %, not null
      total_trades: 0,
      win_rate: null,
      avg_win: null,
      avg_loss: null,
      profit_factor: null,
      expectancy: null,
      sharpe_ratio: null, // a flat curve has no standard deviation
      sortino_ratio: null, // nor a downside of its own (only the risk-free rate's)
      calmar_ratio: null,
      max_drawdown: 0,
      max_drawdown_peak_date: null,
      volatility: null, // withheld: a month's sessions are under 30
      avg_hold_time_hours: null,
      exposure_time_percent: 0,
      best_day: null,
      worst_day: null,
    });
    expect(series.equity.every((point) => point.equity === 100000 && point.pnl === 0)).toBe(true);
    expect(series.stocks).toEqual([]);
    expect(series.monthly).toEqual([
      { month: '2026-03', return_percent: 0, pnl: 0, trades: 0, win_rate: null },
    ]);
  });

  it('one winning trade: no losses, so no profit factor or average loss', () => {
    const [figures] = run(
      base([fill('BUY', 1000, istMarch(2, 10)), fill('SELL', 1100, istMarch(2, 11))], istMarch(2, 15)),
    );
    expect(figures).toMatchObject({
      total_trades: 1,
      win_rate: 100,
      avg_win: 1000, // 10 × (1100 − 1000)
      avg_loss: null,
      profit_factor: null,
      expectancy: 1000,
      annualized_return: null, // one day
      sharpe_ratio: null, // one return
      volatility: null,
      sortino_ratio: null, // one return: nothing varies
      avg_hold_time_hours: 1,
    });
  });

  it('all losses: a profit factor of 0 and no average win', () => {
    const [figures] = run(
      base([
        fill('BUY', 1000, istMarch(2, 10)),
        fill('SELL', 990, istMarch(2, 11)),
        fill('BUY', 1000, istMarch(3, 10)),
        fill('SELL', 980, istMarch(3, 11)),
      ]),
    );
    expect(figures).toMatchObject({
      total_trades: 2,
      winning_trades: 0,
      losing_trades: 2,
      win_rate: 0,
      avg_win: null,
      largest_win: null,
      avg_loss: -150, // (−100 − 200) / 2
      profit_factor: 0,
      total_return: -300,
    });
    expect(figures.max_drawdown).toBe(0.3); // the curve ends at (100000 − 100 − 200) / 100000: 1 − 0.997 = 0.30 %
  });

  it('a flat equity curve (trades that break even): no Sharpe, no Calmar, no volatility in a month', () => {
    const [figures] = run(
      base([fill('BUY', 1000, istMarch(2, 10)), fill('SELL', 1000, istMarch(2, 11))], istMarch(31, 15)),
    );
    expect(figures).toMatchObject({
      total_trades: 1,
      winning_trades: 0,
      losing_trades: 0,
      win_rate: 0,
      profit_factor: null,
      sharpe_ratio: null,
      sortino_ratio: null,
      calmar_ratio: null,
      volatility: null,
      max_drawdown: 0,
      best_day: null,
    });
  });

  it('an account that was never opened: nothing but honest zeros and nulls', () => {
    const empty = buildLedgerHistory({ ...base([]), baseline: null });
    const figures = performanceAnalytics(empty, { period: 'month' }, options);
    expect(figures).toMatchObject({ from: null, total_trades: 0, total_return: 0, sharpe_ratio: null });
    expect(performanceReturns(empty, { period: 'month' }, options).equity).toEqual([]);
  });
});
