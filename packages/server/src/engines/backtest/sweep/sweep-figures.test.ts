import type { BacktestResult } from '../run-backtest';
import { type SweepCombinationRuns, sessionPnlPaise, sweepTable } from './sweep-figures';

const CAPITAL = 10_00_000_00;

/** A backtest result whose sessions made these net P&Ls, paise, one order and ₹10 charges each. */
function result(pnls: number[]): BacktestResult {
  let equity = CAPITAL;
  const sessions = pnls.map((pnl, i) => {
    equity += pnl;
    return { date: `2026-02-0${i + 1}`, orders: 1, endEquityPaise: equity };
  });
  return {
    startingCapitalPaise: CAPITAL,
    finalEquityPaise: equity,
    netPnlPaise: equity - CAPITAL,
    chargesPaise: pnls.length * 10_00,
    turnoverPaise: 0,
    bars: 0,
    sessions,
    orders: [],
    trades: [],
    equity: [],
    equityStrideMinutes: 1,
    buyAndHold: null,
    // The sweep reads only the figures above.
    metrics: {} as BacktestResult['metrics'],
    monthly: [],
    errors: [],
  };
}

describe('sessionPnlPaise', () => {
  it('is each session’s end equity less the one before, the first less capital', () => {
    expect(sessionPnlPaise(result([500_00, -200_00, 300_00]))).toEqual([500_00, -200_00, 300_00]);
  });
});

describe('sweepTable', () => {
  const rows = sweepTable([
    // Best in sample, then loses out of sample: what fitting would have chosen.
    {
      parameters: { target_pct: 1 },
      inSample: result([9_000_00]),
      outOfSample: result([-100_00, -300_00, 50_00]),
    },
    // Steady gains every held-out session: an interval clear of 0.
    {
      parameters: { target_pct: 2 },
      inSample: result([1_000_00]),
      outOfSample: result([400_00, 500_00, 450_00, 480_00]),
    },
    // A held-out gain from one lucky session among losses: within noise.
    {
      parameters: { target_pct: 3 },
      inSample: result([2_000_00]),
      outOfSample: result([5_000_00, -2_000_00, -1_500_00]),
    },
    // One held-out session tells nothing: within noise whatever it made.
    { parameters: { target_pct: 4 }, inSample: result([500_00]), outOfSample: result([3_000_00]) },
  ]);

  it('pins the in-sample pick first, then the rest by out-of-sample net P&L after charges, best first', () => {
    expect(rows.map((row) => [row.parameters.target_pct, row.out_of_sample.net_pnl])).toEqual([
      [1, -350],
      [4, 3_000],
      [2, 1_830],
      [3, 1_500],
    ]);
  });

  it('marks the edges whose per-session interval, corrected for 4 combinations, reaches 0 as within noise', () => {
    const noise = Object.fromEntries(
      rows.map((row) => [row.parameters.target_pct, row.out_of_sample.within_noise]),
    );
    expect(noise).toEqual({ 1: true, 2: false, 3: true, 4: true });
    const steady = rows.find((row) => row.parameters.target_pct === 2)!.out_of_sample;
    // Mean ₹457.50, s ₹43.49 over 4 sessions; Bonferroni over 4 rows puts each at 98.75 % two-sided:
    // ± 5.392 × 43.49 / 2 = ± ₹117.26 (t at 0.99375 with 3 degrees of freedom).
    expect(steady.mean_session_pnl).toBe(457.5);
    expect(steady.interval?.[0]).toBeCloseTo(340.24, 1);
    expect(steady.interval?.[1]).toBeCloseTo(574.76, 1);
    expect(rows.find((row) => row.parameters.target_pct === 4)!.out_of_sample.interval).toBeNull();
  });

  it('marks as fitted the best in-sample combination only, however it did held out', () => {
    expect(rows.filter((row) => row.fitted).map((row) => row.parameters)).toEqual([{ target_pct: 1 }]);
    expect(rows.find((row) => row.fitted)?.in_sample).toEqual({ net_pnl: 9_000, charges: 10, orders: 0 });
  });

  it('badges no combination when every one made the same in-sample P&L: nothing was chosen', () => {
    const flat = sweepTable([
      { parameters: { target_pct: 1 }, inSample: result([0]), outOfSample: result([0, 0]) },
      { parameters: { target_pct: 2 }, inSample: result([0]), outOfSample: result([0, 0]) },
    ]);
    expect(flat.some((row) => row.fitted)).toBe(false);
  });
});

/** A seeded uniform generator (mulberry32): the same noise on every run. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

describe('sweepTable on pure noise', () => {
  it('badges a gain or loss beyond noise in about 1 sweep in 20, not in most, across 50 combinations', () => {
    const uniform = seeded(57);
    const normal = () => Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform());
    const noise = (sessions: number) =>
      Array.from({ length: sessions }, () => Math.round(normal() * 1_000_00));
    const sweeps = 200;
    let withABadge = 0;
    for (let sweep = 0; sweep < sweeps; sweep++) {
      const runs: SweepCombinationRuns[] = Array.from({ length: 50 }, (_, i) => ({
        parameters: { max_hold_minutes: i + 1 },
        inSample: result(noise(1)),
        outOfSample: result(noise(10)),
      }));
      if (sweepTable(runs).some((row) => !row.out_of_sample.within_noise)) withABadge++;
    }
    // Uncorrected 95 % intervals badge ~2.5 rows a sweep (92 % of sweeps); Bonferroni caps it at 5 %.
    expect(withABadge / sweeps).toBeLessThanOrEqual(0.1);
  });
});
