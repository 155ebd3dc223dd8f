import type { Transaction } from 'better-sqlite3';
import type { Db } from '../../db/database';
import type { Order, OrderRequest } from '../broker-types';

interface Waiting {
  request: OrderRequest;
  resolve(order: Order): void;
  reject(error: unknown): void;
}

type Outcome = { order: Order } | { error: unknown };

/**
 * Group commit for orders. Orders that arrive while the event loop is busy are decided one after
 * another inside one transaction (each in its own savepoint, so one failure does not undo the
 * others) and committed with a single fsync; only then is any of them acknowledged. With
 * synchronous=FULL an acknowledged order is still never lost, and a burst no longer pays one
 * disk flush per order (docs/decisions/0003-sqlite-pragmas.md).
 */
export class OrderDesk {
  private queue: Waiting[] = [];
  private scheduled = false;
  /** Both made once: the batch's IMMEDIATE transaction, and each order's savepoint inside it. */
  private readonly batchTransaction: Transaction<(batch: Waiting[], outcomes: Outcome[]) => void>;
  private readonly orderSavepoint: Transaction<(request: OrderRequest) => Order>;

  constructor(
    db: Db,
    decide: (request: OrderRequest) => Order,
    private readonly maxBatch = 256,
  ) {
    this.orderSavepoint = db.transaction((request: OrderRequest) => decide(request));
    this.batchTransaction = db.transaction((batch: Waiting[], outcomes: Outcome[]) => {
      for (const waiting of batch) {
        try {
          outcomes.push({ order: this.orderSavepoint(waiting.request) });
        } catch (error) {
          outcomes.push({ error });
        }
      }
    });
  }

  submit(request: OrderRequest): Promise<Order> {
    return new Promise((resolve, reject) => {
      this.queue.push({ request, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    const batch = this.queue.splice(0, this.maxBatch);
    if (this.queue.length > 0) {
      this.scheduled = true;
      setImmediate(() => this.flush());
    }
    const outcomes: Outcome[] = [];
    try {
      this.batchTransaction.immediate(batch, outcomes);
    } catch (error) {
      // The commit itself failed: nothing in the batch is durable, so nothing is acknowledged.
      for (const waiting of batch) waiting.reject(error);
      return;
    }
    batch.forEach((waiting, i) => {
      const outcome = outcomes[i]!;
      if ('order' in outcome) waiting.resolve(outcome.order);
      else waiting.reject(outcome.error);
    });
  }
}
