import type { Db } from '../../db/database';
import type { Order, OrderRequest } from '../broker-types';

interface Waiting {
  request: OrderRequest;
  resolve(order: Order): void;
  reject(error: unknown): void;
}

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

  constructor(
    private readonly db: Db,
    private readonly decide: (request: OrderRequest) => Order,
    private readonly maxBatch = 256,
  ) {}

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
    const outcomes: ({ order: Order } | { error: unknown })[] = [];
    try {
      this.db
        .transaction(() => {
          for (const waiting of batch) {
            try {
              outcomes.push({ order: this.db.transaction(() => this.decide(waiting.request))() });
            } catch (error) {
              outcomes.push({ error });
            }
          }
        })
        .immediate();
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
