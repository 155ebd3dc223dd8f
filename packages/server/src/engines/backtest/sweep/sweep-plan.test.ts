import { splitSessions, sweepCombinations } from './sweep-plan';

describe('splitSessions', () => {
  it('fits on the earliest sessions by date and holds out the latest, whatever order they come in', () => {
    const dates = ['2026-02-02', '2026-01-27', '2026-01-30', '2026-01-28', '2026-01-29'];
    expect(splitSessions(dates, 0.6)).toEqual({
      inSample: { from: '2026-01-27', to: '2026-01-29', sessions: 3 },
      outOfSample: { from: '2026-01-30', to: '2026-02-02', sessions: 2 },
    });
  });

  it('keeps one session on each side of a short range', () => {
    expect(splitSessions(['2026-01-27', '2026-01-28'], 0.8)).toEqual({
      inSample: { from: '2026-01-27', to: '2026-01-27', sessions: 1 },
      outOfSample: { from: '2026-01-28', to: '2026-01-28', sessions: 1 },
    });
  });

  it('rounds the fitted part down, so at least the promised share is held out: 7 sessions at 0.8 fit on 5', () => {
    const dates = Array.from({ length: 7 }, (_, i) => `2026-02-0${i + 2}`);
    const { inSample, outOfSample } = splitSessions(dates, 0.8);
    expect([inSample.sessions, outOfSample.sessions]).toEqual([5, 2]);
    expect(
      splitSessions(
        Array.from({ length: 10 }, (_, i) => `2026-03-${10 + i}`),
        0.7,
      ).inSample.sessions,
    ).toBe(7);
  });

  it('refuses a single session with a sentence', () => {
    expect(() => splitSessions(['2026-01-27'], 0.7)).toThrow('a walk-forward sweep needs at least 2');
  });
});

describe('sweepCombinations', () => {
  it('tries every combination of the chosen values, the rest left to the base settings', () => {
    expect(
      sweepCombinations({ min_confidence: [0.6, 0.8], allocation_strategy: ['moderate', 'aggressive'] }),
    ).toEqual([
      { min_confidence: 0.6, allocation_strategy: 'moderate' },
      { min_confidence: 0.6, allocation_strategy: 'aggressive' },
      { min_confidence: 0.8, allocation_strategy: 'moderate' },
      { min_confidence: 0.8, allocation_strategy: 'aggressive' },
    ]);
  });

  it('refuses more than 50 combinations even when the contract was not asked', () => {
    const values = Array.from({ length: 51 }, (_, i) => i + 1);
    expect(() => sweepCombinations({ max_hold_minutes: values })).toThrow(
      'The grid makes 51 combinations: a sweep tries at most 50, so drop some values.',
    );
  });
});
