import type { AccountId } from '../../orders';

/** The five capital-scaling phases (spec part 2 §9); the strategy's phase table defines each. */
export type PhaseNumber = 1 | 2 | 3 | 4 | 5;

/** One entry of an account's phase history: where it started, or a promotion or demotion. */
export interface PhaseHistoryRow {
  id: number;
  phase: PhaseNumber;
  fromPhase: PhaseNumber | null;
  kind: 'start' | 'promotion' | 'demotion';
  reason: string;
  enteredAt: number;
  equityPaise: number;
}

/** The phase engine's history per account, newest first. */
export interface PhasesRepository {
  latest(account: AccountId): PhaseHistoryRow | undefined;
  recent(account: AccountId, limit: number): PhaseHistoryRow[];
  /** Appends an entry; equity is stored in whole paise. */
  record(account: AccountId, row: Omit<PhaseHistoryRow, 'id'>): void;
}
