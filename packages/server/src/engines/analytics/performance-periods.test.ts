import { MarketClock } from '../market/calendar';
import { FIXTURE_SOURCE, istMarch, tenTradeFixture } from './analytics-fixture';
import { buildLedgerHistory, type LedgerHistoryInput } from './ledger-history';
import { performanceAnalytics, performanceReturns } from './performance-report';
import { monthsBack, periodStart } from './performance-selection';
import type { AnalyticsFill } from './round-trips';

const options = (today: string) => ({
  riskFreeRatePercent: 6.5,
  livePrice: () => undefined,
  today,
  source: FIXTURE_SOURCE,
});

describe('trailing windows are calendar months', () => {
  it('go back to the same day, or to the end of a shorter month', () => {
    expect(monthsBack('2026-03-15', 1)).toBe('2026-02-15');
    expect(monthsBack('2026-03-31', 1)).toBe('2026-02-28');
    expect(monthsBack('2028-03-31', 1)).toBe('2028-02-29'); // a leap year
    expect(monthsBack('2026-05-31', 1)).toBe('2026-04-30');
    expect(monthsBack('2026-12-31', 3)).toBe('2026-09-30');
    expect(monthsBack('2028-02-29', 12)).toBe('2027-02-28');
    expect(monthsBack('2026-01-31', 1)).toBe('2025-12-31');
  });

  it('on 29, 30 and 31 March, the month is all of March (it started on 2–4 March before)', () => {
    for (const today of ['2026-03-29', '2026-03-30', '2026-03-31']) {
      expect(periodStart('month', today, '2020-01-01')).toBe('2026-03-01');
    }
    // 31 March: a quarter back is 31 December, so the quarter starts on 1 January; a year back, 1 April.
    expect(periodStart('quarter', '2026-03-31', '2020-01-01')).toBe('2026-01-01');
    expect(periodStart('year', '2026-03-31', '2020-01-01')).toBe('2025-04-01');
    // Mid-month the window is unchanged: the day after the same date a month back.
    expect(periodStart('month', '2026-03-15', '2020-01-01')).toBe('2026-02-16');
    expect(periodStart('week', '2026-03-31', '2020-01-01')).toBe('2026-03-25');
  });

  it('on 31 December, the month starts on 1 December, the quarter on 1 October, the year on 1 January', () => {
    expect(periodStart('month', '2026-12-31', '2020-01-01')).toBe('2026-12-01');
    expect(periodStart('quarter', '2026-12-31', '2020-01-01')).toBe('2026-10-01');
    expect(periodStart('year', '2026-12-31', '2020-01-01')).toBe('2026-01-01');
    // Never before the account's first day.
    expect(periodStart('year', '2026-12-31', '2026-10-01')).toBe('2026-10-01');
  });
});

describe('the 10-trade fixture viewed on 31 March', () => {
  it("counts the month from 1 March: the 2nd's trade is in it", () => {
    const history = buildLedgerHistory(tenTradeFixture());
    const month = performanceAnalytics(history, { period: 'month' }, options('2026-03-31'));
    // The window starts on 1 March, before the account's first day (the 2nd): all ten trades, ₹4,500.
    expect(month).toMatchObject({
      from: '2026-03-02',
      to: '2026-03-31',
      total_trades: 10,
      total_return: 4500,
    });
  });
});

