import { DEFAULT_PAPER_LIMITS, type Order, type OrderRequest, type PaperLimits } from '../../core/orders';
import type { GroupCommitStorage } from '../../core/ports/group-commit';
import type { AccountService } from './account-service';
import { type Placement, placeOnce, placeOnceNow } from './idempotent-placement';
import type { Ledger } from './ledger';
import { OrderDesk } from './paper/order-desk';
import type { PaperBroker } from './paper/paper-broker';

/** Paper orders from the API (group-committed) and from the loop, and the paper account's limits. */
export class OrderService {
  private readonly desk: OrderDesk;

  constructor(
    groupCommit: GroupCommitStorage,
    private readonly ledger: Pick<Ledger, 'limits' | 'orderByKey'>,
    private readonly paper: Pick<PaperBroker, 'submit' | 'decideInsideSavepoint'>,
    private readonly accounts: Pick<AccountService, 'ensureOpeningEquity'>,
  ) {
    this.desk = new OrderDesk(groupCommit, (request) => this.paper.decideInsideSavepoint(request));
  }

  /** Resolves once every order the API submitted so far is settled: a restart waits for it (ops/restart). */
  ordersSettled(): Promise<void> {
    return this.desk.idle();
  }

  /** Lets go of the files the order desk holds; called as the database closes. */
  close(): void {
    this.desk.close();
  }

  /** Orders from the API: group-committed with whatever else arrives in the same moment. */
  placeOrderDurably(request: OrderRequest): Promise<Order> {
    if (request.account !== 'paper')
      return Promise.reject(new Error('Live orders go through the live broker'));
    this.accounts.ensureOpeningEquity('paper'); // recorded before the day's first trade changes it
    return this.desk.submit(request);
  }

  /**
   * Orders from the API, once per idempotency key: a retry answers with the first order and places
   * nothing; the key reused for a different order is refused (409).
   */
  placeOrderOnce(request: OrderRequest): Promise<Placement> {
    return placeOnce(request, this.ledger, (keyed) => this.placeOrderDurably(keyed));
  }

  /**
   * The loop's orders. A keyed request whose key already placed an order (a new leader repeating
   * the decision) gets that order back and places nothing.
   */
  placeOrder(request: OrderRequest): Order {
    if (request.account !== 'paper') throw new Error('Live orders go through the live broker');
    return placeOnceNow(
      request,
      this.ledger,
      (keyed) => {
        this.accounts.ensureOpeningEquity('paper');
        return this.paper.submit(keyed);
      },
      'original',
    ).order;
  }

  limits(): PaperLimits {
    return this.ledger.limits('paper') ?? DEFAULT_PAPER_LIMITS;
  }
}
