import type { OrderAuditEntry, OrderOrigin } from '../../core/order-audit';
import type { OrderAuditLog, OrderAuditReader } from '../../core/ports/order-audit';
import type { SqlDatabase } from './sql-database';
import { statementCache } from './statement-cache';

const COLUMNS = `id, ts, account, origin, decided_by, actor, signal, reasons, order_id, symbol, side, quantity,
  price_paise, outcome, detail`;

interface AuditRow {
  id: string;
  ts: number;
  account: OrderAuditEntry['account'];
  origin: OrderAuditEntry['origin'];
  decided_by: OrderAuditEntry['decidedBy'];
  actor: string;
  signal: string | null;
  reasons: string | null;
  order_id: string;
  symbol: string;
  side: OrderAuditEntry['side'];
  quantity: number;
  price_paise: number | null;
  outcome: OrderAuditEntry['outcome'];
  detail: string | null;
}

const fromRow = (row: AuditRow): OrderAuditEntry => ({
  id: row.id,
  ts: Number(row.ts),
  account: row.account,
  origin: row.origin,
  decidedBy: row.decided_by,
  actor: row.actor,
  signal: row.signal,
  reasons: row.reasons,
  orderId: row.order_id,
  symbol: row.symbol,
  side: row.side,
  quantity: Number(row.quantity),
  pricePaise: row.price_paise === null ? null : Number(row.price_paise),
  outcome: row.outcome,
  detail: row.detail,
});

/** The order_audit table (migration 016): insert and read only; the triggers refuse the rest. */
export class SqlOrderAuditRepository implements OrderAuditLog, OrderAuditReader {
  private readonly sql;

  constructor(db: SqlDatabase) {
    this.sql = statementCache(db);
  }

  append(e: OrderAuditEntry): void {
    this.sql(`INSERT INTO order_audit (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(
      e.id,
      e.ts,
      e.account,
      e.origin,
      e.decidedBy,
      e.actor,
      e.signal,
      e.reasons,
      e.orderId,
      e.symbol,
      e.side,
      e.quantity,
      e.pricePaise,
      e.outcome,
      e.detail,
    );
  }

  between(from: number, to: number): OrderAuditEntry[] {
    const rows = this.sql(`SELECT ${COLUMNS} FROM order_audit WHERE ts >= ? AND ts < ? ORDER BY ts, id`).all(
      from,
      to,
    ) as AuditRow[];
    return rows.map(fromRow);
  }

  origins(orderIds: readonly string[]): Map<string, OrderOrigin> {
    const origins = new Map<string, OrderOrigin>();
    // In slices: a page is at most 500 orders, and SQLite binds at most 999 values a statement.
    for (let start = 0; start < orderIds.length; start += 200) {
      const slice = orderIds.slice(start, start + 200);
      const rows = this.sql(
        `SELECT order_id, origin FROM order_audit WHERE order_id IN (${slice.map(() => '?').join(', ')})`,
      ).all(...slice) as { order_id: string; origin: OrderOrigin }[];
      for (const row of rows) origins.set(row.order_id, row.origin);
    }
    return origins;
  }

  purgeOlderThan(cutoff: number): number {
    return Number(this.sql('DELETE FROM order_audit WHERE ts < ?').run(cutoff).changes);
  }
}
