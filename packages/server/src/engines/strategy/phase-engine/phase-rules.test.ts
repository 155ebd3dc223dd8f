import { capitalPhase, TRADING_PHASES } from '../phases';
import { decidePhase, type PhaseStanding, phaseByNumber, requirementsMet } from './phase-rules';

/** A standing in `phase` that meets its requirements exactly, with capital in the next phase's range. */
function standing(phase: number, overrides: Partial<PhaseStanding> = {}): PhaseStanding {
  const current = phaseByNumber(phase);
  const next = TRADING_PHASES[phase] ?? current;
  return {
    current,
    capitalRupees: next.minCapitalRupees + 1,
    closedTrades: 20,
    winningTrades: 13,
    successRatePercent: current.requirements.successRatePercent,
    profitPercent: current.requirements.profitTargetPercent,
    changePercent: current.requirements.profitTargetPercent,
    daysInPhase: current.requirements.minDays,
    ...overrides,
  };
}

describe('phase boundaries (decision 0020: upper bounds inclusive, the boundary stays in the lower phase)', () => {
  it.each([
    [5_000, 1],
    [50_000, 1],
    [50_000.01, 2],
    [200_000, 2],
    [200_000.01, 3],
    [1_000_000, 3],
    [1_000_000.01, 4],
    [10_000_000, 4],
    [10_000_000.01, 5],
    [0, 1],
  ])('₹%d of capital is phase %d', (capital, phase) => {
    expect(capitalPhase(capital).phase).toBe(phase);
  });
});

describe('promotion', () => {
  it.each([1, 2, 3, 4])('promotes phase %d one step when each requirement is met exactly', (phase) => {
    expect(decidePhase(standing(phase))).toMatchObject({ kind: 'promotion', to: phase + 1 });
  });

  it.each([
    ['success rate', { successRatePercent: 64.99 }],
    ['profit target', { profitPercent: 7.99 }],
    ['days in phase', { daysInPhase: 14 }],
    ['any closed trade', { closedTrades: 0, winningTrades: 0 }],
  ])('stays in Foundation while %s is short by the smallest amount', (_name, short) => {
    const decision = decidePhase(standing(1, short));
    expect(decision.kind).toBe('stay');
    expect(decision.reason).toBe("capital is in Growth's range; Foundation's requirements are not met yet");
    expect(requirementsMet(standing(1, short))).toBe(false);
  });

  it('does not promote while capital is still within the phase, however good the record', () => {
    expect(decidePhase(standing(1, { capitalRupees: 50_000 })).kind).toBe('stay');
    expect(decidePhase(standing(1, { capitalRupees: 50_000.01 })).kind).toBe('promotion');
  });

  it('never promotes past Enterprise', () => {
    expect(decidePhase(standing(5, { capitalRupees: 50_000_000 }))).toEqual({
      kind: 'stay',
      reason: 'Enterprise is the highest phase',
    });
  });
});

describe('demotion', () => {
  it.each([2, 3, 4, 5])(
    'demotes phase %d one step when the loss reaches its emergency stop loss exactly',
    (phase) => {
      const limit = phaseByNumber(phase).emergencyStopLossPercent;
      const at = standing(phase, {
        capitalRupees: phaseByNumber(phase).minCapitalRupees * 2,
        changePercent: -limit,
      });
      expect(decidePhase(at)).toMatchObject({ kind: 'demotion', to: phase - 1 });
      const justShort = { ...at, changePercent: -limit + 0.01 };
      expect(decidePhase(justShort).kind).not.toBe('demotion');
    },
  );

  it('keeps Foundation, the lowest phase, on its emergency stop loss and says so', () => {
    expect(decidePhase(standing(1, { capitalRupees: 20_000, changePercent: -5 }))).toEqual({
      kind: 'stay',
      reason: 'down 5 % in Foundation, the lowest phase',
    });
  });

  it("demotes to the capital's phase when capital falls below the phase's range", () => {
    const decision = decidePhase(standing(4, { capitalRupees: 150_000, changePercent: -1 }));
    expect(decision).toMatchObject({ kind: 'demotion', to: 2 });
    expect(decision.reason).toBe("capital ₹1,50,000 is below Professional's range (₹10L-1Cr)");
  });

  it('puts the emergency stop loss before a promotion when both would apply', () => {
    expect(decidePhase(standing(2, { changePercent: -6 }))).toMatchObject({ kind: 'demotion', to: 1 });
  });
});
