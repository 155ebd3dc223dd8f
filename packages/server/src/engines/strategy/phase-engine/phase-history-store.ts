import type { AccountId } from '../../../core/orders';
import type { LedgerReadRepository } from '../../../core/ports/repositories/ledger';
import type { PhaseHistoryRow, PhasesRepository } from '../../../core/ports/repositories/phases';
import type { AnalyticsFill } from '../../analytics/round-trips';
import { PhaseTrips } from './phase-trips';

export type { PhaseHistoryRow };

/** What the phase engine reads of the ledger. */
export type PhaseLedgerReads = Pick<
  LedgerReadRepository,
  'lastBaselineAt' | 'depositsSince' | 'fillsSince' | 'newestFill' | 'fillsBetween'
>;

/** The phase history and the ledger figures the phase engine reads, in one place. */
export class PhaseHistoryStore {
  /** The account's closed round trips since its baseline, kept between looks (phase-trips.ts). */
  readonly trips: PhaseTrips;

  constructor(
    private readonly phases: PhasesRepository,
    private readonly ledger: PhaseLedgerReads,
  ) {
    this.trips = new PhaseTrips(ledger);
  }

  latest(account: AccountId): PhaseHistoryRow | undefined {
    return this.phases.latest(account);
  }

  recent(account: AccountId, limit: number): PhaseHistoryRow[] {
    return this.phases.recent(account, limit);
  }

  record(account: AccountId, row: Omit<PhaseHistoryRow, 'id'>): void {
    this.phases.record(account, row);
  }

  /** When the account's figures last started again (its opening balance or a reset), epoch ms. */
  baselineTs(account: AccountId): number | null {
    return this.ledger.lastBaselineAt(account);
  }

  /** Balance edits (deposits positive) at or after `sinceTs`. */
  depositsSince(account: AccountId, sinceTs: number): number {
    return this.ledger.depositsSince(account, sinceTs);
  }

  /** The account's fills at or after `sinceTs` with their order's strategy, in time order. */
  fillsSince(account: AccountId, sinceTs: number): AnalyticsFill[] {
    return this.ledger.fillsSince(account, sinceTs);
  }

  /** The newest fill's rowid: when it has not moved, no trade has happened since. */
  newestFill(): number {
    return this.ledger.newestFill();
  }
}
