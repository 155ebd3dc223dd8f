import type { RiskAlert, RiskAlertKind } from '@td/contracts';
import { notFound } from '../../core/errors';
import type { AlertDraft, AlertsRepository, StoredAlert } from '../../core/ports/repositories/alerts';

export type { AlertDraft } from '../../core/ports/repositories/alerts';

const iso = (ts: number | null) => (ts === null ? null : new Date(ts).toISOString());
const keyOf = (alert: { kind: string; subject: string }) => `${alert.kind}\u0000${alert.subject}`;

/**
 * Risk alerts. One open alert per kind + subject: a condition still true updates its alert's
 * wording, and one no longer true is resolved (kept in the history).
 */
export class AlertStore {
  constructor(
    private readonly alerts: AlertsRepository,
    private readonly now: () => number,
  ) {}

  /** Opens the alert, or refreshes the open one for the same kind and subject; `created` says which. */
  raise(draft: AlertDraft): { alert: RiskAlert; created: boolean } {
    const open = this.alerts.openFor(draft.kind, draft.subject);
    if (open) {
      if (open.message !== draft.message || open.severity !== draft.severity) {
        this.alerts.reword(open.id, draft);
      }
      return { alert: this.byId(open.id)!, created: false };
    }
    const id = this.alerts.add(draft, this.now());
    return { alert: this.byId(id)!, created: true };
  }

  /** Resolves the open alerts of `kinds` whose kind + subject is not among `stillTrue`. */
  resolveAllBut(
    kinds: readonly RiskAlertKind[],
    stillTrue: readonly { kind: string; subject: string }[],
  ): void {
    const keep = new Set(stillTrue.map(keyOf));
    for (const open of this.alerts.openOfKinds(kinds)) {
      if (!keep.has(keyOf(open))) this.alerts.resolve(open.id, this.now());
    }
  }

  /** The open alerts first, newest first, then the most recent resolved ones: at most `limit`. */
  list(limit = 100): RiskAlert[] {
    return this.alerts.recent(limit).map(toAlert);
  }

  acknowledge(id: number): RiskAlert {
    const alert = this.alerts.byId(id);
    if (!alert)
      throw notFound(`There is no alert ${id}; the list may have changed, so reload it.`, 'unknown_alert');
    if (alert.acknowledgedAt === null) this.alerts.acknowledge(id, this.now());
    return this.byId(id)!;
  }

  private byId(id: number): RiskAlert | null {
    const alert = this.alerts.byId(id);
    return alert ? toAlert(alert) : null;
  }
}

function toAlert(alert: StoredAlert): RiskAlert {
  return {
    id: String(alert.id),
    kind: alert.kind,
    subject: alert.subject,
    severity: alert.severity,
    message: alert.message,
    timestamp: iso(alert.createdAt)!,
    action_required: alert.actionRequired,
    suggested_action: alert.suggestedAction,
    acknowledged_at: iso(alert.acknowledgedAt),
    resolved_at: iso(alert.resolvedAt),
  };
}
