import type { Statement } from 'better-sqlite3';
import type { AccountId, Position } from '../broker-types';
import { costRemoved } from './cost-basis';

type Sql = (text: string) => Statement;

interface Execution {
  quantity: number;
  pricePaise: number;
  ts: number;
}

/** A buy adds its shares and what they cost (realising nothing: 0); a closed position reopens at this fill. */
export function addToPosition(sql: Sql, account: AccountId, symbol: string, fill: Execution): number {
  sql(
    `INSERT INTO positions (account, symbol, quantity, cost_paise, realised_pnl_paise, opened_at, updated_at)
     VALUES (?, ?, ?, ?, 0, ?, ?)
     ON CONFLICT(account, symbol) DO UPDATE SET
       opened_at = CASE WHEN quantity = 0 THEN excluded.opened_at ELSE opened_at END,
       quantity = quantity + excluded.quantity,
       cost_paise = cost_paise + excluded.cost_paise,
       updated_at = excluded.updated_at`,
  ).run(account, symbol, fill.quantity, fill.quantity * fill.pricePaise, fill.ts, fill.ts);
  return 0;
}

/**
 * A sell takes cost in proportion to the shares sold (costRemoved: half up, the remainder stays
 * with the shares left) and books proceeds − that cost as realised P&L, which it returns. The
 * caller has checked that `held` covers the sale.
 */
export function takeFromPosition(sql: Sql, account: AccountId, held: Position, fill: Execution): number {
  const removed = costRemoved(held.costPaise, held.quantity, fill.quantity);
  const realised = fill.quantity * fill.pricePaise - removed;
  sql(
    `UPDATE positions SET quantity = quantity - ?, cost_paise = cost_paise - ?,
       realised_pnl_paise = realised_pnl_paise + ?, updated_at = ?
     WHERE account = ? AND symbol = ?`,
  ).run(fill.quantity, removed, realised, fill.ts, account, held.symbol);
  return realised;
}
