// Production scaling (spec part 2 §2.8, §9): the phase engine, its history and the scaling status.
import type { ScalingStatus } from '@td/contracts';
import type { LedgerReadRepository } from '../../../core/ports/repositories/ledger';
import type { PhasesRepository } from '../../../core/ports/repositories/phases';
import type { AccountService } from '../../broker/account-service';
import type { SafetyService } from '../../safety';
import { capitalPhase } from '../phases';
import { PhaseEngine } from './phase-engine';
import { PhaseHistoryStore } from './phase-history-store';
import { scalingStatus } from './scaling-status';

export { PhaseEngine, type PhaseEngineDeps, type PhaseEvaluation } from './phase-engine';
export { PhaseHistoryStore } from './phase-history-store';
export { decidePhase, type PhaseStanding, requirementsMet } from './phase-rules';
export { phaseCards } from './scaling-status';

export interface PhaseService {
  engine: PhaseEngine;
  /** Evaluates now and reports; throws while the account's equity cannot be read. */
  status(): ScalingStatus;
  start(): void;
  stop(): void;
}

/** The engine over a running server's pieces: the traded account's equity, the ledger's fills, the breakers. */
export function createPhaseService(deps: {
  phases: PhasesRepository;
  ledgerReads: LedgerReadRepository;
  trading: Pick<AccountService, 'account' | 'summary'>;
  safety: SafetyService;
  now: () => number;
  logger: PhaseEngineLog;
}): PhaseService {
  const store = new PhaseHistoryStore(deps.phases, deps.ledgerReads);
  const engine = new PhaseEngine({
    store,
    account: () => deps.trading.account(),
    equityPaise: (account) => deps.trading.summary(account).equityPaise,
    now: deps.now,
    log: deps.logger,
  });
  return {
    engine,
    status: () => {
      const evaluation = engine.evaluate();
      const now = deps.now();
      const halt = deps.safety.haltState();
      const { watch } = deps.safety.parts;
      return scalingStatus(
        evaluation,
        store.recent(evaluation.account, 20),
        {
          halted: halt.halted,
          haltReason: halt.reason,
          measuring: watch.measurable(now),
          readings: watch.readings(now),
        },
        capitalPhase(evaluation.standing.capitalRupees).phase,
      );
    },
    start: () => engine.start(),
    stop: () => engine.stop(),
  };
}

type PhaseEngineLog = { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
