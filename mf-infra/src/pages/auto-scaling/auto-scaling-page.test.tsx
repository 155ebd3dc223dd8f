import type { AutoScalingStatus } from '@td/contracts';
import { NETWORK_DOWN, renderRemote, reply } from '@td/platform/test-support';
import { screen, within } from '@testing-library/react';
import { AutoScalingPage } from './auto-scaling-page';
import { gaugeTone, latencyLabel } from './resource-gauge';

const STATUS = 'GET /api/auto-scaling/status';
const ok = (data: unknown) => reply(200, { success: true, data });

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
