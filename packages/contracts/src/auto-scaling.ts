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
});
export type AutoScalingStatus = z.infer<typeof autoScalingStatusSchema>;
