import type { RiskAlertKind } from '@td/contracts';

export type AlertSeverity = 'high' | 'medium' | 'low';

/** An alert as the safety engine words it, before it is stored. */
export interface AlertDraft {
  kind: RiskAlertKind;
  subject: string;
  severity: AlertSeverity;
  message: string;
  suggestedAction: string;
  actionRequired: boolean;
}

/** Times are epoch ms; resolvedAt null means the condition is still true. */
export interface StoredAlert extends AlertDraft {
  id: number;
  createdAt: number;
  acknowledgedAt: number | null;
  resolvedAt: number | null;
}

/** Risk alerts: at most one open alert per kind + subject, resolved ones kept as history. */
export interface AlertsRepository {
  /** The unresolved alert for this kind and subject, if there is one. */
  openFor(kind: RiskAlertKind, subject: string): StoredAlert | undefined;
  /** The unresolved alerts of these kinds. */
  openOfKinds(kinds: readonly RiskAlertKind[]): Pick<StoredAlert, 'id' | 'kind' | 'subject'>[];
  /** Stores a new open alert and returns its id. */
  add(draft: AlertDraft, createdAt: number): number;
  reword(id: number, wording: Pick<AlertDraft, 'message' | 'severity' | 'suggestedAction'>): void;
  resolve(id: number, at: number): void;
  acknowledge(id: number, at: number): void;
  byId(id: number): StoredAlert | undefined;
  /** The open alerts first, newest first, then the most recent resolved ones: at most `limit`. */
  recent(limit: number): StoredAlert[];
}
