import type { AccountId, PaperLimits } from '../../../core/orders';
import type { OrderAuditLog } from '../../../core/ports/order-audit';
import type { EntryKind, EntryRefs } from '../../../core/ports/repositories/ledger';
import type { UnitOfWork } from '../../../core/ports/unit-of-work';
import { istDateOf, parseIstDate } from '../../../core/time/ist-time';
import { decimalFraction } from '../charges/decimal-fraction';
import { requirePaise, rupees } from './ledger-checks';
import { LedgerError } from './ledger-error';
import { LedgerReader } from './ledger-reader';
import type { LedgerStorage, ResetResult, TradingSnapshot } from './ledger-types';
import { limitsFromJson, paperLimitsSchema } from './paper-limits-schema';
import {
  type MarkPrice,
  marketValueOf,
  type PortfolioSummary,
  summarisePortfolio,
} from './portfolio-summary';

function isIstDate(date: string): boolean {
  try {
    parseIstDate(date);
    return true;
  } catch {
    return false;
  }
}

export type { EntryKind, LedgerStorage, ResetResult, TradingSnapshot } from './ledger-types';

/**
 * An account's cash, limits and valuation. Cash moves only through post(), which writes a signed
 * ledger entry and moves the cached balance by the same amount inside the caller's transaction.
 */
const EXACT_DECIMAL_LIMITS = [
  'max_portfolio_exposure',
  'brokerage_per_trade',
  'stt_rate',
  'transaction_charges',
] as const satisfies readonly (keyof PaperLimits)[];

export class AccountLedger extends LedgerReader {
  /** The unit every write runs in; nested inside another unit it is a savepoint. */
  private readonly unitOfWork: UnitOfWork;
  /** The order audit trail, written inside each order's unit (ledger.ts). */
  protected readonly orderAudit: OrderAuditLog | undefined;
  /** The last limits parsed, keyed by the stored JSON they came from (see limits()). */
  private readonly parsedLimits = new Map<AccountId, { json: string | undefined; limits: PaperLimits }>();

  constructor(
    storage: LedgerStorage,
    protected readonly now: () => number = Date.now,
  ) {
    super(storage);
    this.unitOfWork = storage.unitOfWork;
    this.orderAudit = storage.orderAudit;
  }

  /**
   * The account's paper limits, the spec's defaults until someone edits them. The stored JSON is
   * read every time (one primary-key lookup), but parsed and validated only when it differs from
   * the text parsed last: a rolled-back edit can never leave a stale copy behind.
   */
  override limits(account: AccountId): PaperLimits {
    const json = this.ledgerRepo.paperLimitsJson(account);
    let cached = this.parsedLimits.get(account);
    if (!cached || cached.json !== json) {
      cached = { json, limits: limitsFromJson(json) };
      this.parsedLimits.set(account, cached);
    }
    return { ...cached.limits };
  }

  /** Creates the account with its opening balance; opening an open account changes nothing. */
  openAccount(account: AccountId, startingBalancePaise: number): void {
    requirePaise(startingBalancePaise, 'A starting balance');
    this.write(() => {
      if (this.isOpen(account)) return;
      const ts = this.now();
      this.ledgerRepo.createAccount(account, ts);
      this.post(account, 'opening_balance', startingBalancePaise, ts, { note: 'Opening balance' });
    });
  }

  /** spec part 2 §2.5 "Cash Balance (inline editable)": one balance_adjustment entry of the difference. */
  setBalance(account: AccountId, newCashPaise: number, note = 'Balance edited'): number {
    if (!Number.isSafeInteger(newCashPaise) || newCashPaise < 0) {
      throw new LedgerError('Please enter a valid positive balance amount.');
    }
    this.write(() => {
      const delta = newCashPaise - this.cashPaise(account);
      this.post(account, 'balance_adjustment', delta, this.now(), { note });
      // Money put in or taken out is not the day's profit or loss: the day's opening moves with it.
      this.ledgerRepo.shiftOpeningEquity(account, this.today(), delta);
    });
    return this.cashPaise(account);
  }

  /**
   * spec part 2 §5 "Reset account": cancels pending orders and closes every position, then one reset
   * entry makes cash exactly the new balance. Paper positions vanish at no price (nothing is sold,
   * so no fill or P&L is booked); order and fill history stays. The day's opening equity is dropped
   * so day change starts again from the next recorded opening.
   */
  reset(account: AccountId, balancePaise: number): ResetResult {
    if (account !== 'paper') throw new LedgerError('Only the paper account can be reset.');
    requirePaise(balancePaise, 'A reset balance');
    return this.write(() => {
      const cash = this.cashPaise(account);
      const ts = this.now();
      const cancelledOrderIds = this.ordersRepo.pendingOrderIds(account);
      this.ordersRepo.cancelPending(account, 'Account reset', ts);
      const removedPositions = this.positions(account);
      this.ledgerRepo.removePositions(account);
      this.ledgerRepo.removeOpeningEquities(account);
      this.post(account, 'reset', balancePaise - cash, ts, {
        note: `Account reset to ${rupees(balancePaise)}`,
      });
      return { cancelledOrderIds, removedPositions, cashPaise: balancePaise };
    });
  }

