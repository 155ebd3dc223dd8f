import type { AccountId } from '../../core/orders';
import type { LedgerReadRepository } from '../../core/ports/repositories/ledger';
import { istDateOf } from '../market/calendar';

const DAY_MS = 86_400_000;
const IST_OFFSET_MS = 5.5 * 3_600_000;
/** The loss windows' baselines change only when a day opens or money moves: read them at most this often. */
const CACHE_MS = 30_000;

export interface LossBaselines {
  /** Equity at the first recorded opening on or after Monday (IST) plus money moved in since; null without one. */
  weekPaise: number | null;
  /** The same from the 1st of the month. */
  monthPaise: number | null;
  /** Highest recorded daily opening of the last 30 days, after the last reset or balance change. */
  peakPaise: number | null;
}

/** Start of the IST calendar day holding `date` (YYYY-MM-DD), epoch ms. */
function istDayStart(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) - IST_OFFSET_MS;
}

/** Monday of the IST week holding `ts`, and the 1st of its month, as IST dates. */
export function windowStarts(ts: number): { week: string; month: string } {
  const today = istDateOf(ts);
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay(); // 0 Sunday
  const back = (weekday + 6) % 7;
  return {
    week: istDateOf(istDayStart(today) + IST_OFFSET_MS - back * DAY_MS),
    month: `${today.slice(0, 8)}01`,
  };
}

/** What the loss windows read of the ledger. */
export type LossWindowReads = Pick<
  LedgerReadRepository,
  'openingEquityOnOrAfter' | 'moneyMovedSince' | 'lastMoneyMovedAt' | 'peakOpeningEquitySince'
>;

/**
 * The loss windows' baselines from the ledger's daily openings (daily_equity) and its money
 * movements (balance changes and resets count as money moved, not as gains or losses).
 */
export class LossWindows {
  private cache = new Map<AccountId, { at: number; baselines: LossBaselines }>();

  constructor(
    private readonly ledgerReads: LossWindowReads,
    private readonly now: () => number,
  ) {}

  baselines(account: AccountId): LossBaselines {
    const now = this.now();
    const cached = this.cache.get(account);
    if (cached && now - cached.at < CACHE_MS && now >= cached.at) return cached.baselines;
    const starts = windowStarts(now);
    const baselines: LossBaselines = {
      weekPaise: this.baselineSince(account, starts.week),
      monthPaise: this.baselineSince(account, starts.month),
      peakPaise: this.peak(account, now),
    };
    this.cache.set(account, { at: now, baselines });
    return baselines;
  }

  forget(): void {
    this.cache.clear();
  }

  private baselineSince(account: AccountId, date: string): number | null {
    const opening = this.ledgerReads.openingEquityOnOrAfter(account, date);
    if (!opening) return null;
    return opening.equityPaise + this.ledgerReads.moneyMovedSince(account, istDayStart(opening.date));
  }

  private peak(account: AccountId, now: number): number | null {
    const lastFlow = this.ledgerReads.lastMoneyMovedAt(account);
    // Openings from the day after the last money movement: an opening before it measured other money.
    const from = istDateOf(Math.max(now - 30 * DAY_MS, lastFlow === null ? 0 : lastFlow + DAY_MS));
    return this.ledgerReads.peakOpeningEquitySince(account, from);
  }
}
