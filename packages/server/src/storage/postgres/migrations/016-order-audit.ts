// PostgreSQL form of sqlite/migrations/016-order-audit.ts: one trigger function refuses UPDATE, and
// DELETE of a row younger than five years (1826.25 days).
export const orderAuditMigration = {
  id: 16,
  name: 'audit: the append-only trail of order decisions',
  sql: `
    CREATE TABLE order_audit (
      id TEXT PRIMARY KEY,
      ts BIGINT NOT NULL,
      account TEXT NOT NULL,
      origin TEXT NOT NULL CHECK (origin IN ('loop', 'manual', 'close_all')),
      decided_by TEXT NOT NULL CHECK (decided_by IN ('origin', 'halt', 'circuit_breaker', 'risk_limit', 'broker')),
      actor TEXT NOT NULL,
      signal TEXT,
      reasons TEXT,
      order_id TEXT NOT NULL,
      symbol TEXT NOT NULL,
      side TEXT NOT NULL,
      quantity BIGINT NOT NULL,
      price_paise BIGINT,
      outcome TEXT NOT NULL,
      detail TEXT
    );
    CREATE INDEX order_audit_ts ON order_audit (ts);
    CREATE FUNCTION order_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' AND OLD.ts < (EXTRACT(EPOCH FROM now()) * 1000)::BIGINT - 157788000000 THEN
        RETURN OLD;
      END IF;
      IF TG_OP = 'DELETE' THEN
        RAISE EXCEPTION 'order_audit is append-only: only rows older than five years may be purged';
      END IF;
      RAISE EXCEPTION 'order_audit is append-only: a row is never changed';
    END
    $$;
    CREATE TRIGGER order_audit_append_only BEFORE UPDATE OR DELETE ON order_audit
      FOR EACH ROW EXECUTE FUNCTION order_audit_append_only();
  `,
};