  /** Keeps the first equity recorded for an IST date and returns what is stored. */
  recordOpeningEquity(account: AccountId, date: string, equityPaise: number): number {
    if (!isIstDate(date)) throw new LedgerError(`${date} is not a date in the form YYYY-MM-DD.`);
    if (!Number.isSafeInteger(equityPaise)) throw new LedgerError('Equity must be a whole number of paise.');
    this.write(() => {
      // The live account's row is created empty on first use, as recordLiveOrder does: Upstox holds its money.
      if (account === 'live') this.ledgerRepo.ensureLiveAccount(this.now());
      this.requireOpen(account);
      this.ledgerRepo.recordOpeningEquity(account, date, equityPaise);
    });
    return this.openingEquity(account, date)!;
  }

  setLimits(account: AccountId, limits: PaperLimits): PaperLimits {
    const parsed = paperLimitsSchema.safeParse(limits);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new LedgerError(`The limit ${String(issue?.path[0])} is not valid: ${issue?.message}.`);
    }
    // The charges maths reads these as exact decimals: one it cannot would fail every later order.
    for (const field of EXACT_DECIMAL_LIMITS) {
      try {
        decimalFraction(parsed.data[field]);
      } catch {
        throw new LedgerError(`The limit ${field} is not valid: it must be a decimal of at most 20 places.`);
      }
    }
    this.write(() => {
      this.requireOpen(account);
      this.ledgerRepo.savePaperLimitsJson(account, JSON.stringify(parsed.data), this.now());
    });
    return this.limits(account);
  }

  /** cash + Σ quantity × mark (a position without a mark counts at its cost). */
  equityPaise(account: AccountId, markPrice: MarkPrice): number {
    return this.cashPaise(account) + marketValueOf(this.positions(account), markPrice).value;
  }

  /** spec part 1 §3 "Portfolio overview", in paise; day change against today's (IST) opening equity. */
  portfolioSummary(
    account: AccountId,
    marks: MarkPrice,
    previousCloses: MarkPrice = () => undefined,
  ): PortfolioSummary {
    return summarisePortfolio({
      cashPaise: this.cashPaise(account),
      positions: this.positions(account),
      realisedPnlPaise: this.realisedPnlPaise(account),
      openingEquityPaise: this.openingEquity(account, this.today()),
      marks,
      previousCloses,
    });
  }

  /**
   * What the pre-trade limit checks read, in three primary-key or account lookups: cash, open
   * positions, equity at the marks (cost where there is none) and today's P&L against the day's
   * opening equity (0 until one is recorded), the same figures portfolioSummary gives.
   */
  tradingSnapshot(account: AccountId, marks: MarkPrice): TradingSnapshot {
    const cashPaise = this.cashPaise(account);
    const positions = this.positions(account);
    const equityPaise = cashPaise + marketValueOf(positions, marks).value;
    const opening = this.openingEquity(account, this.today());
    return {
      cashPaise,
      positions,
      equityPaise,
      dayPnlPaise: opening === undefined ? 0 : equityPaise - opening,
    };
  }

  /** The IST date now. */
  protected today(): string {
    return istDateOf(this.now());
  }

  /** True while the caller's own savepoint covers the writes (see insideCallersSavepoint). */
  private callerHoldsSavepoint = false;

  /**
   * Runs work inside a savepoint the caller holds and rolls back if work throws (the order desk's,
   * one per order): the ledger's writes in it skip savepoints of their own, which would only copy
   * the same pages again. Nothing in the ledger or the paper broker catches a write's error, so
   * a failed write always reaches the caller's savepoint (the paper broker catches only a
   * LedgerError refusal, which is thrown before anything is written).
   */
  insideCallersSavepoint<T>(work: () => T): T {
    const held = this.callerHoldsSavepoint;
    this.callerHoldsSavepoint = true;
    try {
      return work();
    } finally {
      this.callerHoldsSavepoint = held;
    }
  }

  protected write<T>(work: () => T): T {
    return this.callerHoldsSavepoint ? work() : this.unitOfWork.run(work);
  }

  protected post(
    account: AccountId,
    kind: EntryKind,
    amountPaise: number,
    ts: number,
    refs: EntryRefs,
  ): void {
    this.ledgerRepo.postEntries(account, [[kind, amountPaise]], ts, refs);
  }

  /** Several entries of one event (a trade and its charges), and the cached balance moved once for all. */
  protected postAll(
    account: AccountId,
    entries: readonly (readonly [EntryKind, number])[],
    ts: number,
    refs: EntryRefs,
  ): void {
    this.ledgerRepo.postEntries(account, entries, ts, refs);
  }

  protected requireOpen(account: AccountId): void {
    if (!this.isOpen(account)) throw new LedgerError(`The ${account} account is not open.`);
  }
}
