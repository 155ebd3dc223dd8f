import { MIN_DAILY_RETURNS_FOR_RATIOS } from '@td/contracts';
import { FIXTURE_SOURCE, istMarch } from './analytics-fixture';
import { buildLedgerHistory, type LedgerHistoryInput } from './ledger-history';
import { performanceAnalytics } from './performance-report';
import type { AnalyticsFill } from './round-trips';
import { shortRunNote, withholdShortRunRatios } from './short-run-ratios';

const options = {
  riskFreeRatePercent: 6.5,
  livePrice: () => undefined,
  today: '2026-03-31',
  source: FIXTURE_SOURCE,
};

/** Every day from 2 March is a session, each with one round trip of +₹50, −₹50 or ₹0 by turns, to `lastDay`. */
function dailyTrades(lastDay: number): LedgerHistoryInput {
  const fills: AnalyticsFill[] = [];
  for (let day = 2; day <= lastDay; day += 1) {
    const exitRupees = 1_000 + ((day % 3) - 1) * 5;
    for (const [side, rupees, hours] of [
      ['BUY', 1_000, 10],
      ['SELL', exitRupees, 14],
    ] as const) {
      fills.push({
        symbol: 'INFY',
        side,
        quantity: 10,
        pricePaise: rupees * 100,
        chargesPaise: 0,
        ts: istMarch(day, hours),
        strategy: 'momentum',
      });
    }
  }
  return {
    baseline: { ts: istMarch(2, 9), capitalPaise: 10_000_000 },
    flows: [],
    fills,
    now: istMarch(lastDay, 15, 45),
    isSession: () => true,
    closes: () => undefined,
  };
}

const analyticsTo = (lastDay: number) =>
  performanceAnalytics(buildLedgerHistory(dailyTrades(lastDay)), { period: 'all' }, options);

describe('annualised ratios need 30 daily returns', () => {
  it('are withheld over 29 sessions, with a sentence saying how many there are', () => {
    const figures = analyticsTo(30); // 2nd … 30th
    expect(figures).toMatchObject({
      sharpe_ratio: null,
      sortino_ratio: null,
      calmar_ratio: null,
      volatility: null,
      ratios_note: 'Needs 30 trading days; this period has 29',
    });
    // What is not annualised from daily returns is still shown.
    expect(figures.total_trades).toBe(29);
    expect(figures.max_drawdown).toBeGreaterThan(0);
  });

  it('are figures over 30 sessions, with no note', () => {
    const figures = analyticsTo(31); // 2nd … 31st
    expect(MIN_DAILY_RETURNS_FOR_RATIOS).toBe(30);
    expect(figures.ratios_note).toBeNull();
    expect(typeof figures.sharpe_ratio).toBe('number');
    expect(typeof figures.sortino_ratio).toBe('number');
    expect(figures.volatility).toBeGreaterThan(0);
  });

  it('says "this run" for a backtest and keeps every other figure as it was', () => {
    expect(shortRunNote(2, 'run')).toBe('Needs 30 trading days; this run has 2');
    expect(shortRunNote(30, 'run')).toBeNull();
    const figures = {
      sharpe_ratio: -218.4,
      sortino_ratio: -15.9,
      calmar_ratio: null,
      volatility: 3.1,
      win_rate: 50,
    };
    expect(withholdShortRunRatios(figures, 2, 'run')).toEqual({
      sharpe_ratio: null,
      sortino_ratio: null,
      calmar_ratio: null,
      volatility: null,
      win_rate: 50,
      ratios_note: 'Needs 30 trading days; this run has 2',
    });
    expect(withholdShortRunRatios(figures, 30, 'run')).toEqual({ ...figures, ratios_note: null });
  });
});
