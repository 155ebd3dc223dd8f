import { HttpError } from '../../../core/errors';
import type { Order, OrderRequest } from '../../../core/orders';
import type { GroupCommitStorage, LogSync } from '../../../core/ports/group-commit';
import type { UnitOfWork } from '../../../core/ports/unit-of-work';

export type { LogSync };

interface Waiting {
  request: OrderRequest;
  resolve(order: Order): void;
  reject(error: unknown): void;
}

type Outcome = { order: Order } | { error: unknown };

/**
 * The reply for orders committed when the disk then failed to confirm the write (503: the server's
 * storage is failing, not the request): they may be on record, so the trader checks before retrying.
 */
export class UnconfirmedWriteError extends HttpError {
  constructor(override readonly cause: Error) {
    super(
      503,
      'The order was recorded but the disk did not confirm the write; check the order list before placing it again, or send it again with the same Idempotency-Key, which places it at most once.',
      'write_unconfirmed',
    );
  }
}

/**
 * Group commit for orders. Orders that arrive while the event loop is busy are decided one after
 * another inside one transaction (each in its own savepoint, so one failure does not undo the
 * others) and committed together; none is acknowledged until the write-ahead log holding them is
 * on disk, so an acknowledged order is never lost, even to a power cut.
 *
 * The batch commits with synchronous=NORMAL (written to the log, not yet flushed) and the flush
 * runs off the event loop (`LogSync`); orders arriving meanwhile form the next batch. The
 * connection is back at synchronous=FULL before anything else writes, so every other write stays
 * durable at its own commit (docs/decisions/0003-sqlite-pragmas.md, 0009).
 */
export class OrderDesk {
  private queue: Waiting[] = [];
  private scheduled = false;
  /** The batch's unit (an IMMEDIATE transaction) and, nested in it, each order's (a savepoint). */
  private readonly unitOfWork: UnitOfWork;
  private readonly decide: (request: OrderRequest) => Order;
  private readonly deferFlush?: { relax(): void; restore(): void; sync: LogSync };
  /** A batch is committed and its log flush is under way; the next batch waits for it. */
  private syncing = false;
  private closed = false;
  private readonly maxBatch: number;
  private idleWaiters: Array<() => void> = [];

  constructor(
    storage: GroupCommitStorage,
    decide: (request: OrderRequest) => Order,
    options: { maxBatch?: number; sync?: LogSync } = {},
  ) {
    this.maxBatch = options.maxBatch ?? 256;
    this.decide = decide;
    this.unitOfWork = storage.unitOfWork;
    const sync = options.sync ?? storage.logSync();
    if (sync)
      this.deferFlush = {
        relax: () => storage.relaxDurability(),
        restore: () => storage.restoreDurability(),
        sync,
      };
  }

  /** Lets go of the log's file, after the flush under way if there is one; call as the database closes. */
  close(): void {
    this.closed = true;
    if (!this.syncing) this.deferFlush?.sync.close();
  }

  /** Resolves once every order submitted so far is settled (committed and flushed, or refused). */
  idle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private isIdle(): boolean {
    return this.queue.length === 0 && !this.scheduled && !this.syncing;
  }

  private notifyIdle(): void {
    if (this.isIdle()) for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  submit(request: OrderRequest): Promise<Order> {
    return new Promise((resolve, reject) => {
      this.queue.push({ request, resolve, reject });
      this.scheduleFlush();
    });
  }

  /**
   * The waiting orders commit on the next turn of the event loop, with whatever else arrives by
   * then; while the log is being flushed for the batch before, they wait for that flush to end and
   * commit together. So a batch grows to what arrives during one flush of the disk, and the disk
   * is flushed once per batch, not once per order or per turn.
   */
  private scheduleFlush(): void {
    if (this.scheduled || this.syncing || this.queue.length === 0) return;
    this.scheduled = true;
    setImmediate(() => this.flush());
  }

  /** Each order in a savepoint of its own, so one failure does not undo the others. */
  private decideAll(batch: Waiting[], outcomes: Outcome[]): void {
    for (const waiting of batch) {
      try {
        outcomes.push({ order: this.unitOfWork.run(() => this.decide(waiting.request)) });
      } catch (error) {
        outcomes.push({ error });
      }
    }
  }

  private flush(): void {
    this.scheduled = false;
    const batch = this.queue.splice(0, this.maxBatch);
    const outcomes: Outcome[] = [];
    let relaxed = false;
    try {
      if (this.deferFlush) {
        this.deferFlush.relax();
        relaxed = true;
      }
      this.unitOfWork.run(() => this.decideAll(batch, outcomes));
    } catch (error) {
      // The commit itself failed (or the database is closed): nothing in the batch is stored, so
      // nothing is acknowledged.
      for (const waiting of batch) waiting.reject(error);
      this.scheduleFlush();
      this.notifyIdle();
      return;
    } finally {
      // Back to FULL whenever it was relaxed; if even that fails the error is thrown, since no
      // other write may run at the relaxed setting.
      if (relaxed) this.deferFlush!.restore();
    }
    if (!this.deferFlush) {
      settle(batch, outcomes);
      this.scheduleFlush();
      this.notifyIdle();
      return;
    }
    this.syncing = true;
    this.deferFlush.sync.flush((error) => {
      this.syncing = false;
      if (error) for (const waiting of batch) waiting.reject(new UnconfirmedWriteError(error));
      else settle(batch, outcomes);
      if (this.closed) this.deferFlush?.sync.close();
      this.scheduleFlush();
      this.notifyIdle();
    });
  }
}

function settle(batch: Waiting[], outcomes: Outcome[]): void {
  batch.forEach((waiting, i) => {
    const outcome = outcomes[i]!;
    if ('order' in outcome) waiting.resolve(outcome.order);
    else waiting.reject(outcome.error);
  });
}
