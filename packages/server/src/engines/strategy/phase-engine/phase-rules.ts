import { capitalPhase, type PhaseNumber, TRADING_PHASES, type TradingPhase } from '../phases';

/** Where the account stands in its current phase. Rates in percent. */
export interface PhaseStanding {
  current: TradingPhase;
  capitalRupees: number;
  closedTrades: number;
  winningTrades: number;
  /** Winning closed trades over closed trades; 0 before the first one closes. */
  successRatePercent: number;
  /** Realised profit of the phase's closed trades against the equity at the phase's start. */
  profitPercent: number;
  /** Equity change since the phase started, net of deposits and withdrawals. */
  changePercent: number;
  daysInPhase: number;
}

export type PhaseDecision =
  | { kind: 'stay'; reason: string }
  | { kind: 'promotion' | 'demotion'; to: PhaseNumber; reason: string };

export const phaseByNumber = (phase: number): TradingPhase =>
  TRADING_PHASES.find((candidate) => candidate.phase === phase) ?? TRADING_PHASES[0]!;

/** Every requirement is met at its value exactly (65 % is 65 %), and only after a trade has closed. */
export function requirementsMet(standing: PhaseStanding): boolean {
  const { requirements } = standing.current;
  return (
    standing.closedTrades > 0 &&
    standing.successRatePercent >= requirements.successRatePercent &&
    standing.profitPercent >= requirements.profitTargetPercent &&
    standing.daysInPhase >= requirements.minDays
  );
}

const pct = (value: number) => `${Number(value.toFixed(2))} %`;

/**
 * decision 0020: the phase is earned and capped by capital. Demote one phase when the phase's
 * emergency stop loss is reached (its loss exactly at the limit counts), or to the capital's phase when
 * capital fell below the range; promote one phase when the capital has outgrown the phase and its
 * requirements are met.
 */
export function decidePhase(standing: PhaseStanding): PhaseDecision {
  const { current } = standing;
  const byCapital = capitalPhase(Math.max(0, standing.capitalRupees));
  if (standing.changePercent <= -current.emergencyStopLossPercent) {
    if (current.phase === 1) {
      return { kind: 'stay', reason: `down ${pct(-standing.changePercent)} in Foundation, the lowest phase` };
    }
    return {
      kind: 'demotion',
      to: (current.phase - 1) as PhaseNumber,
      reason: `emergency stop loss: equity down ${pct(-standing.changePercent)} in ${current.name}, at or past its ${current.emergencyStopLossPercent} % limit`,
    };
  }
  if (byCapital.phase < current.phase) {
    return {
      kind: 'demotion',
      to: byCapital.phase,
      reason: `capital ₹${Math.round(standing.capitalRupees).toLocaleString('en-IN')} is below ${current.name}'s range (${current.capitalRangeText})`,
    };
  }
  if (byCapital.phase > current.phase) {
    if (requirementsMet(standing)) {
      return {
        kind: 'promotion',
        to: (current.phase + 1) as PhaseNumber,
        reason: `${current.name}'s requirements met: success ${pct(standing.successRatePercent)}, profit ${pct(standing.profitPercent)}, ${standing.daysInPhase} days`,
      };
    }
    return {
      kind: 'stay',
      reason: `capital is in ${byCapital.name}'s range; ${current.name}'s requirements are not met yet`,
    };
  }
  if (current.phase === 5) return { kind: 'stay', reason: 'Enterprise is the highest phase' };
  return { kind: 'stay', reason: `capital is within ${current.name}'s range (${current.capitalRangeText})` };
}
