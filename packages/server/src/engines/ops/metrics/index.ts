import os from 'node:os';
import { type AutoScalingStatus, SCALING_RULES } from '@td/contracts';
import type { UpstoxAccount } from '../../broker/upstox-account';
import type { MarketDataService } from '../../market/market-data-service';
import { LatencyRecorder } from './latency-recorder';
import { type ResourceSample, ResourceSampler } from './resource-sampler';
import { evaluateScalingRules } from './scaling-rules';

export { LatencyRecorder, recordRequestLatency } from './latency-recorder';
export { evaluateScalingRules } from './scaling-rules';

/** What the measurements alone do not know: how many instances run and what scales them. */
export interface ScalingContext {
  instances: number;
  actuator: string;
  /** 'local process' or 'Kubernetes pod'. */
  kind: string;
  awsDetail: string;
}

/** One process started by hand on this machine: nothing starts a second one. */
export const SINGLE_PROCESS: ScalingContext = {
  instances: 1,
  actuator:
    'None on this machine: the decision is shown, not applied. In Kubernetes the HorizontalPodAutoscaler of deploy/k8s applies the same rules.',
  kind: 'local process',
  awsDetail: 'Not running on AWS: this API is a local process on this machine.',
};

/** The measured part of the status; the deployment and Kubernetes parts come from ops/cluster. */
export type MeasuredStatus = Omit<AutoScalingStatus, 'deployment' | 'kubernetes'>;
/** The window reaches past the longest rule (15 min) so a held condition can be seen to complete. */
const WINDOW_MS = (SCALING_RULES.scaleUpForMinutes + 5) * 60_000;
/** Latency above this p95 marks the API as having issues. */
const UNHEALTHY_P95_MS = 1000;

export interface InfraMetricsDeps {
  market: MarketDataService;
  upstoxAccount: UpstoxAccount;
  now: () => number;
  /** How often the process and machine are sampled; 5 s by default. */
  sampleIntervalMs?: number;
}

interface TimedSample extends ResourceSample {
  at: number;
}

export interface InfraMetrics {
  latency: LatencyRecorder;
  start(): void;
  stop(): void;
  /** Takes a sample now (also what the timer does). */
  sampleNow(): void;
  status(context?: ScalingContext): MeasuredStatus;
}

/** spec part 2 §2.7: the auto-scaling monitor's measurements, sampled into a rolling window. */
export function createInfraMetrics(deps: InfraMetricsDeps): InfraMetrics {
  const interval = deps.sampleIntervalMs ?? 5000;
  const latency = new LatencyRecorder();
  const window: TimedSample[] = [];
  // Made now, so the first sample covers the time since the engine was built, not a few microseconds.
  let sampler: ResourceSampler | null = new ResourceSampler();
  let timer: ReturnType<typeof setInterval> | null = null;

  const sampleNow = () => {
    sampler ??= new ResourceSampler();
    const at = deps.now();
    window.push({ at, ...sampler.sample() });
    while (window.length > 0 && window[0]!.at < at - WINDOW_MS) window.shift();
  };

  const upstoxStatus = (): AutoScalingStatus['upstox_status'] => {
    const feed = deps.market.health('upstox');
    const problem = deps.upstoxAccount.problem();
    return {
      status: feed?.connected ? 'connected' : (feed?.status ?? (problem ? 'not connected' : 'idle')),
      mode: feed?.mode ?? 'none',
      accessible: problem === null,
      detail: feed?.connected ? feed.message : (problem ?? feed?.message ?? 'Upstox feed not in use.'),
    };
  };

  const status = (context: ScalingContext = SINGLE_PROCESS): MeasuredStatus => {
    if (window.length === 0) sampleNow();
    const latest = window.at(-1)!;
    const requests = latency.summary();
    const now = deps.now();
    const feed = deps.market.activeProvider.health();
    const slow = requests.p95 !== null && requests.p95 > UNHEALTHY_P95_MS;
    const apiHealthy = feed.connected && !slow;
    const decision = evaluateScalingRules(
      window.map((sample) => ({ at: sample.at, cpu: sample.cpuProcess })),
      context.instances,
    );
    return {
      instance_state: 'running',
      instance_type: `${context.kind}, ${os.cpus().length} vCPU`,
      market_status: deps.market.clock.describe(now),
      market_open: deps.market.clock.isOpen(now),
      api_healthy: apiHealthy,
      api_health_detail: !feed.connected
        ? `Market data feed not connected: ${feed.message}`
        : slow
          ? `Requests are slow: p95 ${requests.p95} ms.`
          : `Serving requests; ${feed.source} feed connected.`,
      metrics: {
        cpu: latest.cpuProcess,
        cpu_machine: latest.cpuMachine,
        memory: latest.memoryPercent,
        memory_process_mb: latest.rssMb,
        latency: requests.p50,
        latency_p95: requests.p95,
        requests_measured: requests.count,
        event_loop_delay_ms: latest.eventLoopDelayMs,
        event_loop_delay_p99_ms: latest.eventLoopDelayP99Ms,
      },
      upstox_status: upstoxStatus(),
      aws_connected: false,
      aws_detail: context.awsDetail,
      status: apiHealthy ? 'running' : 'degraded',
      last_update: new Date(latest.at).toISOString(),
      scaling: {
        ...decision,
        max_instances: SCALING_RULES.maxInstances,
        actuator: context.actuator,
        sample_interval_seconds: interval / 1000,
        window_seconds: window.length > 1 ? Math.round((latest.at - window[0]!.at) / 1000) : 0,
        samples: window.length,
      },
      cpu_history: window.slice(-120).map((sample) => ({
        at: new Date(sample.at).toISOString(),
        cpu: sample.cpuProcess,
        cpu_machine: sample.cpuMachine,
      })),
    };
  };

  return {
    latency,
    sampleNow,
    status,
    start() {
      if (timer) return;
      timer = setInterval(sampleNow, interval);
      timer.unref?.();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
      sampler?.stop();
      sampler = null;
    },
  };
}
