import type { ApiInstance, AutoScalingStatus } from '@td/contracts';
import { NETWORK_DOWN, renderRemote, reply } from '@td/platform/test-support';
import { screen, within } from '@testing-library/react';
import { AutoScalingPage } from './auto-scaling-page';
import { gaugeTone, latencyLabel } from './resource-gauge';

const STATUS = 'GET /api/auto-scaling/status';
const ok = (data: unknown) => reply(200, { success: true, data });

const instance = (overrides: Partial<ApiInstance> = {}): ApiInstance => ({
  id: 'api-a',
  host: 'api-a',
  pid: 1,
  started_at: '2026-01-05T03:00:00.000Z',
  heartbeat_at: '2026-01-05T04:00:00.000Z',
  heartbeat_age_seconds: 2,
  cpu_percent: 72.46,
  memory_bytes: 210 * 1048576,
  connections: 5,
  leader: true,
  this_instance: false,
  ...overrides,
});

const status = (overrides: Partial<AutoScalingStatus> = {}): AutoScalingStatus => ({
  instance_state: 'running',
  instance_type: 'local process, 2 vCPU',
  market_status: 'Market open: normal session until 15:30 IST',
  market_open: true,
  api_healthy: true,
  api_health_detail: 'Serving requests; simulator feed connected.',
  metrics: {
    cpu: 72.46,
    cpu_machine: 40.2,
    memory: 91.04,
    memory_process_mb: 210.3,
    latency: 12.5,
    latency_p95: 40,
    requests_measured: 310,
    event_loop_delay_ms: 11.2,
    event_loop_delay_p99_ms: 30.1,
  },
  upstox_status: { status: 'idle', mode: 'none', accessible: false, detail: 'Upstox is not configured.' },
  aws_connected: false,
  aws_detail: 'Not running on AWS: this API is a local process on this machine.',
  status: 'running',
  last_update: '2026-01-05T04:00:00.000Z',
  scaling: {
    action: 'hold',
    current_instances: 1,
    desired_instances: 1,
    reason: 'CPU above 85% for 14 min 0 s; scales up at 15 min.',
    above_for_seconds: 840,
    below_for_seconds: 0,
    max_instances: 2,
    actuator:
      'None on this machine. In production the Kubernetes HorizontalPodAutoscaler manifests apply the same rules.',
    sample_interval_seconds: 5,
    window_seconds: 1200,
    samples: 240,
  },
  cpu_history: [],
  deployment: {
    mode: 'single',
    detail:
      'One instance on this machine: the store is the embedded SQLite file and there is no Redis, so no second instance can share its state.',
    instance: instance({ id: 'laptop-4100-a1b2c3', host: 'laptop', pid: 4100, this_instance: true }),
  },
  kubernetes: {
    state: 'absent',
    detail:
      'Not running in Kubernetes: no KUBERNETES_SERVICE_HOST or no service-account token, so there is no HorizontalPodAutoscaler to read.',
  },
  ...overrides,
});

const render = (replies: Parameters<typeof renderRemote>[1]) =>
  renderRemote(<AutoScalingPage />, {
    remote: 'infra',
    signedIn: true,
    url: '/auto-scaling',
    ownPaths: ['/auto-scaling'],
    ...replies,
  });

const group = (name: string) => screen.getByRole('group', { name });

