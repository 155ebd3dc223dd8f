import type { Charges } from '../../../core/orders';
import { type ExecutedOrder, turnoverPaise } from './compute-charges';

/**
 * What an executed order does to cash, paise: a buy pays turnover plus charges (negative), a sell
 * receives turnover less charges. A tiny sell can come out negative when charges exceed its value.
 */
export function netCashEffect(order: ExecutedOrder, charges: Pick<Charges, 'total'>): number {
  const turnover = turnoverPaise(order);
  return order.side === 'BUY' ? -(turnover + charges.total) : turnover - charges.total;
}
