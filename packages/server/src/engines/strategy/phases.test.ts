import { phaseForCapital, TRADING_PHASES } from './phases';

describe('trading phases', () => {
  it('holds the five phases of spec part 2 §9 with their limits', () => {
    expect(
      TRADING_PHASES.map((p) => [
        p.phase,
        p.name,
        p.maxPositionPercent,
        p.maxDailyLossPercent,
        p.minMLConfidence,
        p.emergencyStopLossPercent,
      ]),
    ).toEqual([
      [1, 'Foundation', 3, 1.5, 0.7, 5],
      [2, 'Growth', 4, 2, 0.68, 6],
      [3, 'Expansion', 5, 2.5, 0.65, 7],
      [4, 'Professional', 6, 3, 0.63, 8],
      [5, 'Enterprise', 7, 3.5, 0.6, 10],
    ]);
    expect(TRADING_PHASES[3]!.requirements).toEqual({
      successRatePercent: 70,
      profitTargetPercent: 15,
      minDays: 30,
    });
  });

  it('chains the ranges with no gap: each phase starts where the last ends', () => {
    for (let i = 1; i < TRADING_PHASES.length; i += 1) {
      expect(TRADING_PHASES[i]!.minCapitalRupees).toBe(TRADING_PHASES[i - 1]!.maxCapitalRupees);
    }
  });

  it.each([
    [0, 1],
    [4_999, 1],
    [25_000, 1],
    [50_000, 1],
    [50_000.01, 2],
    [200_000, 2],
    [200_001, 3],
    [1_000_000, 3],
    [1_000_001, 4],
    [10_000_000, 4],
    [10_000_001, 5],
    [1e12, 5],
  ])('₹%d of capital is phase %d (a boundary belongs to the lower phase)', (capital, phase) => {
    expect(phaseForCapital(capital).phase).toBe(phase);
  });

  it('refuses a negative or non-finite capital', () => {
    expect(() => phaseForCapital(-1)).toThrow(RangeError);
    expect(() => phaseForCapital(Number.NaN)).toThrow(RangeError);
  });
});
