import type { AccountId, Position } from '../../../core/orders';
import type { LedgerRepository } from '../../../core/ports/repositories/ledger';
import { costRemoved } from './cost-basis';

type Positions = Pick<LedgerRepository, 'addToPosition' | 'takeFromPosition'>;

interface Execution {
  quantity: number;
  pricePaise: number;
  ts: number;
}

/** A buy adds its shares and what they cost (realising nothing: 0); a closed position reopens at this fill. */
export function addToPosition(
  positions: Positions,
  account: AccountId,
  symbol: string,
  fill: Execution,
): number {
  positions.addToPosition(account, symbol, {
    quantity: fill.quantity,
    costPaise: fill.quantity * fill.pricePaise,
    ts: fill.ts,
  });
  return 0;
}

/**
 * A sell takes cost in proportion to the shares sold (costRemoved: half up, the remainder stays
 * with the shares left) and books proceeds − that cost as realised P&L, which it returns. The
 * caller has checked that `held` covers the sale.
 */
export function takeFromPosition(
  positions: Positions,
  account: AccountId,
  held: Position,
  fill: Execution,
): number {
  const removed = costRemoved(held.costPaise, held.quantity, fill.quantity);
  const realised = fill.quantity * fill.pricePaise - removed;
  positions.takeFromPosition(account, held.symbol, {
    quantity: fill.quantity,
    costPaise: removed,
    realisedPnlPaise: realised,
    ts: fill.ts,
  });
  return realised;
}
