import type { AuditOrdersQuery, OrderAuditEntryContract } from '@td/contracts';
import { toCsv } from '../../core/csv';
import type { OrderAuditEntry } from '../../core/order-audit';
import type { OrderAuditReader } from '../../core/ports/order-audit';
import { addDays, istMidnight } from '../../core/time/ist-time';

const IST_OFFSET_MS = 5.5 * 3_600_000;

/** '2026-01-05 09:30:12 IST': what a compliance reader expects, in the exchange's time zone. */
function istDateTime(ts: number): string {
  return `${new Date(ts + IST_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ')} IST`;
}

const WHO: Record<OrderAuditEntry['decidedBy'], string> = {
  origin: 'placed',
  halt: 'refused by the Emergency Stop',
  circuit_breaker: 'refused by a circuit breaker',
  risk_limit: 'refused by a risk limit',
  broker: 'refused by the broker',
};

const COLUMNS: readonly [string, (e: OrderAuditEntry) => string | number | null][] = [
  ['Time (IST)', (e) => istDateTime(e.ts)],
  ['Order ID', (e) => e.orderId],
  ['Account', (e) => e.account],
  ['Origin', (e) => e.origin],
  ['Actor', (e) => e.actor],
  ['Decision', (e) => WHO[e.decidedBy]],
  ['Symbol', (e) => e.symbol],
  ['Side', (e) => e.side],
  ['Quantity', (e) => e.quantity],
  ['Price', (e) => (e.pricePaise === null ? null : e.pricePaise / 100)],
  ['Outcome', (e) => e.outcome],
  ['Signal', (e) => e.signal],
  ['Reasons', (e) => e.reasons],
  ['Detail', (e) => e.detail],
];

/** The order audit trail over IST days, as the screen lists it and as the CSV a broker would ask for. */
export class OrderAuditExport {
  constructor(private readonly reader: Pick<OrderAuditReader, 'between'>) {}

  /** Every decision from 00:00 IST on `from` to the end of `to`, oldest first. */
  entries({ from, to }: AuditOrdersQuery): OrderAuditEntry[] {
    return this.reader.between(istMidnight(from), istMidnight(addDays(to, 1)));
  }

  list(query: AuditOrdersQuery): OrderAuditEntryContract[] {
    return this.entries(query).map((e) => ({
      id: e.id,
      at: new Date(e.ts).toISOString(),
      account: e.account,
      origin: e.origin,
      decided_by: e.decidedBy,
      actor: e.actor,
      signal: e.signal,
      reasons: e.reasons,
      order_id: e.orderId,
      symbol: e.symbol,
      side: e.side,
      quantity: e.quantity,
      price: e.pricePaise === null ? null : e.pricePaise / 100,
      outcome: e.outcome,
      detail: e.detail,
    }));
  }

  csv(query: AuditOrdersQuery): string {
    return toCsv(
      COLUMNS.map(([header]) => header),
      this.entries(query).map((e) => COLUMNS.map(([, value]) => value(e))),
    );
  }
}

/** "order-audit-2026-01-01-to-2026-01-31.csv". */
export function auditCsvFilename({ from, to }: AuditOrdersQuery): string {
  return `order-audit-${from}-to-${to}.csv`;
}
