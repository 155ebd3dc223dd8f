import { autoScalingStatusSchema } from '@td/contracts';
import {
  createAutoScalingMonitor,
  createHpaReader,
  createInstanceHeartbeat,
} from '../../engines/ops/cluster';
import { SqlInstancesRepository } from '../../storage/sql/instances-repository';
import { buildTestApp, signInForTest, type TestApp } from '../../test-support';

let testApp: TestApp | undefined;
afterEach(() => testApp?.close());

describe('GET /api/auto-scaling/status', () => {
  it('answers the measured status of this process, with the rules on its window', async () => {
    testApp = await buildTestApp();
    const { headers } = await signInForTest(testApp);
    for (let i = 0; i < 5; i++) await testApp.app.inject({ method: 'GET', url: '/api/health' });
    testApp.services.infraMetrics.sampleNow();
    const reply = await testApp.app.inject({ method: 'GET', url: '/api/auto-scaling/status', headers });
    expect(reply.statusCode).toBe(200);
    const data = autoScalingStatusSchema.parse(reply.json().data);
    expect(data.instance_type).toMatch(/^local process, \d+ vCPU$/);
    expect(data.aws_connected).toBe(false);
    expect(data.aws_detail).toMatch(/Not running on AWS/);
    expect(data.metrics.requests_measured).toBeGreaterThanOrEqual(5);
    expect(data.metrics.latency).not.toBeNull();
    expect(data.metrics.latency_p95!).toBeGreaterThanOrEqual(data.metrics.latency!);
    for (const value of [data.metrics.cpu, data.metrics.cpu_machine, data.metrics.memory]) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThanOrEqual(100);
    }
    expect(data.scaling).toMatchObject({ current_instances: 1, max_instances: 2 });
    expect(data.scaling.actuator).toMatch(/Kubernetes/);
    expect(data.scaling.samples).toBeGreaterThanOrEqual(1);
    expect(data.market_status.length).toBeGreaterThan(0);
    expect(JSON.stringify(reply.json())).not.toMatch(/NaN|Infinity/);
    expect(data.deployment).toMatchObject({
      mode: 'single',
      instance: { this_instance: true, leader: true },
    });
    expect(data.deployment.detail).toMatch(/^One instance on this machine/);
    expect(data.kubernetes).toMatchObject({ state: 'absent' });
  });

  it('lists every live instance sharing the store, and which one leads', async () => {
    const T0 = Date.UTC(2026, 0, 5, 4, 0);
    let now = T0;
    // The runtime picks this topology from DATABASE_URL / REDIS_URL; set here so no other engine
    // of the test app tries to reach a shared store or bus.
    testApp = await buildTestApp({
      now: () => now,
      services: (base) => {
        const heartbeat = createInstanceHeartbeat({
          instances: new SqlInstancesRepository(base.db),
          identity: { id: 'api-self', host: 'node-1', pid: 41 },
          now: () => now,
          isLeader: () => true,
          connections: () => base.stream.stats().clients + base.infraMetrics.latency.inFlight(),
        });
        heartbeat.beat();
        const topology = { store: 'postgresql', bus: 'redis' } as const;
        return {
          autoScaling: createAutoScalingMonitor({
            ...{ metrics: base.infraMetrics, heartbeat, topology, now: () => now },
            kubernetes: createHpaReader(null, () => now),
          }),
        };
      },
    });
    const { headers } = await signInForTest(testApp);
    // Another instance's heartbeat in the shared database, as it writes it.
    const other = {
      id: 'api-other',
      host: 'node-2',
      pid: 42,
      startedAt: T0 - 60_000,
      heartbeatAt: T0 - 3000,
      cpuPercent: 61.5,
      memoryBytes: 250 * 1048576,
      connections: 9,
      isLeader: false,
    };
    new SqlInstancesRepository(testApp.services.db).beat(other);
    const status = async () => {
      const reply = await testApp!.app.inject({ method: 'GET', url: '/api/auto-scaling/status', headers });
      expect(reply.statusCode).toBe(200);
      return autoScalingStatusSchema.parse(reply.json().data);
    };
    const first = (await status()).deployment;
    if (first.mode !== 'cluster') throw new Error(`expected cluster, got ${first.mode}`);
    expect(first).toMatchObject({ store: 'postgresql', bus: 'redis', leader_id: 'api-self' });
    expect(first.instances.map((i) => [i.host, i.leader, i.this_instance])).toEqual([
      ['node-2', false, false],
      ['node-1', true, true],
    ]);
    expect(first.instances[0]).toMatchObject({ cpu_percent: 61.5, connections: 9, heartbeat_age_seconds: 3 });
    const scaling = (await status()).scaling;
    expect(scaling.current_instances).toBe(2);
    // 13 s later the other instance has beaten no more: it is no longer live.
    now += 13_000;
    const later = (await status()).deployment;
    expect(later.mode === 'cluster' && later.instances.map((i) => i.host)).toEqual(['node-1']);
  });

  it('requires a session', async () => {
    testApp = await buildTestApp();
    const reply = await testApp.app.inject({ method: 'GET', url: '/api/auto-scaling/status' });
    expect(reply.statusCode).toBe(401);
  });
});
