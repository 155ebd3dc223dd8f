import type { CircuitBreaker, HaltSource, HaltState } from '@td/contracts';

type OrderSide = 'BUY' | 'SELL';

import { HttpError } from '../../core/errors';
import type { HaltOrderCounts, HaltRecord, HaltsRepository } from '../../core/ports/repositories/halts';
import type { UnitOfWork } from '../../core/ports/unit-of-work';
import { haltRefusalSentence, haltStateOf } from './halt-state';

/** A stop whose unit failed: nothing of it was kept, and the trader can press it again. */
export const STOP_NOT_RECORDED =
  'The Emergency Stop could not be recorded, so nothing was changed and orders were not cancelled; press Emergency Stop again.';

/** How an order the halt could not cancel at once ended: cancelled at the broker, or already filled. */
export type ChasedOrderEnded = (outcome: 'cancelled' | 'filled') => void;

/** One account's side of a halt: its pending orders cancelled, its positions sold at market. */
export interface HaltableAccount {
  /**
   * Cancels every pending order: `cancelled` ended at once; `chasing` are at the broker and each one's
   * ending is told to `ended` later.
   */
  cancelPending(ended: ChasedOrderEnded): { cancelled: number; chasing: number };
  /** Sells every position at market; returns how many sell orders were placed. */
  closePositions(): number;
  /**
   * Its cancels and sales go out to a broker (Upstox) as they are made, so no rollback of the
   * database can take them back: it acts only once the halt has committed.
   */
  reachesBroker?: boolean;
}

export interface TradingHaltOptions {
  store: HaltsRepository;
  /**
   * The ledger's unit (one connection, one commit): a stop's halt row, its cancellations, its closing
   * sales with their audit rows, its counts and its alert are one transaction, so one fsync.
   */
  unitOfWork: UnitOfWork;
  now: () => number;
  /** Stops both automated loops (the mode follower keeps them stopped while halted). */
  stopLoops(): void;
  /** Lets the loops run again as the trading mode says, after a resume. */
  resumeLoops(): void;
  /** The accounts to cancel and close: every account, whatever the mode (each decides what it closes). */
  accounts(): HaltableAccount[];
  /**
   * Called on every change inside its unit: writes what goes with it (the alert) and returns what to
   * announce once the unit has committed (the stream, the other instances), never before.
   */
  onChange(state: HaltState, record: HaltRecord): () => void;
  /** Told when a broker account's counts could not be written after the halt committed. */
  onCountsLost?(error: unknown): void;
}

export interface StopRequest {
  reason: string;
  closePositions: boolean;
  by: string;
  source: HaltSource;
  breaker?: CircuitBreaker | null;
}

/**
 * The trading halt: the Emergency Stop and the circuit breakers' trip. The halt is written first,
 * so from that moment the order gate refuses every order (the check is synchronous, as every
 * order's decision is); then the loops stop, pending orders are cancelled and, if asked, positions
 * are sold with the gate opened for those sales alone. It lasts, across restarts, until resumed.
 */
export class TradingHalt {
  private current: HaltRecord | null;
  /** True only while the halt's own closing sales are being placed (synchronously). */
  private closing = false;
  /** Halts whose broker counts could not be written: their chases' endings are not counted either. */
  private readonly uncounted = new Set<number>();

  constructor(private readonly options: TradingHaltOptions) {
    this.current = options.store.latest();
  }

  isHalted(): boolean {
    return this.current !== null && this.current.resumedAt === null;
  }

  state(): HaltState {
    return haltStateOf(this.current);
  }

  /** The order gate's first question: the sentence refusing the order, or null. */
  haltRefusal(order: { side: OrderSide }): string | null {
    if (!this.isHalted()) return null;
    if (this.closing && order.side === 'SELL') return null;
    return haltRefusalSentence(this.current!);
  }

  /**
   * One unit, one commit: if any write fails, none is kept (no halt row, no cancellation, no sale, no
   * alert) and the halt here is what it was. The loops stay stopped then: the safe side, until the
   * trader presses again or resumes the mode. Accounts that reach a broker act only after that commit
   * (a sale sent to Upstox cannot be rolled back), and their counts are added in a unit of their own.
   */
  stop(request: StopRequest): HaltState {
    const before = this.current;
    const [atBroker, inDatabase] = partition(
      this.options.accounts(),
      (account) => account.reachesBroker === true,
    );
    let announce: () => void;
    try {
      announce = this.options.unitOfWork.run(() => this.stopInUnit(request, inDatabase));
    } catch (error) {
      this.current = before;
      if (error instanceof HttpError) throw error;
      throw Object.assign(new HttpError(503, STOP_NOT_RECORDED, 'halt_not_recorded'), { cause: error });
    }
    announce();
    if (atBroker.length > 0) this.stopAtBrokers(request, atBroker);
    return this.state();
  }

