import type { ProviderHealth } from '../market/market-types';
import { feedAlerts, tokenAlerts } from './alert-conditions';

const NOW = Date.UTC(2026, 0, 5, 4, 0, 0);
const health = (lastDataAt: number | null, connected = true): ProviderHealth => ({
  source: 'upstox',
  status: connected ? 'connected' : 'disconnected',
  connected,
  mode: 'ltpc',
  subscribed: 80,
  lastDataAt,
  message: connected ? 'Streaming' : 'Upstox not connected',
  authUrl: null,
});

describe('feed alerts', () => {
  it('say nothing while the market is closed or the feed is fresh', () => {
    expect(feedAlerts(health(NOW - 600_000), false, NOW)).toEqual([]);
    expect(feedAlerts(health(NOW - 10_000), true, NOW)).toEqual([]);
  });

  it('call a feed stale from 30 s of silence and dead from 120 s or when disconnected', () => {
    expect(feedAlerts(health(NOW - 45_000), true, NOW)).toEqual([
      expect.objectContaining({
        kind: 'feed_stale',
        subject: 'upstox',
        severity: 'medium',
        message: 'The upstox feed has been silent for 45 s while the market is open.',
      }),
    ]);
    expect(feedAlerts(health(NOW - 125_000), true, NOW)[0]).toMatchObject({
      kind: 'feed_dead',
      severity: 'high',
      actionRequired: true,
    });
    expect(feedAlerts(health(null, false), true, NOW)[0]!.message).toBe(
      'The upstox feed has sent no prices since it started while the market is open (Upstox not connected).',
    );
  });
});

describe('token alerts', () => {
  it('warn two hours before the 03:30 IST expiry, and flag an expired token as high', () => {
    expect(tokenAlerts(null, NOW)).toEqual([]);
    expect(tokenAlerts(NOW + 3 * 3_600_000, NOW)).toEqual([]);
    expect(tokenAlerts(NOW + 90 * 60_000, NOW)[0]).toMatchObject({
      kind: 'token_expiring',
      severity: 'medium',
      message: 'The Upstox session expires in 90 minutes (03:30 IST).',
    });
    expect(tokenAlerts(NOW - 1, NOW)[0]).toMatchObject({ severity: 'high', actionRequired: true });
  });
});