describe('the 10-trade fixture viewed on Saturday 4 April', () => {
  const fixture: LedgerHistoryInput = { ...tenTradeFixture(), now: istMarch(35, 11) }; // 4 April, 11:00 IST
  const history = buildLedgerHistory(fixture);
  const all = performanceAnalytics(history, { period: 'all' }, options('2026-04-04'));

  it('keeps the series to the sessions: no zero-return day for the weekend or the days after the 31st', () => {
    expect(history.days).toHaveLength(11);
    expect(history.days.at(-1)).toBe('2026-03-31');
    expect(all.to).toBe('2026-04-04');
    // The same 11 returns as on the 31st, not a 12th, zero return for the Saturday.
    expect(all.ratios_note).toBe('Needs 30 trading days; this period has 11');
    // CAGR over 2nd → 31st = 29 days, as on the 31st: 1.0432132^(365 / 29) − 1 = 70.31 %.
    expect(all.annualized_return).toBe(70.31);
    expect(all.exposure_time_percent).toBe(90.91); // 10 of 11 sessions, as on the 31st
    const series = performanceReturns(history, { period: 'all' }, options('2026-04-04')).equity;
    expect(series.map((point) => point.date).at(-1)).toBe('2026-03-31');
  });

  it("shows the last session as the Saturday's day and the week's only session", () => {
    const day = performanceAnalytics(history, { period: 'day' }, options('2026-04-04'));
    expect(day).toMatchObject({ from: '2026-04-04', total_trades: 1, total_return: 2000 });
    const week = performanceAnalytics(history, { period: 'week' }, options('2026-04-04'));
    expect(week).toMatchObject({ from: '2026-03-29', total_trades: 1, total_return: 2000 }); // the 31st
  });

  it("counts a weekend deposit from the next session's start, not as a day of its own", () => {
    // ₹5,000 more put in on Sunday 8 March: the 9th's return is 2000 / (100500 + 5000).
    const withDeposit = buildLedgerHistory({
      ...fixture,
      flows: [...fixture.flows, { ts: istMarch(8, 12), amountPaise: 500_000 }],
    });
    expect(withDeposit.days).not.toContain('2026-03-08');
    const ninth = performanceReturns(withDeposit, { period: 'all' }, options('2026-04-04')).equity.find(
      (point) => point.date === '2026-03-09',
    );
    expect(ninth).toMatchObject({ equity: 107500, pnl: 2000, return_percent: 1.8957 }); // 2000 / 105500 = 1.8957 %
  });
});

/** 10 shares bought at ₹1,000 and sold the same day at `exitRupees`, no charges: (exit − 1000) × 10 net. */
function dayTrade(date: string, exitRupees: number): AnalyticsFill[] {
  const at = (hours: number) => Date.parse(`${date}T${String(hours).padStart(2, '0')}:00:00+05:30`);
  const fill = (side: 'BUY' | 'SELL', pricePaise: number, ts: number): AnalyticsFill => ({
    symbol: 'INFY',
    side,
    quantity: 10,
    pricePaise,
    chargesPaise: 0,
    ts,
    strategy: 'momentum',
  });
  return [fill('BUY', 100_000, at(10)), fill('SELL', exitRupees * 100, at(14))];
}

describe('a quarter on the NSE calendar viewed on 31 December 2026', () => {
  // ₹1,00,000 from Thursday 1 October; +₹1,000 on 1 October, +₹2,000 on 1 December, −₹500 on 31 December.
  const clock = new MarketClock();
  const history = buildLedgerHistory({
    baseline: { ts: Date.parse('2026-10-01T09:00:00+05:30'), capitalPaise: 10_000_000 },
    flows: [],
    fills: [
      ...dayTrade('2026-10-01', 1_100),
      ...dayTrade('2026-12-01', 1_200),
      ...dayTrade('2026-12-31', 950),
    ],
    now: Date.parse('2026-12-31T15:45:00+05:30'),
    isSession: (date) => clock.isTradingDay(date),
    closes: () => undefined,
  });
  const report = (period: 'month' | 'quarter') =>
    performanceAnalytics(history, { period }, options('2026-12-31'));

  it('leaves out weekends and holidays: Christmas (Friday 25 December) is not a session', () => {
    expect(history.days).not.toContain('2026-12-25');
    expect(history.days).not.toContain('2026-12-26');
    expect(history.days).toContain('2026-12-24');
  });

  it("counts the month from 1 December, with its first day's trade (it started on the 2nd before)", () => {
    const month = report('month');
    // 2000 − 500 = ₹1,500 on equity ₹1,01,000 at 30 November: 102500 / 101000 − 1 = 1.49 %
    expect(month).toMatchObject({ from: '2026-12-01', total_trades: 2, total_return: 1500 });
    expect(month.total_return_percent).toBe(1.49);
    // Window 1–31 December (31 days, ≥ 30); sessions 1 → 31 December = 30 days:
    // 1.0148515^(365 / 30) − 1 = 19.65 %
    expect(month.annualized_return).toBe(19.65);
  });

  it('counts the quarter from 1 October, with its first day', () => {
    const quarter = report('quarter');
    expect(quarter).toMatchObject({ from: '2026-10-01', total_trades: 3, total_return: 2500 });
    // 102500 / 100000 − 1 = 2.5 % over 1 October → 31 December = 91 days: 1.025^(365 / 91) − 1 = 10.41 %
    expect(quarter.total_return_percent).toBe(2.5);
    expect(quarter.annualized_return).toBe(10.41);
  });
});
