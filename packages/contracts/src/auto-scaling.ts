import { z } from 'zod';

/** spec part 2 §9 "Safety and scaling": the infrastructure scaling rules. */
export const SCALING_RULES = {
  scaleUpAbovePercent: 85,
  scaleUpForMinutes: 15,
  scaleDownBelowPercent: 30,
  scaleDownForMinutes: 10,
  maxInstances: 2,
  minInstances: 1,
} as const;

export const scalingDecisionSchema = z.object({
  /** What the rules call for now, given the window of samples. */
  action: z.enum(['scale_up', 'scale_down', 'hold']),
  current_instances: z.number(),
  desired_instances: z.number(),
  reason: z.string(),
  /** How long CPU has stayed above the scale-up threshold, up to the latest sample (0 when it is not). */
  above_for_seconds: z.number(),
  /** How long CPU has stayed below the scale-down threshold, up to the latest sample. */
  below_for_seconds: z.number(),
});
export type ScalingDecision = z.infer<typeof scalingDecisionSchema>;

/** A heartbeat older than this belongs to an instance that is gone (it beats every 5 s). */
export const INSTANCE_LIVE_SECONDS = 15;

/** One API instance as its heartbeat row describes it. */
export const apiInstanceSchema = z.object({
  id: z.string(),
  host: z.string(),
  pid: z.number(),
  started_at: z.string(),
  heartbeat_at: z.string(),
  /** Seconds since its last heartbeat, by the answering instance's clock. */
  heartbeat_age_seconds: z.number(),
  /** Its process's share of one core over the last heartbeat interval, 0–100. */
  cpu_percent: z.number(),
  /** Resident set size. */
  memory_bytes: z.number(),
  /** Open stream sockets plus requests being answered. */
  connections: z.number(),
  leader: z.boolean(),
  /** The instance that answered this request. */
  this_instance: z.boolean(),
});
export type ApiInstance = z.infer<typeof apiInstanceSchema>;

/**
 * How the API runs. `single`: the embedded SQLite store and no Redis, so one instance on this
 * machine. `cluster`: a shared store or bus, so the live instances are listed from their heartbeats.
 */
export const deploymentSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('single'), detail: z.string(), instance: apiInstanceSchema }),
  z.object({
    mode: z.literal('cluster'),
    detail: z.string(),
    store: z.enum(['sqlite', 'postgresql']),
    bus: z.enum(['in-process', 'redis']),
    instances: z.array(apiInstanceSchema),
    leader_id: z.string().nullable(),
    live_within_seconds: z.number(),
  }),
]);
export type Deployment = z.infer<typeof deploymentSchema>;

/** The HorizontalPodAutoscaler, read from the Kubernetes API when the API runs in a pod. */
export const kubernetesStatusSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('absent'), detail: z.string() }),
  z.object({ state: z.literal('unreadable'), detail: z.string(), namespace: z.string(), hpa: z.string() }),
  z.object({
    state: z.literal('read'),
    detail: z.string(),
    namespace: z.string(),
    hpa: z.string(),
    current_replicas: z.number(),
    desired_replicas: z.number(),
    min_replicas: z.number(),
    max_replicas: z.number(),
    /** The pods' average CPU as a share of their request, percent; null before metrics arrive. */
    current_cpu_percent: z.number().nullable(),
    target_cpu_percent: z.number().nullable(),
    read_at: z.string(),
  }),
]);
export type KubernetesStatus = z.infer<typeof kubernetesStatusSchema>;

/** spec part 2 §3 "Infrastructure status", measured from the running API process and its machine. */
export const autoScalingStatusSchema = z.object({
  instance_state: z.enum(['running', 'stopped']),
  instance_type: z.string(),
  market_status: z.string(),
  market_open: z.boolean(),
  api_healthy: z.boolean(),
  api_health_detail: z.string(),
  metrics: z.object({
    /** The scaling CPU: the API process's share of one core, 0–100 (a Node process saturates at one). */
    cpu: z.number(),
    cpu_machine: z.number(),
    /** The machine's memory in use, percent. */
    memory: z.number(),
    memory_process_mb: z.number(),
    /** API latency p50 of the server's own requests in the window, ms; null before any request. */
    latency: z.number().nullable(),
    latency_p95: z.number().nullable(),
    requests_measured: z.number(),
    event_loop_delay_ms: z.number(),
    event_loop_delay_p99_ms: z.number(),
  }),
  upstox_status: z.object({
    status: z.string(),
    mode: z.string(),
    accessible: z.boolean(),
    detail: z.string(),
  }),
  aws_connected: z.boolean(),
  aws_detail: z.string(),
  status: z.string(),
  last_update: z.string().nullable(),
  scaling: scalingDecisionSchema.extend({
    max_instances: z.number(),
    actuator: z.string(),
    sample_interval_seconds: z.number(),
    window_seconds: z.number(),
    samples: z.number(),
  }),
  /** The window's CPU series, oldest first, for the trend line. */
  cpu_history: z.array(z.object({ at: z.string(), cpu: z.number(), cpu_machine: z.number() })),
  deployment: deploymentSchema,
  kubernetes: kubernetesStatusSchema,
});
export type AutoScalingStatus = z.infer<typeof autoScalingStatusSchema>;