  private stopInUnit(request: StopRequest, accounts: HaltableAccount[]): () => void {
    if (!this.isHalted()) {
      // From here the gate refuses every order: the check reads this, not the uncommitted row.
      this.current = this.options.store.begin({
        haltedAt: this.options.now(),
        reason: request.reason,
        source: request.source,
        breaker: request.breaker ?? null,
        haltedBy: request.by,
      });
    }
    this.options.stopLoops();
    const haltId = this.current!.id;
    this.current = this.options.store.recordEffects(haltId, ...this.act(request, accounts, haltId));
    return this.options.onChange(this.state(), this.current);
  }

  /**
   * The halt stands (committed): the broker's cancels and sales go out, each order row written as it
   * is sent (outside any unit: a rollback must never drop the row of an order Upstox has), then their
   * counts are added. A failure here (a cancel's row not written, the counts not written) does not
   * undo the halt nor fail the stop: a 503 would invite a second press that sells again at Upstox.
   * The orders are in their own rows and the error in the log; the halt's counts then leave them out,
   * their chases' endings included, rather than count them half.
   */
  private stopAtBrokers(request: StopRequest, accounts: HaltableAccount[]): void {
    const haltId = this.current!.id;
    try {
      const effects = this.act(request, accounts, haltId);
      const [orders, closed] = effects;
      // Nothing at the broker (no live orders or positions, the usual paper day): no second commit.
      if (orders.cancelledOrders + orders.chasingOrders + closed === 0) return;
      const { record, announce } = this.options.unitOfWork.run(() => {
        const record = this.options.store.recordEffects(haltId, ...effects);
        return { record, announce: this.options.onChange(haltStateOf(record), record) };
      });
      if (this.current?.id === haltId) this.current = record;
      announce();
    } catch (error) {
      this.uncounted.add(haltId);
      this.options.onCountsLost?.(error);
    }
  }

  /** Cancels and closes on `accounts`: what they did, as the halt's counts take it. */
  private act(
    request: StopRequest,
    accounts: HaltableAccount[],
    haltId: number,
  ): [orders: HaltOrderCounts, closedPositions: number] {
    const ended: ChasedOrderEnded = (outcome) => this.chasedOrderEnded(haltId, outcome);
    let cancelled = 0;
    let chasing = 0;
    let closed = 0;
    for (const account of accounts) {
      const done = account.cancelPending(ended);
      cancelled += done.cancelled;
      chasing += done.chasing;
    }
    if (request.closePositions) {
      this.closing = true;
      try {
        for (const account of accounts) closed += account.closePositions();
      } finally {
        this.closing = false;
      }
    }
    return [{ cancelledOrders: cancelled, filledOrders: 0, chasingOrders: chasing }, closed];
  }

  /** A chased order has ended: the halt's record (and the banner, through onChange) says so. */
  private chasedOrderEnded(haltId: number, outcome: 'cancelled' | 'filled'): void {
    if (this.uncounted.has(haltId)) return;
    const ended = this.options.unitOfWork.run(() => {
      const record = this.options.store.recordChaseEnded(haltId, outcome);
      if (this.current?.id !== haltId) return null;
      return { record, announce: this.options.onChange(haltStateOf(record), record) };
    });
    if (!ended) return;
    this.current = ended.record;
    ended.announce();
  }

  /**
   * Another instance halted or resumed (the bus carried its record): take it as the current halt,
   * so the order gate answers from it at once, and stop or resume the loops here. Nothing is written
   * and onChange is not called: the instance that changed it did both.
   */
  adopt(record: HaltRecord | null): HaltState {
    const wasHalted = this.isHalted();
    this.current = record;
    if (this.isHalted()) this.options.stopLoops();
    else if (wasHalted) this.options.resumeLoops();
    return this.state();
  }

  /** Re-reads the halt from the store: after a lost bus connection a change may have gone unheard. */
  reload(): HaltState {
    return this.adopt(this.options.store.latest());
  }

  resume(by: string, reason: string | null): HaltState {
    if (!this.isHalted()) {
      throw new HttpError(409, 'Trading is not halted, so there is nothing to resume.', 'not_halted');
    }
    const halted = this.current!;
    // Resumed and its alerts resolved in one commit; here only once it has committed.
    const { record, announce } = this.options.unitOfWork.run(() => {
      const record = this.options.store.resume(halted.id, this.options.now(), by, reason);
      return { record, announce: this.options.onChange(haltStateOf(record), record) };
    });
    this.current = record;
    this.options.resumeLoops();
    announce();
    return this.state();
  }
}

function partition<T>(items: readonly T[], test: (item: T) => boolean): [T[], T[]] {
  const yes: T[] = [];
  const no: T[] = [];
  for (const item of items) (test(item) ? yes : no).push(item);
  return [yes, no];
}
