import type { RiskAlert, RiskAlertKind } from '@td/contracts';
import type { Db } from '../db/database';
import { notFound } from '../http/http-error';

export interface AlertDraft {
  kind: RiskAlertKind;
  subject: string;
  severity: 'high' | 'medium' | 'low';
  message: string;
  suggestedAction: string;
  actionRequired: boolean;
}

interface AlertRow {
  id: number;
  kind: RiskAlertKind;
  subject: string;
  severity: 'high' | 'medium' | 'low';
  message: string;
  created_at: number;
  action_required: number;
  suggested_action: string;
  acknowledged_at: number | null;
  resolved_at: number | null;
}

const iso = (ts: number | null) => (ts === null ? null : new Date(ts).toISOString());
const keyOf = (alert: { kind: string; subject: string }) => `${alert.kind}\u0000${alert.subject}`;

/**
 * Risk alerts in SQLite (migration 006). One open alert per kind + subject: a condition still true
 * updates its alert's wording, and one no longer true is resolved (kept in the history).
 */
export class AlertStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  /** Opens the alert, or refreshes the open one for the same kind and subject; `created` says which. */
  raise(draft: AlertDraft): { alert: RiskAlert; created: boolean } {
    const open = this.db
      .prepare('SELECT * FROM risk_alerts WHERE kind = ? AND subject = ? AND resolved_at IS NULL')
      .get(draft.kind, draft.subject) as AlertRow | undefined;
    if (open) {
      if (open.message !== draft.message || open.severity !== draft.severity) {
        this.db
          .prepare('UPDATE risk_alerts SET message = ?, severity = ?, suggested_action = ? WHERE id = ?')
          .run(draft.message, draft.severity, draft.suggestedAction, open.id);
      }
      return { alert: this.byId(open.id)!, created: false };
    }
    const result = this.db
      .prepare(
        `INSERT INTO risk_alerts (kind, subject, severity, message, created_at, action_required, suggested_action)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        draft.kind,
        draft.subject,
        draft.severity,
        draft.message,
        this.now(),
        draft.actionRequired ? 1 : 0,
        draft.suggestedAction,
      );
    return { alert: this.byId(Number(result.lastInsertRowid))!, created: true };
  }

  /** Resolves the open alerts of `kinds` whose kind + subject is not among `stillTrue`. */
  resolveAllBut(
    kinds: readonly RiskAlertKind[],
    stillTrue: readonly { kind: string; subject: string }[],
  ): void {
    const keep = new Set(stillTrue.map(keyOf));
    const open = this.db
      .prepare(
        `SELECT id, kind, subject FROM risk_alerts WHERE resolved_at IS NULL AND kind IN (${kinds.map(() => '?').join(',')})`,
      )
      .all(...kinds) as Pick<AlertRow, 'id' | 'kind' | 'subject'>[];
    const resolve = this.db.prepare('UPDATE risk_alerts SET resolved_at = ? WHERE id = ?');
    for (const row of open) if (!keep.has(keyOf(row))) resolve.run(this.now(), row.id);
  }

  /** The open alerts first, newest first, then the most recent resolved ones: at most `limit`. */
  list(limit = 100): RiskAlert[] {
    const rows = this.db
      .prepare('SELECT * FROM risk_alerts ORDER BY resolved_at IS NOT NULL, created_at DESC, id DESC LIMIT ?')
      .all(limit) as AlertRow[];
    return rows.map(toAlert);
  }

  acknowledge(id: number): RiskAlert {
    const alert = this.byId(id);
    if (!alert)
      throw notFound(`There is no alert ${id}; the list may have changed, so reload it.`, 'unknown_alert');
    if (alert.acknowledged_at === null) {
      this.db.prepare('UPDATE risk_alerts SET acknowledged_at = ? WHERE id = ?').run(this.now(), id);
    }
    return this.byId(id)!;
  }

  private byId(id: number): RiskAlert | null {
    const row = this.db.prepare('SELECT * FROM risk_alerts WHERE id = ?').get(id) as AlertRow | undefined;
    return row ? toAlert(row) : null;
  }
}

function toAlert(row: AlertRow): RiskAlert {
  return {
    id: String(row.id),
    kind: row.kind,
    subject: row.subject,
    severity: row.severity,
    message: row.message,
    timestamp: iso(row.created_at)!,
    action_required: row.action_required === 1,
    suggested_action: row.suggested_action,
    acknowledged_at: iso(row.acknowledged_at),
    resolved_at: iso(row.resolved_at),
  };
}
