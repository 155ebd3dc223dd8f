import os from 'node:os';
import { type AutoScalingStatus, SCALING_RULES } from '@td/contracts';
import type { UpstoxAccount } from '../../broker/upstox-account';
import type { MarketDataService } from '../../market/market-data-service';
import { LatencyRecorder } from './latency-recorder';
import { type ResourceSample, ResourceSampler } from './resource-sampler';
import { evaluateScalingRules } from './scaling-rules';

export { LatencyRecorder, recordRequestLatency } from './latency-recorder';
export { evaluateScalingRules } from './scaling-rules';

/** This process is the only instance: nothing here starts a second one (see ACTUATOR). */
const LOCAL_INSTANCES = 1;
const ACTUATOR =
  'None on this machine: the decision is shown, not applied. In production the Kubernetes HorizontalPodAutoscaler manifests (a later issue) apply the same rules.';
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
  status(): AutoScalingStatus;
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

  const status = (): AutoScalingStatus => {
    if (window.length === 0) sampleNow();
    const latest = window.at(-1)!;
    const requests = latency.summary();
    const now = deps.now();
    const feed = deps.market.activeProvider.health();
    const slow = requests.p95 !== null && requests.p95 > UNHEALTHY_P95_MS;
    const apiHealthy = feed.connected && !slow;
    const decision = evaluateScalingRules(
      window.map((sample) => ({ at: sample.at, cpu: sample.cpuProcess })),
      LOCAL_INSTANCES,
    );
    return {
      instance_state: 'running',
      instance_type: `local process, ${os.cpus().length} vCPU`,
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
      aws_detail: 'Not running on AWS: this API is a local process on this machine.',
      status: apiHealthy ? 'running' : 'degraded',
      last_update: new Date(latest.at).toISOString(),
      scaling: {
        ...decision,
        max_instances: SCALING_RULES.maxInstances,
        actuator: ACTUATOR,
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
