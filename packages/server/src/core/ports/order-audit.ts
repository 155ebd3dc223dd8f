import type { OrderAuditEntry, OrderOrigin } from '../order-audit';

/**
 * The one way an order decision is recorded: appended, inside the unit of work that writes the
 * order. There is no update and no delete; the table's triggers refuse both (migration 016).
 */
export interface OrderAuditLog {
  append(entry: OrderAuditEntry): void;
}

/** Reading the trail back for the export, and the five-year purge (the only delete the triggers allow). */
export interface OrderAuditReader {
  /** Entries with from <= ts < to, oldest first. */
  between(from: number, to: number): OrderAuditEntry[];
  /** The origin recorded for each of these orders (the trades screen's Origin column); absent ones are left out. */
  origins(orderIds: readonly string[]): Map<string, OrderOrigin>;
  /** Deletes entries older than `cutoff` (epoch ms); returns how many. */
  purgeOlderThan(cutoff: number): number;
}
