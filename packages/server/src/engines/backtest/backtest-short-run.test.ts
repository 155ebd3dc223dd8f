import { backtestMetricsSchema } from '@td/contracts';
import type { EquityCurve } from './backtest-equity';
import { backtestMetrics, type SessionEnd } from './backtest-metrics';
import type { BacktestResult } from './backtest-result';
import { resultView, runView } from './backtest-view';

const CAPITAL = 10_00_000_00;
const NO_CURVE: EquityCurve = {
  points: [],
  strideMinutes: 1,
  strideSessions: 1,
  maxDrawdown: 0.01,
  maxDrawdownPaise: 10_000_00,
  buyAndHold: null,
};

/** `count` sessions whose equity moves +0.4 %, −0.6 %, +0.1 % by turns from ₹10,00,000. */
function sessionsOf(count: number): SessionEnd[] {
  const moves = [0.004, -0.006, 0.001];
  let equity = CAPITAL;
  return Array.from({ length: count }, (_, i) => {
    equity = Math.round(equity * (1 + moves[i % 3]!));
    const date = new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10);
    return { date, endEquityPaise: equity };
  });
}

/** A complete run over `count` sessions, its metrics from the engine's own formulas. */
function runOf(count: number): BacktestResult {
  const sessions = sessionsOf(count);
  const finalEquityPaise = sessions.at(-1)!.endEquityPaise;
  return {
    startingCapitalPaise: CAPITAL,
    finalEquityPaise,
    netPnlPaise: finalEquityPaise - CAPITAL,
    chargesPaise: 0,
    turnoverPaise: 0,
    bars: count * 375,
    sessions: sessions.map((s) => ({ ...s, orders: 0 })),
    orders: [],
    trades: [],
    equity: [],
    equityStrideMinutes: 1,
    buyAndHold: null,
    metrics: backtestMetrics(CAPITAL, sessions, [], NO_CURVE),
    monthly: [],
    errors: [],
  };
}

describe('a backtest’s Sharpe and Sortino as the API sends them', () => {
  it('withholds them over 2 sessions, saying the run has 2, though the engine computed a figure', () => {
    const run = runOf(2);
    expect(run.metrics.sharpeRatio).not.toBeNull(); // the noise a trader could mistake for evidence
    const metrics = resultView(run).metrics;
    expect(backtestMetricsSchema.parse(metrics)).toEqual(metrics);
    expect(metrics).toMatchObject({
      sharpe_ratio: null,
      sortino_ratio: null,
      calmar_ratio: null,
      volatility: null,
      ratios_note: 'Needs 30 trading days; this run has 2',
    });
    expect(metrics.total_return).toBe(run.netPnlPaise / 100);
  });

  it('sends them over 30 sessions, with no note', () => {
    const metrics = resultView(runOf(30)).metrics;
    expect(metrics.ratios_note).toBeNull();
    expect(typeof metrics.sharpe_ratio).toBe('number');
    expect(typeof metrics.sortino_ratio).toBe('number');
    expect(metrics.volatility).toBeGreaterThan(0);
  });

  it('withholds them from a 2-session run stored before the rule, when it is read back', () => {
    const stored = resultView(runOf(2));
    const { ratios_note: _, ...oldMetrics } = {
      ...stored.metrics,
      sharpe_ratio: -218.37,
      sortino_ratio: -12.4,
    };
    const view = runView({
      id: 'bt-1',
      createdAt: 0,
      finishedAt: 1,
      status: 'complete',
      settings: {},
      barsDone: 750,
      totalBars: 750,
      result: { ...stored, metrics: oldMetrics },
      error: null,
    });
    expect((view.result as typeof stored).metrics).toMatchObject({
      sharpe_ratio: null,
      sortino_ratio: null,
      ratios_note: 'Needs 30 trading days; this run has 2',
    });
  });
});
