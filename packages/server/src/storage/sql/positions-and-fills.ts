import type { AccountId, Fill, Position } from '../../core/orders';
import type { FillCharges, LedgerRepository } from '../../core/ports/repositories/ledger';
import {
  FILL_COLUMNS,
  type FillRow,
  fillFromRow,
  POSITION_COLUMNS,
  type PositionRow,
  positionFromRow,
} from './ledger-rows';
import type { SqlDatabase } from './sql-database';
import { statementCache } from './statement-cache';

type PositionsAndFills = Pick<
  LedgerRepository,
  | 'openPositions'
  | 'position'
  | 'realisedPnlPaise'
  | 'addToPosition'
  | 'takeFromPosition'
  | 'removePositions'
  | 'insertFill'
  | 'fills'
  | 'tradedPaise'
  | 'fillCharges'
  | 'intradayBought'
  | 'recentFills'
>;

/** The positions and fills tables: the ledger repository's half that a trade moves. */
export class SqlitePositionsAndFills implements PositionsAndFills {
  protected readonly sql;

  constructor(db: SqlDatabase) {
    this.sql = statementCache(db);
  }

  openPositions(account: AccountId): Position[] {
    const rows = this.sql(
      `SELECT ${POSITION_COLUMNS} FROM positions WHERE account = ? AND quantity > 0 ORDER BY symbol`,
    ).all(account) as PositionRow[];
    return rows.map(positionFromRow);
  }

  position(account: AccountId, symbol: string): Position | undefined {
    const row = this.sql(`SELECT ${POSITION_COLUMNS} FROM positions WHERE account = ? AND symbol = ?`).get(
      account,
      symbol,
    ) as PositionRow | undefined;
    return row ? positionFromRow(row) : undefined;
  }

  realisedPnlPaise(account: AccountId): number {
    const row = this.sql(
      'SELECT COALESCE(SUM(realised_pnl_paise), 0) AS total FROM positions WHERE account = ?',
    ).get(account) as { total: number };
    return row.total;
  }

  addToPosition(
    account: AccountId,
    symbol: string,
    buy: { quantity: number; costPaise: number; ts: number },
  ): void {
    this.sql(
      `INSERT INTO positions (account, symbol, quantity, cost_paise, realised_pnl_paise, opened_at, updated_at)
       VALUES (?, ?, ?, ?, 0, ?, ?)
       ON CONFLICT(account, symbol) DO UPDATE SET
         opened_at = CASE WHEN positions.quantity = 0 THEN excluded.opened_at ELSE positions.opened_at END,
         quantity = positions.quantity + excluded.quantity,
         cost_paise = positions.cost_paise + excluded.cost_paise,
         updated_at = excluded.updated_at`,
    ).run(account, symbol, buy.quantity, buy.costPaise, buy.ts, buy.ts);
  }

  takeFromPosition(
    account: AccountId,
    symbol: string,
    sale: { quantity: number; costPaise: number; realisedPnlPaise: number; ts: number },
  ): void {
    this.sql(
      `UPDATE positions SET quantity = quantity - ?, cost_paise = cost_paise - ?,
         realised_pnl_paise = realised_pnl_paise + ?, updated_at = ?
       WHERE account = ? AND symbol = ?`,
    ).run(sale.quantity, sale.costPaise, sale.realisedPnlPaise, sale.ts, account, symbol);
  }

  removePositions(account: AccountId): void {
    this.sql('DELETE FROM positions WHERE account = ?').run(account);
  }

  insertFill(account: AccountId, fill: Fill): void {
    this.sql(
      `INSERT INTO fills (id, order_id, account, symbol, side, quantity, price_paise, charges_json, charges_paise, ts, product)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      fill.id,
      fill.orderId,
      account,
      fill.symbol,
      fill.side,
      fill.quantity,
      fill.price,
      JSON.stringify(fill.charges),
      fill.charges.total,
      fill.ts,
      fill.product,
    );
  }

  fills(orderId?: string): Fill[] {
    const rows = (
      orderId === undefined
        ? this.sql(`SELECT ${FILL_COLUMNS} FROM fills ORDER BY ts, rowid`).all()
        : this.sql(`SELECT ${FILL_COLUMNS} FROM fills WHERE order_id = ? ORDER BY ts, rowid`).all(orderId)
    ) as FillRow[];
    return rows.map(fillFromRow);
  }

  tradedPaise(orderId: string): number {
    const row = this.sql('SELECT SUM(quantity * price_paise) AS traded FROM fills WHERE order_id = ?').get(
      orderId,
    ) as { traded: number };
    return row.traded;
  }

  fillCharges(orderIds: readonly string[]): FillCharges[] {
    if (orderIds.length === 0) return [];
    const rows = this.sql(
      `SELECT order_id, product, charges_json FROM fills WHERE order_id IN (${orderIds.map(() => '?').join(', ')})
       ORDER BY ts, rowid`,
    ).all(...orderIds) as { order_id: string; product: FillCharges['product']; charges_json: string }[];
    return rows.map((row) => ({
      orderId: row.order_id,
      product: row.product,
      charges: JSON.parse(row.charges_json) as FillCharges['charges'],
    }));
  }

  intradayBought(account: AccountId, symbol: string, since: number): number {
    const row = this.sql(
      `SELECT COALESCE(SUM(quantity), 0) AS bought FROM fills
       WHERE account = ? AND symbol = ? AND side = 'BUY' AND product = 'I' AND ts >= ?`,
    ).get(account, symbol, since) as { bought: number };
    return row.bought;
  }

  recentFills(account: AccountId, limit: number) {
    const rows = this.sql(
      'SELECT id, side, symbol, quantity, price_paise, ts FROM fills WHERE account = ? ORDER BY ts DESC, rowid DESC LIMIT ?',
    ).all(account, limit) as Pick<FillRow, 'id' | 'side' | 'symbol' | 'quantity' | 'price_paise' | 'ts'>[];
    return rows.map((row) => ({
      id: row.id,
      side: row.side,
      symbol: row.symbol,
      quantity: row.quantity,
      price: row.price_paise,
      ts: row.ts,
    }));
  }
}
