import { backtestSweepRequestSchema, sweepCombinationCount, sweepResultSchema } from './backtest-sweeps';

const base = { from: '2026-01-05', to: '2026-02-27', capital: 1_000_000 };
const firstMessage = (body: object) => backtestSweepRequestSchema.safeParse(body).error?.issues[0]?.message;

describe('backtestSweepRequestSchema', () => {
  it('takes a grid of up to 50 combinations and holds 70 % of the sessions to fit on by default', () => {
    const parsed = backtestSweepRequestSchema.parse({
      ...base,
      grid: { min_confidence: [0.6, 0.7, 0.8, 0.9, 0.95], target_pct: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] },
    });
    expect(sweepCombinationCount(parsed.grid)).toBe(50);
    expect(parsed.in_sample_share).toBe(0.7);
    expect(parsed.allocation_strategy).toBe('moderate');
  });

  it('refuses a sweep over the limit with a sentence naming the count', () => {
    expect(
      firstMessage({
        ...base,
        grid: {
          stop_loss_pct: [1, 2, 3],
          target_pct: [2, 4, 6],
          max_hold_minutes: [30, 60, 90, 120, 180, 240],
        },
      }),
    ).toBe('The grid makes 54 combinations (3 × 3 × 6): a sweep tries at most 50, so drop some values.');
  });

  it('refuses a grid naming no parameter, a value listed twice and a value out of range', () => {
    expect(firstMessage({ ...base, grid: {} })).toBe(
      'grid names no parameter: give values for at least one of min_confidence, stop_loss_pct, target_pct, max_hold_minutes, allocation_strategy',
    );
    expect(firstMessage({ ...base, grid: { target_pct: [2, 2] } })).toBe(
      'grid.target_pct lists a value twice: each value once',
    );
    expect(firstMessage({ ...base, grid: { min_confidence: [0.5, 1.5] } })).toBe(
      'min_confidence must be from 0 to 1, such as 0.7',
    );
    expect(firstMessage({ ...base, grid: { leverage: [2] } })).toBe(
      'grid sweeps only min_confidence, stop_loss_pct, target_pct, max_hold_minutes, allocation_strategy: leverage is not one of them',
    );
    expect(firstMessage({ ...base, grid: 'target_pct=2' })).toBe(
      'grid must give lists of values by parameter, such as {"target_pct": [2, 3]}',
    );
  });

  it('keeps at least half the sessions to fit on and a fifth held out', () => {
    expect(firstMessage({ ...base, grid: { target_pct: [2] }, in_sample_share: 0.9 })).toBe(
      'in_sample_share must be from 0.5 to 0.8: at least a fifth of the sessions is held out',
    );
    expect(firstMessage({ ...base, grid: { target_pct: [2] }, in_sample_share: 0.3 })).toBe(
      'in_sample_share must be from 0.5 to 0.8: at least half the sessions fit the parameters',
    );
  });
});

describe('sweepResultSchema', () => {
  it('reads a sweep stored before corrected intervals as 95 % per row', () => {
    const stored = {
      in_sample: { from: '2026-01-05', to: '2026-02-13', sessions: 30 },
      out_of_sample: { from: '2026-02-16', to: '2026-02-27', sessions: 10 },
      combinations: [],
    };
    expect(sweepResultSchema.parse(stored).interval_level).toBe(0.95);
    expect(sweepResultSchema.parse({ ...stored, interval_level: 0.999 }).interval_level).toBe(0.999);
  });
});

describe('a sweep with the ML ensemble', () => {
  const request = { ...base, grid: { target_pct: [1, 2, 3, 4], stop_loss_pct: [0.5, 1, 1.5] } };

  it('tries at most ten combinations, each run training the ensemble first', () => {
    const parsed = backtestSweepRequestSchema.safeParse({ ...request, signals: 'ml' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(
      'The grid makes 12 combinations (3 × 4): with the ML ensemble each run first trains it on the sessions before its range (about 10 s), so a sweep with ML signals tries at most 10. Drop some values, or sweep with the rules.',
    );
  });

  it('takes the same grid with the rules, and a smaller one with ML', () => {
    expect(backtestSweepRequestSchema.safeParse(request).success).toBe(true);
    const smaller = { ...request, signals: 'ml_full', grid: { target_pct: [1, 2] } };
    expect(backtestSweepRequestSchema.safeParse(smaller).success).toBe(true);
  });
});
