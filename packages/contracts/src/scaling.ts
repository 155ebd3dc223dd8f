import { z } from 'zod';
import { circuitBreakerSchema } from './safety';

/** spec part 2 §3 "Phase definition", with the state the phase engine gives each card (decision 0020). */
export const scalingPhaseSchema = z.object({
  phase: z.number().int().min(1).max(5),
  name: z.string(),
  capitalRangeText: z.string(),
  minCapital: z.number(),
  maxCapital: z.number().nullable(),
  limits: z.object({
    maxPositionPercent: z.number(),
    maxDailyLossPercent: z.number(),
    minMLConfidence: z.number(),
    emergencyStopLossPercent: z.number(),
  }),
  requirements: z.object({ successRate: z.number(), profitTarget: z.number(), minDays: z.number().int() }),
  description: z.string(),
  state: z.enum(['active', 'completed', 'locked']),
});
export type ScalingPhase = z.infer<typeof scalingPhaseSchema>;

/** One entry of the persisted phase history: the start, a promotion or a demotion. */
export const phaseChangeSchema = z.object({
  phase: z.number().int().min(1).max(5),
  fromPhase: z.number().int().min(1).max(5).nullable(),
  kind: z.enum(['start', 'promotion', 'demotion']),
  reason: z.string(),
  at: z.string(),
  capital: z.number(),
});
export type PhaseChange = z.infer<typeof phaseChangeSchema>;

/** A circuit breaker as the safety engine last measured it (read-only). */
export const breakerStateSchema = z.object({
  breaker: circuitBreakerSchema,
  label: z.string(),
  /** The measured figure, percent; null until there is enough data. */
  value: z.number().nullable(),
  tripped: z.boolean(),
  detail: z.string(),
});
export type BreakerState = z.infer<typeof breakerStateSchema>;

/** spec part 2 §3 "Scaling status" plus the figures behind it. Money in rupees, rates in percent. */
export const scalingStatusSchema = z.object({
  currentPhase: z.number().int().min(1).max(5),
  capital: z.number(),
  successRate: z.number(),
  daysInPhase: z.number().int().min(0),
  status: z.enum(['active', 'halted']),
  account: z.enum(['paper', 'live']),
  /** The phase the capital alone falls in; above currentPhase while the requirements are unmet. */
  capitalPhase: z.number().int().min(1).max(5),
  closedTrades: z.number().int().min(0),
  winningTrades: z.number().int().min(0),
  /** Realised profit of the trades closed in the phase, against the equity at the phase's start. */
  phaseProfit: z.number(),
  phaseProfitPercent: z.number(),
  /** Equity change since the phase started, net of deposits; the emergency stop loss reads it. */
  phaseChangePercent: z.number(),
  phaseStartedAt: z.string(),
  /** One sentence: what the engine will do next and why. */
  outlook: z.string(),
  phases: z.array(scalingPhaseSchema),
  history: z.array(phaseChangeSchema),
  safety: z.object({
    halted: z.boolean(),
    haltReason: z.string().nullable(),
    /** False while the market is closed or the feed is stale: the breakers are not being measured. */
    measuring: z.boolean(),
    breakers: z.array(breakerStateSchema),
  }),
});
export type ScalingStatus = z.infer<typeof scalingStatusSchema>;

/** spec part 2 §3: shown only when the call fails, and marked as such. */
export const SCALING_STATUS_FALLBACK = {
  currentPhase: 1,
  capital: 25_000,
  successRate: 0,
  daysInPhase: 0,
  status: 'ready',
} as const;
