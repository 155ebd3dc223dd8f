import { ORDER_AUDIT_RETENTION_MS, type OrderAuditEntry } from '../../core/order-audit';
import { databases } from '../../test-support/databases';
import { postgresMigrations } from '../postgres/migrations';
import { migrations } from '../sqlite/migrations';
import { SqlOrderAuditRepository } from './order-audit-repository';

const T0 = Date.UTC(2026, 0, 5, 4, 0);
// Far enough ahead that no run of this suite is ever five years past it.
const RECENT = Date.UTC(2100, 0, 1);
// Far enough back that every run of this suite is more than five years past it.
const ANCIENT = Date.UTC(2001, 0, 1);

const entry = (id: string, ts: number, extra: Partial<OrderAuditEntry> = {}): OrderAuditEntry => ({
  id,
  ts,
  account: 'paper',
  origin: 'manual',
  decidedBy: 'origin',
  actor: 'trader@example.com',
  signal: null,
  reasons: null,
  orderId: `order-${id}`,
  symbol: 'RELIANCE',
  side: 'BUY',
  quantity: 10,
  pricePaise: 245_050,
  outcome: 'FILLED',
  detail: null,
  ...extra,
});

let open = databases[0]!.open;

describe.each(databases)('SqlOrderAuditRepository on $name', (database) => {
  beforeAll(() => {
    open = database.open;
  });

  it('reads back what it appended, oldest first, within the range', () => {
    const audit = new SqlOrderAuditRepository(open());
    const loop = entry('b', T0 + 2, {
      origin: 'loop',
      actor: 'momentum',
      signal: 'BUY signal, score 0.62',
      reasons: 'momentum up',
      pricePaise: null,
      outcome: 'REJECTED',
      decidedBy: 'risk_limit',
      detail: 'Over the position cap.',
    });
    audit.append(loop);
    audit.append(entry('a', T0));
    audit.append(entry('c', T0 + 10));
    expect(audit.between(T0, T0 + 10)).toEqual([entry('a', T0), loop]);
  });

  it('names the origin of each order it holds, and leaves the others out', () => {
    const audit = new SqlOrderAuditRepository(open());
    audit.append(entry('a', T0));
    audit.append(entry('b', T0 + 1, { origin: 'loop' }));
    expect(audit.origins(['order-a', 'order-b', 'order-x'])).toEqual(
      new Map([
        ['order-a', 'manual'],
        ['order-b', 'loop'],
      ]),
    );
  });

  it('refuses an UPDATE of any row', () => {
    const db = open();
    const audit = new SqlOrderAuditRepository(db);
    audit.append(entry('a', ANCIENT));
    expect(() => db.prepare("UPDATE order_audit SET outcome = 'CANCELLED' WHERE id = 'a'").run()).toThrow(
      /append-only/,
    );
    expect(audit.between(ANCIENT, ANCIENT + 1)[0]!.outcome).toBe('FILLED');
  });

  it('refuses to delete a row younger than five years, and purges the older ones', () => {
    const db = open();
    const audit = new SqlOrderAuditRepository(db);
    audit.append(entry('old', ANCIENT));
    audit.append(entry('new', RECENT));
    expect(() => db.prepare("DELETE FROM order_audit WHERE id = 'new'").run()).toThrow(/append-only/);
    expect(audit.purgeOlderThan(ANCIENT + 1)).toBe(1);
    expect(audit.between(0, Number.MAX_SAFE_INTEGER).map((e) => e.id)).toEqual(['new']);
  });
});

describe('the five-year retention', () => {
  it('is the same number of milliseconds in both dialects’ triggers and in the code', () => {
    expect(ORDER_AUDIT_RETENTION_MS).toBe(157_788_000_000);
    for (const list of [migrations, postgresMigrations]) {
      expect(list.find((m) => m.id === 16)!.sql).toContain(String(ORDER_AUDIT_RETENTION_MS));
    }
  });
});
