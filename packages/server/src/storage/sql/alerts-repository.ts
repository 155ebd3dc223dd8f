import type { RiskAlertKind } from '@td/contracts';
import type {
  AlertDraft,
  AlertSeverity,
  AlertsRepository,
  StoredAlert,
} from '../../core/ports/repositories/alerts';
import type { SqlDatabase } from './sql-database';

interface AlertRow {
  id: number;
  kind: RiskAlertKind;
  subject: string;
  severity: AlertSeverity;
  message: string;
  created_at: number;
  action_required: number;
  suggested_action: string;
  acknowledged_at: number | null;
  resolved_at: number | null;
}

/** The risk_alerts table (migration 006). */
export class SqlAlertsRepository implements AlertsRepository {
  constructor(private readonly db: SqlDatabase) {}

  openFor(kind: RiskAlertKind, subject: string): StoredAlert | undefined {
    const row = this.db
      .prepare('SELECT * FROM risk_alerts WHERE kind = ? AND subject = ? AND resolved_at IS NULL')
      .get(kind, subject) as AlertRow | undefined;
    return row ? fromRow(row) : undefined;
  }

  openOfKinds(kinds: readonly RiskAlertKind[]): Pick<StoredAlert, 'id' | 'kind' | 'subject'>[] {
    return this.db
      .prepare(
        `SELECT id, kind, subject FROM risk_alerts WHERE resolved_at IS NULL AND kind IN (${kinds.map(() => '?').join(',')})`,
      )
      .all(...kinds) as Pick<StoredAlert, 'id' | 'kind' | 'subject'>[];
  }

  add(draft: AlertDraft, createdAt: number): number {
    const row = this.db
      .prepare(
        `INSERT INTO risk_alerts (kind, subject, severity, message, created_at, action_required, suggested_action)
         VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`,
      )
      .get(
        draft.kind,
        draft.subject,
        draft.severity,
        draft.message,
        createdAt,
        draft.actionRequired ? 1 : 0,
        draft.suggestedAction,
      );
    return (row as { id: number }).id;
  }

  reword(id: number, wording: Pick<AlertDraft, 'message' | 'severity' | 'suggestedAction'>): void {
    this.db
      .prepare('UPDATE risk_alerts SET message = ?, severity = ?, suggested_action = ? WHERE id = ?')
      .run(wording.message, wording.severity, wording.suggestedAction, id);
  }

  resolve(id: number, at: number): void {
    this.db.prepare('UPDATE risk_alerts SET resolved_at = ? WHERE id = ?').run(at, id);
  }

  acknowledge(id: number, at: number): void {
    this.db.prepare('UPDATE risk_alerts SET acknowledged_at = ? WHERE id = ?').run(at, id);
  }

  byId(id: number): StoredAlert | undefined {
    const row = this.db.prepare('SELECT * FROM risk_alerts WHERE id = ?').get(id) as AlertRow | undefined;
    return row ? fromRow(row) : undefined;
  }

  recent(limit: number): StoredAlert[] {
    const rows = this.db
      .prepare('SELECT * FROM risk_alerts ORDER BY resolved_at IS NOT NULL, created_at DESC, id DESC LIMIT ?')
      .all(limit) as AlertRow[];
    return rows.map(fromRow);
  }
}

function fromRow(row: AlertRow): StoredAlert {
  return {
    id: row.id,
    kind: row.kind,
    subject: row.subject,
    severity: row.severity,
    message: row.message,
    createdAt: row.created_at,
    actionRequired: row.action_required === 1,
    suggestedAction: row.suggested_action,
    acknowledgedAt: row.acknowledged_at,
    resolvedAt: row.resolved_at,
  };
}
