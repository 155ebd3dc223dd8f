import { MIN_DAILY_RETURNS_FOR_RATIOS, type PerformanceQuery } from '@td/contracts';
import type { AccountId } from '../../core/orders';
import { FIXTURE_SOURCE } from '../analytics/analytics-fixture';
import { buildLedgerHistory } from '../analytics/ledger-history';
import { performanceAnalytics } from '../analytics/performance-report';
import type { AnalyticsFill } from '../analytics/round-trips';
import { MarketClock } from '../market/calendar';
import { allInstruments } from '../market/instruments';
import type { MarketDataService } from '../market/market-data-service';
import { RiskEngine } from './risk-engine';

/** 15:45 IST on Friday 27 November 2026, after the close. */
const NOW = Date.parse('2026-11-27T15:45:00+05:30');
const TODAY = '2026-11-27';
const clock = new MarketClock({ now: () => NOW });

/** The last `count` NSE sessions up to today, oldest first. */
function lastSessions(count: number): string[] {
  const sessions: string[] = [];
  for (let day = Date.parse(`${TODAY}T12:00:00Z`); sessions.length < count; day -= 86_400_000) {
    const date = new Date(day).toISOString().slice(0, 10);
    if (clock.isTradingDay(date)) sessions.unshift(date);
  }
  return sessions;
}

/** 10 INFY bought at ₹1,000 and sold the same afternoon at ₹990–₹1,016: a different return each session. */
function dayTrade(date: string, index: number): AnalyticsFill[] {
  const at = (hours: number) => Date.parse(`${date}T${hours}:00:00+05:30`);
  const exitPaise = (1_000 + ((index * 7) % 11) * 2.5 - 10) * 100;
  const fill = (side: 'BUY' | 'SELL', pricePaise: number, ts: number): AnalyticsFill => ({
    symbol: 'INFY',
    side,
    quantity: 10,
    pricePaise,
    chargesPaise: 0,
    ts,
    strategy: 'momentum',
  });
  return [fill('BUY', 100_000, at(10)), fill('SELL', exitPaise, at(14))];
}

/** The performance engine over an account opened `sessions` sessions ago that traded once every session. */
function performanceOf(sessions: number) {
  const days = lastSessions(sessions);
  const history = buildLedgerHistory({
    baseline: { ts: Date.parse(`${days[0]}T09:00:00+05:30`), capitalPaise: 10_000_000 },
    flows: [],
    fills: days.flatMap(dayTrade),
    now: NOW,
    isSession: (date) => clock.isTradingDay(date),
    closes: () => undefined,
  });
  const options = {
    riskFreeRatePercent: 6.5,
    livePrice: () => undefined,
    today: TODAY,
    source: FIXTURE_SOURCE,
  };
  return {
    analytics: (query: PerformanceQuery) => performanceAnalytics(history, query, options),
    ready: async () => {},
  };
}

/** A connected feed with a price but no daily bars: the positions' figures are not what these tests read. */
const market = {
  instruments: allInstruments(),
  clock,
  activeProvider: {
    source: 'upstox',
    health: () => ({ connected: true, source: 'upstox', message: 'connected' }),
    historicalCandles: async () => [],
  },
  lastPrices: () => new Map([['INFY', 100_000]]),
  lastPrice: () => 100_000,
} as unknown as MarketDataService;

function riskEngineFor(sessions: number) {
  const performance = performanceOf(sessions);
  const engine = new RiskEngine({
    market,
    account: () => 'paper' as AccountId,
    positions: () => [],
    equityPaise: () => 10_000_000,
    performance,
    mode: () => 'paper',
    now: () => NOW,
  });
  return { engine, performance };
}

describe('the risk screen’s Sharpe ratio', () => {
  it('shows a number for a 40-session account: the trailing quarter holds its 40 daily returns', async () => {
    const { engine, performance } = riskEngineFor(40);
    const metrics = await engine.metrics();
    const quarter = performance.analytics({ period: 'quarter' });
    const month = performance.analytics({ period: 'month' });

    expect(metrics.sharpe_ratio).toEqual(expect.any(Number));
    expect(metrics.sharpe_ratio).toBe(quarter.sharpe_ratio);
    expect(metrics.sharpe_note).toBeNull();
    // The window is the account's whole life, which began inside the quarter.
    expect(metrics.sharpe_window).toEqual({ period: 'quarter', from: lastSessions(40)[0], to: TODAY });
    // The month alone would have withheld it: that is why the screen no longer reads the month.
    expect(month.sharpe_ratio).toBeNull();
    // Drawdown and return stay the month's, as their labels say.
    expect(metrics.account_window).toEqual({ from: month.from, to: month.to });
    expect(metrics.portfolio_return).toBe(month.total_return_percent);
  });

  it('withholds it with the sentence for a 10-session account', async () => {
    const { engine } = riskEngineFor(10);
    const metrics = await engine.metrics();

    expect(metrics.sharpe_ratio).toBeNull();
    expect(metrics.sharpe_note).toBe(
      `Needs ${MIN_DAILY_RETURNS_FOR_RATIOS} trading days; this period has 10`,
    );
    expect(metrics.sharpe_window).toEqual({ period: 'quarter', from: lastSessions(10)[0], to: TODAY });
  });
});
