import type { KubernetesStatus } from '@td/contracts';
import type { InstanceRecord } from '../../../core/ports/repositories/instances';
import type { UpstoxAccount } from '../../broker/upstox-account';
import type { MarketDataService } from '../../market/market-data-service';
import { createInfraMetrics } from '../metrics';
import { createAutoScalingMonitor } from './auto-scaling-monitor';
import type { Topology } from './deployment-view';

const T0 = Date.UTC(2026, 0, 5, 4, 0);
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

const row = (id: string, overrides: Partial<InstanceRecord> = {}): InstanceRecord => ({
  id,
  host: `host-${id}`,
  pid: 7,
  startedAt: T0 - 60_000,
  heartbeatAt: T0 - 2000,
  cpuPercent: 20,
  memoryBytes: 150 * 1048576,
  connections: 2,
  isLeader: false,
  ...overrides,
});

const NOT_KUBERNETES: KubernetesStatus = { state: 'absent', detail: 'Not running in Kubernetes.' };

function monitor(topology: Topology, live: InstanceRecord[], kubernetes = NOT_KUBERNETES) {
  const metrics = createInfraMetrics({ market, upstoxAccount, now: () => T0 });
  const self = live[0] ?? row('api-a');
  const heartbeat = { id: self.id, self: () => self, live: () => live };
  return createAutoScalingMonitor({
    metrics,
    heartbeat,
    topology,
    kubernetes: { read: async () => kubernetes },
    now: () => T0,
  });
}

const SQLITE_ALONE: Topology = { store: 'sqlite', bus: 'in-process' };
const SHARED: Topology = { store: 'postgresql', bus: 'redis' };

describe('the auto-scaling monitor', () => {
  it('says one instance on this machine with the embedded SQLite store and no Redis', async () => {
    const status = await monitor(SQLITE_ALONE, [row('api-a', { isLeader: true })]).status();
    expect(status.deployment).toMatchObject({
      mode: 'single',
      instance: { id: 'api-a', this_instance: true, connections: 2, heartbeat_age_seconds: 2 },
    });
    expect(status.deployment.detail).toMatch(/^One instance on this machine/);
    expect(status.scaling.current_instances).toBe(1);
    expect(status.scaling.actuator).toMatch(/^None on this machine/);
    expect(status.instance_type).toMatch(/^local process, \d+ vCPU$/);
    expect(status.kubernetes.state).toBe('absent');
  });

  it('lists the live instances of a cluster, which one leads, and counts them for the rules', async () => {
    const status = await monitor(SHARED, [row('api-a'), row('api-b', { isLeader: true })]).status();
    expect(status.deployment).toMatchObject({
      mode: 'cluster',
      store: 'postgresql',
      bus: 'redis',
      leader_id: 'api-b',
      live_within_seconds: 15,
    });
    if (status.deployment.mode !== 'cluster') throw new Error('expected a cluster');
    expect(status.deployment.instances.map((i) => [i.id, i.leader, i.this_instance])).toEqual([
      ['api-a', false, true],
      ['api-b', true, false],
    ]);
    expect(status.deployment.detail).toMatch(/^2 live instances sharing PostgreSQL and Redis/);
    expect(status.scaling.current_instances).toBe(2);
    expect(status.scaling.actuator).toMatch(/started by hand/);
  });

  it('names the fresher leader when two rows say so during a hand-over', async () => {
    const status = await monitor(SHARED, [
      row('api-a', { isLeader: true, heartbeatAt: T0 - 9000 }),
      row('api-b', { isLeader: true, heartbeatAt: T0 - 1000 }),
    ]).status();
    expect(status.deployment).toMatchObject({ leader_id: 'api-b' });
  });

  it('has no leader when no live instance leads', async () => {
    const status = await monitor(SHARED, [row('api-a')]).status();
    expect(status.deployment).toMatchObject({ leader_id: null });
    expect(status.deployment.detail).toMatch(/^1 live instance sharing/);
  });

  it('takes the instance count and the actuator from the HPA in Kubernetes', async () => {
    const hpa: KubernetesStatus = {
      state: 'read',
      detail: 'HorizontalPodAutoscaler trading-dashboard in namespace trading.',
      namespace: 'trading',
      hpa: 'trading-dashboard',
      current_replicas: 2,
      desired_replicas: 1,
      min_replicas: 1,
      max_replicas: 2,
      current_cpu_percent: 25,
      target_cpu_percent: 85,
      read_at: new Date(T0).toISOString(),
    };
    const status = await monitor(SHARED, [row('api-a')], hpa).status();
    expect(status.scaling.current_instances).toBe(2);
    expect(status.scaling.actuator).toBe(
      'The Kubernetes HorizontalPodAutoscaler trading-dashboard applies these rules: 2 replicas now, 1 desired (1–2).',
    );
    expect(status.instance_type).toMatch(/^Kubernetes pod, /);
    expect(status.kubernetes).toEqual(hpa);
  });

  it('says the HPA could not be read, and counts the live instances meanwhile', async () => {
    const unreadable: KubernetesStatus = {
      state: 'unreadable',
      detail: 'Could not read HPA trading-dashboard: the Kubernetes API answered 500.',
      namespace: 'trading',
      hpa: 'trading-dashboard',
    };
    const status = await monitor(SHARED, [row('api-a'), row('api-b')], unreadable).status();
    expect(status.scaling.current_instances).toBe(2);
    expect(status.scaling.actuator).toMatch(/could not be read just now/);
  });
});
