import type { BreakerState, ScalingPhase, ScalingStatus } from '@td/contracts';
import type { BreakerReading } from '../../safety/circuit-breakers';
import { TRADING_PHASES } from '../phases';
import type { PhaseEvaluation } from './phase-engine';
import type { PhaseHistoryRow } from './phase-history-store';

export interface SafetyView {
  halted: boolean;
  haltReason: string | null;
  measuring: boolean;
  readings: BreakerReading[];
}

const BREAKER_LABELS: Record<BreakerState['breaker'], string> = {
  volatility: 'Volatility above 40 %',
  market_drop: 'Market drop over 3 % in 1 hour',
  liquidity: 'Liquidity ratio below 15 %',
};

/** Two decimals and never NaN/Infinity on the wire. */
const round2 = (value: number) => (Number.isFinite(value) ? Math.round(value * 100) / 100 : 0);

/** The five cards: active is the engine's phase, below it completed, above it locked (decision 0020). */
export function phaseCards(currentPhase: number): ScalingPhase[] {
  return TRADING_PHASES.map((phase) => ({
    phase: phase.phase,
    name: phase.name,
    capitalRangeText: phase.capitalRangeText,
    minCapital: phase.minCapitalRupees,
    maxCapital: phase.maxCapitalRupees,
    limits: {
      maxPositionPercent: phase.maxPositionPercent,
      maxDailyLossPercent: phase.maxDailyLossPercent,
      minMLConfidence: phase.minMLConfidence,
      emergencyStopLossPercent: phase.emergencyStopLossPercent,
    },
    requirements: {
      successRate: phase.requirements.successRatePercent,
      profitTarget: phase.requirements.profitTargetPercent,
      minDays: phase.requirements.minDays,
    },
    description: phase.description,
    state: phase.phase === currentPhase ? 'active' : phase.phase < currentPhase ? 'completed' : 'locked',
  }));
}

const change = (row: PhaseHistoryRow) => ({
  phase: row.phase,
  fromPhase: row.fromPhase,
  kind: row.kind,
  reason: row.reason,
  at: new Date(row.enteredAt).toISOString(),
  capital: round2(row.equityPaise / 100),
});

/** GET /api/scaling-status's body from one evaluation, the recent history and the safety engine's state. */
export function scalingStatus(
  evaluation: PhaseEvaluation,
  history: PhaseHistoryRow[],
  safety: SafetyView,
  capitalPhase: number,
): ScalingStatus {
  const { standing, entry } = evaluation;
  return {
    currentPhase: standing.current.phase,
    capital: round2(standing.capitalRupees),
    successRate: round2(standing.successRatePercent),
    daysInPhase: standing.daysInPhase,
    status: safety.halted ? 'halted' : 'active',
    account: evaluation.account,
    capitalPhase,
    closedTrades: standing.closedTrades,
    winningTrades: standing.winningTrades,
    phaseProfit: round2(evaluation.phaseProfitPaise / 100),
    phaseProfitPercent: round2(standing.profitPercent),
    phaseChangePercent: round2(standing.changePercent),
    phaseStartedAt: new Date(entry.enteredAt).toISOString(),
    outlook: evaluation.outlook,
    phases: phaseCards(standing.current.phase),
    history: history.map(change),
    safety: {
      halted: safety.halted,
      haltReason: safety.haltReason,
      measuring: safety.measuring,
      breakers: safety.readings.map((reading) => ({
        breaker: reading.breaker,
        label: BREAKER_LABELS[reading.breaker],
        value: reading.value === null ? null : round2(reading.value),
        tripped: reading.tripped,
        detail: reading.detail,
      })),
    },
  };
}
