/**
 * spec part 2 §9 "Phases": the capital-scaling phases, as data. Percentages are percent (3 = 3 %)
 * of equity; capital is in rupees because the spec states the ranges that way.
 */
import type { PhaseNumber } from '../../core/ports/repositories/phases';

export type { PhaseNumber };

export interface TradingPhase {
  phase: PhaseNumber;
  name: string;
  /** The range as the spec's cards print it. */
  capitalRangeText: string;
  minCapitalRupees: number;
  /** null: no upper bound. */
  maxCapitalRupees: number | null;
  maxPositionPercent: number;
  maxDailyLossPercent: number;
  /** Signals below this confidence (0..1) never open a position. */
  minMLConfidence: number;
  /** Sell a position once it is this far below its average cost. */
  emergencyStopLossPercent: number;
  /** What the trader must show before moving up a phase. */
  requirements: { successRatePercent: number; profitTargetPercent: number; minDays: number };
  description: string;
}

export const TRADING_PHASES: readonly TradingPhase[] = [
  {
    phase: 1,
    name: 'Foundation',
    capitalRangeText: '₹5K-50K',
    minCapitalRupees: 5_000,
    maxCapitalRupees: 50_000,
    maxPositionPercent: 3,
    maxDailyLossPercent: 1.5,
    minMLConfidence: 0.7,
    emergencyStopLossPercent: 5,
    requirements: { successRatePercent: 65, profitTargetPercent: 8, minDays: 15 },
    description: 'Small positions and the strictest confidence bar while the system proves itself.',
  },
  {
    phase: 2,
    name: 'Growth',
    capitalRangeText: '₹50K-2L',
    minCapitalRupees: 50_000,
    maxCapitalRupees: 200_000,
    maxPositionPercent: 4,
    maxDailyLossPercent: 2,
    minMLConfidence: 0.68,
    emergencyStopLossPercent: 6,
    requirements: { successRatePercent: 67, profitTargetPercent: 10, minDays: 20 },
    description: 'Slightly larger positions once the foundation targets are met.',
  },
  {
    phase: 3,
    name: 'Expansion',
    // spec: the label reads 2L-10L while the data boundary is 1,000,000 (10L); both agree here.
    capitalRangeText: '₹2L-10L',
    minCapitalRupees: 200_000,
    maxCapitalRupees: 1_000_000,
    maxPositionPercent: 5,
    maxDailyLossPercent: 2.5,
    minMLConfidence: 0.65,
    emergencyStopLossPercent: 7,
    requirements: { successRatePercent: 68, profitTargetPercent: 12, minDays: 25 },
    description: 'Broader diversification with moderate position sizes.',
  },
  {
    phase: 4,
    name: 'Professional',
    capitalRangeText: '₹10L-1Cr',
    minCapitalRupees: 1_000_000,
    maxCapitalRupees: 10_000_000,
    maxPositionPercent: 6,
    maxDailyLossPercent: 3,
    minMLConfidence: 0.63,
    emergencyStopLossPercent: 8,
    requirements: { successRatePercent: 70, profitTargetPercent: 15, minDays: 30 },
    description: 'Full-size trading with professional risk limits.',
  },
  {
    phase: 5,
    name: 'Enterprise',
    capitalRangeText: '₹1Cr+',
    minCapitalRupees: 10_000_000,
    maxCapitalRupees: null,
    maxPositionPercent: 7,
    maxDailyLossPercent: 3.5,
    minMLConfidence: 0.6,
    emergencyStopLossPercent: 10,
    requirements: { successRatePercent: 72, profitTargetPercent: 18, minDays: 0 },
    description: 'No upper bound on capital; the widest limits.',
  },
];

/**
 * The phase a capital falls in. Upper bounds are inclusive: ₹50,000 exactly is still Foundation,
 * as the spec's card rule says a phase is completed only when capital *exceeds* its max; the
 * boundary stays in the lower, stricter phase. Below ₹5,000 is Foundation too (there is nothing
 * smaller); a negative or non-finite capital is a bug upstream and throws.
 */
export function capitalPhase(capitalRupees: number): TradingPhase {
  if (!Number.isFinite(capitalRupees) || capitalRupees < 0) {
    throw new RangeError(`Capital must be a finite amount ≥ 0, got ${capitalRupees}`);
  }
  for (const phase of TRADING_PHASES) {
    if (phase.maxCapitalRupees === null || capitalRupees <= phase.maxCapitalRupees) return phase;
  }
  return TRADING_PHASES[TRADING_PHASES.length - 1]!;
}

let installedReader: ((capitalRupees: number) => TradingPhase) | null = null;

/**
 * While the phase engine runs, its current phase (earned by promotion, lost by demotion; decision
 * 0020) is the phase every caller of phaseForCapital gets, the loops' caps included. Returns the uninstall.
 */
export function installPhaseReader(reader: (capitalRupees: number) => TradingPhase): () => void {
  installedReader = reader;
  return () => {
    if (installedReader === reader) installedReader = null;
  };
}

/** The phase whose caps apply: the phase engine's when it runs, else the table's for this capital. */
export function phaseForCapital(capitalRupees: number): TradingPhase {
  const byCapital = capitalPhase(capitalRupees);
  return installedReader ? installedReader(capitalRupees) : byCapital;
}
