import type { UpstoxAccount } from '../../broker/upstox-account';
import type { MarketDataService } from '../../market/market-data-service';
import { createInfraMetrics } from '.';

const feed = {
  source: 'simulator',
  status: 'connected',
  connected: true,
  mode: 'full',
  message: 'Simulated',
};
const market = {
  clock: { describe: () => 'Market open', isOpen: () => true },
  activeProvider: { health: () => feed },
  health: () => undefined,
} as unknown as MarketDataService;
const upstoxAccount = { problem: () => 'Upstox is not configured.' } as unknown as UpstoxAccount;

describe('createInfraMetrics', () => {
  it('keeps a rolling 20-minute window of samples and evaluates the rules on it', () => {
    let now = Date.parse('2026-01-05T04:00:00Z');
    const metrics = createInfraMetrics({ market, upstoxAccount, now: () => now, sampleIntervalMs: 60_000 });
    for (let minute = 0; minute <= 30; minute++) {
      metrics.sampleNow();
      now += 60_000;
    }
    const status = metrics.status();
    metrics.stop();
    expect(status.scaling).toMatchObject({
      samples: 21,
      window_seconds: 20 * 60,
      sample_interval_seconds: 60,
    });
    expect(status.cpu_history).toHaveLength(21);
    expect(status.upstox_status).toEqual({
      status: 'not connected',
      mode: 'none',
      accessible: false,
      detail: 'Upstox is not configured.',
    });
    expect(status.api_healthy).toBe(true);
    expect(status.last_update).toBe('2026-01-05T04:30:00.000Z');
  });

  it('says Issues when the API answers slowly (p95 over a second)', () => {
    const metrics = createInfraMetrics({ market, upstoxAccount, now: () => 0 });
    for (let i = 0; i < 20; i++) metrics.latency.record(i < 18 ? 5 : 1500);
    const status = metrics.status();
    metrics.stop();
    expect(status.api_healthy).toBe(false);
    expect(status.api_health_detail).toBe('Requests are slow: p95 1500 ms.');
    expect(status.metrics).toMatchObject({ latency: 5, latency_p95: 1500, requests_measured: 20 });
  });
});