describe('Auto-Scaling Monitor', () => {
  it('shows the measured tiles, gauges and the scaling decision with the time held', async () => {
    render({ replies: { [STATUS]: ok(status()) } });
    expect(screen.getByText('Loading auto-scaling status...')).toBeInTheDocument();
    expect(await screen.findByText('local process')).toBeInTheDocument();
    expect(group('Instance Type')).toHaveTextContent('local process2 vCPU');
    expect(group('Instance Status')).toHaveTextContent('Running');
    expect(group('Market Status')).toHaveTextContent('Open');
    expect(group('API Health')).toHaveTextContent('Healthy');
    expect(group('CPU Usage')).toHaveTextContent('72.5%');
    expect(group('Memory Usage')).toHaveTextContent('91.0%');
    expect(group('API Latency')).toHaveTextContent(
      '12.5 msExcellent · p50 of the last 310 requests, p95 40 ms',
    );
    expect(within(group('Memory Usage')).getByRole('meter')).toHaveAttribute('aria-valuenow', '91.04');
    const rules = screen.getByLabelText('Scaling rules');
    expect(rules).toHaveTextContent('CPU above 85%14 min of 15 min');
    expect(rules).toHaveTextContent('CPU below 30%not now');
    expect(rules).toHaveTextContent('1 now · 1 wanted · max 2');
    expect(screen.getByText(/Kubernetes HorizontalPodAutoscaler/)).toBeInTheDocument();
    expect(screen.getByLabelText('AWS infrastructure')).toHaveTextContent(
      'AWS ConnectedNo — not running on AWS',
    );
    expect(screen.getByLabelText('Upstox connection')).toHaveTextContent('StatusidleModenoneAccessibleNo');
    expect(
      screen.getByText(
        'Scales up when CPU is above 85% for 15 minutes, down when below 30% for 10 minutes, maximum 2 instances.',
      ),
    ).toBeInTheDocument();
  });

  it('says a single machine is one instance on this machine, with its figures', async () => {
    render({ replies: { [STATUS]: ok(status()) } });
    const card = await screen.findByRole('region', { name: 'Instances' });
    expect(card).toHaveTextContent('Single machine');
    expect(card).toHaveTextContent(/^InstancesSingle machineOne instance on this machine/);
    expect(within(card).getByLabelText('This instance')).toHaveTextContent(
      'Hostlaptop · PID 4100CPU72.5%Memory210 MBConnections5',
    );
    expect(screen.queryByRole('table', { name: 'Live instances' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Kubernetes' })).toHaveTextContent(
      'KubernetesNot in KubernetesNot running in Kubernetes',
    );
  });

  it('lists the live instances of a cluster with the leader badge, CPU, memory, connections and heartbeat age', async () => {
    const deployment: AutoScalingStatus['deployment'] = {
      mode: 'cluster',
      detail:
        '2 live instances sharing PostgreSQL and Redis; an instance is live while its heartbeat is under 15 s old.',
      store: 'postgresql',
      bus: 'redis',
      leader_id: 'api-b',
      live_within_seconds: 15,
      instances: [
        instance({ id: 'api-a', host: 'pod-a', pid: 7, leader: false, this_instance: true, cpu_percent: 12 }),
        instance({
          id: 'api-b',
          host: 'pod-b',
          pid: 8,
          cpu_percent: 91.24,
          connections: 14,
          heartbeat_age_seconds: 4.2,
        }),
      ],
    };
    render({ replies: { [STATUS]: ok(status({ deployment })) } });
    const table = await screen.findByRole('table', { name: 'Live instances' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'InstanceRoleCPUMemoryConnectionsLast heartbeat',
      'pod-a · 7this oneFollower12.0%210 MB52 s ago',
      'pod-b · 8Leader91.2%210 MB144 s ago',
    ]);
    expect(screen.getByRole('region', { name: 'Instances' })).toHaveTextContent('2 live · leader elected');
    // Phones get the same figures as a list instead of a table that scrolls sideways (hidden here: no media query).
    const list = screen.getByLabelText('Live instances', { selector: 'ul' });
    const phone = within(list).getAllByRole('listitem', { hidden: true });
    expect(phone.map((item) => item.textContent)).toEqual([
      'pod-a · 7this one210 MB · 5 connections · 2 s agoFollower 12.0%',
      'pod-b · 8210 MB · 14 connections · 4 s agoLeader 91.2%',
    ]);
  });

  it('warns when no live instance leads', async () => {
    const deployment: AutoScalingStatus['deployment'] = {
      mode: 'cluster',
      detail: '1 live instance sharing PostgreSQL and Redis.',
      store: 'postgresql',
      bus: 'redis',
      leader_id: null,
      live_within_seconds: 15,
      instances: [instance({ leader: false, this_instance: true })],
    };
    render({ replies: { [STATUS]: ok(status({ deployment })) } });
    expect(await screen.findByText('1 live · no leader')).toBeInTheDocument();
  });

  it("shows the HPA's current and desired replicas and bounds when running in Kubernetes", async () => {
    const kubernetes: AutoScalingStatus['kubernetes'] = {
      state: 'read',
      detail: 'HorizontalPodAutoscaler trading-dashboard in namespace trading.',
      namespace: 'trading',
      hpa: 'trading-dashboard',
      current_replicas: 1,
      desired_replicas: 2,
      min_replicas: 1,
      max_replicas: 2,
      current_cpu_percent: 91,
      target_cpu_percent: 85,
      read_at: '2026-01-05T04:00:00.000Z',
    };
    render({ replies: { [STATUS]: ok(status({ kubernetes })) } });
    const card = await screen.findByRole('region', { name: 'Kubernetes' });
    expect(card).toHaveTextContent('Scaling');
    expect(within(card).getByLabelText('Kubernetes autoscaler')).toHaveTextContent(
      'Replicas1 now · 2 desiredBoundsmin 1 · max 2CPU91% of target 85%Read at09:30',
    );
  });

  it('says why the HPA could not be read', async () => {
    const kubernetes: AutoScalingStatus['kubernetes'] = {
      state: 'unreadable',
      detail: 'Could not read HPA trading-dashboard: the service account may not read it (403).',
      namespace: 'trading',
      hpa: 'trading-dashboard',
    };
    render({ replies: { [STATUS]: ok(status({ kubernetes })) } });
    const card = await screen.findByRole('region', { name: 'Kubernetes' });
    expect(card).toHaveTextContent('HPA unreadable');
    expect(within(card).getByRole('alert')).toHaveTextContent('may not read it (403)');
  });

  it('says Issues when the API is unhealthy', async () => {
    render({ replies: { [STATUS]: ok(status({ api_healthy: false, status: 'degraded' })) } });
    expect(await screen.findByText('Issues')).toBeInTheDocument();
  });

  it('says Failed to fetch scaling status with a Retry that loads it', async () => {
    let calls = 0;
    const view = render({
      replies: {
        [STATUS]: () => {
          calls += 1;
          return calls === 1 ? NETWORK_DOWN : ok(status());
        },
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch scaling status');
    await view.user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('local process')).toBeInTheDocument();
  });
});

describe('gauge colours and latency labels (spec part 2 §9)', () => {
  it('colours red above 85, yellow above 60, else green', () => {
    expect([gaugeTone(85.1), gaugeTone(85), gaugeTone(60.1), gaugeTone(60)]).toEqual([
      'negative',
      'warning',
      'warning',
      'positive',
    ]);
  });

  it('labels latency Excellent under 100 ms, Good under 300, else Needs attention', () => {
    expect([99, 100, 299, 300].map((ms) => latencyLabel(ms).label)).toEqual([
      'Excellent',
      'Good',
      'Good',
      'Needs attention',
    ]);
  });
});
