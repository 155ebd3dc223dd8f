import type { Charges, OrderRequest, Product } from '../../../core/orders';
import { requireCharges, requirePaise, requireQuantity, requireTimestamp } from './ledger-checks';
import { LedgerError } from './ledger-error';

/** One execution booked against a pending order. */
export interface FillInput {
  orderId: string;
  quantity: number;
  pricePaise: number;
  charges: Charges;
  ts: number;
  /** What the fill was charged as, when it differs from its order's product (a sell held overnight). */
  product?: Product;
}

/** One execution of a whole order: what a paper market order is. */
export type Execution = Omit<FillInput, 'orderId'>;

/** The shape checks an order request passes before the ledger records it. */
export function requireOrderRequest(request: OrderRequest): void {
  requireQuantity(request.quantity);
  if (request.symbol.trim() === '') throw new LedgerError('An order needs a symbol.');
  if (request.type === 'LIMIT') {
    requirePaise(request.limitPrice ?? Number.NaN, 'A limit price', { positive: true });
  }
}

/** The shape checks a fill passes before the ledger books it. */
export function requireExecution(execution: Execution): void {
  requireQuantity(execution.quantity);
  requirePaise(execution.pricePaise, 'A fill price', { positive: true });
  requireCharges(execution.charges);
  requireTimestamp(execution.ts);
}
