// Every order decision, appended in the order's own transaction and never changed: the triggers
// refuse UPDATE always and DELETE of a row younger than five years (1826.25 days), the retention
// Indian brokers keep. docs/decisions/0037-order-audit-trail.md.
export const orderAuditMigration = {
  id: 16,
  name: 'audit: the append-only trail of order decisions',
  sql: `
    CREATE TABLE order_audit (
      id TEXT PRIMARY KEY,
      ts INTEGER NOT NULL,
      account TEXT NOT NULL,
      origin TEXT NOT NULL CHECK (origin IN ('loop', 'manual', 'close_all')),
      decided_by TEXT NOT NULL CHECK (decided_by IN ('origin', 'halt', 'circuit_breaker', 'risk_limit', 'broker')),
      actor TEXT NOT NULL,
      signal TEXT,
      reasons TEXT,
      order_id TEXT NOT NULL,
      symbol TEXT NOT NULL,
      side TEXT NOT NULL,
      quantity INTEGER NOT NULL,
      price_paise INTEGER,
      outcome TEXT NOT NULL,
      detail TEXT
    );
    CREATE INDEX order_audit_ts ON order_audit (ts);
    CREATE TRIGGER order_audit_no_update BEFORE UPDATE ON order_audit
    BEGIN
      SELECT RAISE(ABORT, 'order_audit is append-only: a row is never changed');
    END;
    CREATE TRIGGER order_audit_no_delete BEFORE DELETE ON order_audit
    WHEN OLD.ts >= CAST(strftime('%s', 'now') AS INTEGER) * 1000 - 157788000000
    BEGIN
      SELECT RAISE(ABORT, 'order_audit is append-only: only rows older than five years may be purged');
    END;
  `,
};
