import type { SafetyStreamMessage } from '@td/contracts';
import type { AccountId } from '../../core/orders';
import type { AccountSnapshot } from '../broker/limits';
import type { MarketDataService } from '../market/market-data-service';
import { CONDITION_KINDS, feedAlerts, limitAlerts, tokenAlerts } from './alert-conditions';
import type { AlertDraft, AlertStore } from './alert-store';
import type { NotificationSettingsStore } from './notification-settings';
import type { RiskLimitsService } from './risk-limits-service';
import type { SafetyMailer } from './safety-mailer';

/** spec part 2 §9: e-mail when the portfolio loses more than 3 % in a day. */
const DAILY_LOSS_EMAIL_PERCENT = 3;

/** What the alert evaluation reads: the safety engine's parts, narrowed. */
export interface SafetyAlertParts {
  alerts: Pick<AlertStore, 'raise' | 'resolveAllBut'>;
  limits: Pick<RiskLimitsService, 'usage'>;
  notifications: Pick<NotificationSettingsStore, 'recipientFor'>;
  mailer: Pick<SafetyMailer, 'send'>;
  market: Pick<MarketDataService, 'activeProvider' | 'clock'>;
  snapshot(account: AccountId): AccountSnapshot | null;
  tokenExpiry(): number | null;
  publish(message: SafetyStreamMessage): void;
}

/**
 * The safety engine's alerts: the conditions (limits, feed, token, the day's loss) raised or
 * resolved on every evaluation, each new alert published, and the trader e-mailed where asked.
 */
export class SafetyAlerts {
  private dailyLossMailedOn: string | null = null;

  constructor(private readonly parts: SafetyAlertParts) {}

  evaluate(account: AccountId, now: number): void {
    const snapshot = this.parts.snapshot(account);
    const drafts: AlertDraft[] = [];
    if (snapshot) drafts.push(...limitAlerts(this.parts.limits.usage(account, snapshot).warnings));
    drafts.push(
      ...feedAlerts(this.parts.market.activeProvider.health(), this.parts.market.clock.isOpen(now), now),
      ...tokenAlerts(this.parts.tokenExpiry(), now),
    );
    for (const draft of drafts) this.raise(draft);
    this.parts.alerts.resolveAllBut(CONDITION_KINDS, drafts);
    if (snapshot) this.checkDailyLoss(snapshot, now);
  }

  raise(draft: AlertDraft): void {
    const { alert, created } = this.parts.alerts.raise(draft);
    if (created) this.parts.publish({ kind: 'alert', alert });
  }

  email(kind: 'breaker_trip' | 'daily_loss' | 'ml_confidence', subject: string, text: string): void {
    const to = this.parts.notifications.recipientFor(kind);
    if (!to) return;
    void this.parts.mailer.send({ to, subject: `Trading alert: ${subject}`, text });
  }

  private checkDailyLoss(snapshot: AccountSnapshot, now: number): void {
    const opening = snapshot.equityPaise - snapshot.dayPnlPaise;
    if (opening <= 0) return;
    const lossPercent = (-snapshot.dayPnlPaise / opening) * 100;
    const today = new Date(now + 5.5 * 3_600_000).toISOString().slice(0, 10);
    if (lossPercent <= DAILY_LOSS_EMAIL_PERCENT) {
      this.parts.alerts.resolveAllBut(['daily_loss'], []);
      return;
    }
    const message = `The portfolio is down ${lossPercent.toFixed(2)} % today, more than ${DAILY_LOSS_EMAIL_PERCENT} %.`;
    this.raise({
      kind: 'daily_loss',
      subject: today,
      severity: 'high',
      message,
      suggestedAction: "Review the day's losing positions; consider an Emergency Stop.",
      actionRequired: true,
    });
    if (this.dailyLossMailedOn !== today) {
      this.dailyLossMailedOn = today;
      this.email('daily_loss', 'Portfolio loss over 3 % today', message);
    }
  }
}
