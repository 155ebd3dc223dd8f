import type { RiskAlertKind } from '@td/contracts';
import type { ProviderHealth } from '../market/market-types';
import type { AlertDraft } from './alert-store';
import type { LimitWarning } from './limits-usage';

/** spec part 2 §9 / ARCHITECTURE: 120 s without data is a dead feed; from 30 s it is stale. */
const FEED_STALE_MS = 30_000;
const FEED_DEAD_MS = 120_000;
/** Warn this long before the Upstox token's 03:30 IST expiry. */
const TOKEN_WARNING_MS = 2 * 3_600_000;

/** The kinds re-evaluated on every tick: resolved when no longer true. Halt and breaker alerts end on resume. */
export const CONDITION_KINDS: RiskAlertKind[] = [
  'limit_near',
  'limit_breached',
  'concentration',
  'drawdown',
  'feed_stale',
  'feed_dead',
  'token_expiring',
];

export function limitAlerts(warnings: readonly LimitWarning[]): AlertDraft[] {
  return warnings.map((warning) => ({
    kind: warning.kind,
    subject: warning.subject,
    severity: warning.severity,
    message: warning.message,
    suggestedAction: warning.suggestedAction,
    actionRequired: warning.severity === 'high',
  }));
}

/** A feed that sends nothing while the market is open: stale from 30 s, dead from 120 s or disconnected. */
export function feedAlerts(health: ProviderHealth, marketOpen: boolean, now: number): AlertDraft[] {
  if (!marketOpen) return [];
  const silentMs = health.lastDataAt === null ? Number.POSITIVE_INFINITY : now - health.lastDataAt;
  const silence = Number.isFinite(silentMs) ? `for ${Math.round(silentMs / 1000)} s` : 'since it started';
  if (!health.connected || silentMs >= FEED_DEAD_MS) {
    return [
      {
        kind: 'feed_dead',
        subject: health.source,
        severity: 'high',
        message: `The ${health.source} feed has sent no prices ${silence} while the market is open${health.connected ? '' : ` (${health.message})`}.`,
        suggestedAction:
          'Check the data source connection (Settings → Data Sources); the breakers and limits read stale prices until it is back.',
        actionRequired: true,
      },
    ];
  }
  if (silentMs >= FEED_STALE_MS) {
    return [
      {
        kind: 'feed_stale',
        subject: health.source,
        severity: 'medium',
        message: `The ${health.source} feed has been silent ${silence} while the market is open.`,
        suggestedAction: 'Watch the connection; after 120 s it is treated as dead.',
        actionRequired: false,
      },
    ];
  }
  return [];
}

export function tokenAlerts(expiry: number | null, now: number): AlertDraft[] {
  if (expiry === null) return [];
  const left = expiry - now;
  if (left > TOKEN_WARNING_MS) return [];
  const expired = left <= 0;
  return [
    {
      kind: 'token_expiring',
      subject: 'upstox',
      severity: expired ? 'high' : 'medium',
      message: expired
        ? 'The Upstox session has expired: live trading and the live feed stop until you connect again.'
        : `The Upstox session expires in ${Math.max(1, Math.round(left / 60_000))} minutes (03:30 IST).`,
      suggestedAction: 'Connect your Upstox account again (Settings → Data Sources → Connect).',
      actionRequired: expired,
    },
  ];
}
