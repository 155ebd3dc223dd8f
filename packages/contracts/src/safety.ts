import { z } from 'zod';
import { CIRCUIT_BREAKERS, HALT_SOURCES } from './halt-reply';
import { hasAtMostDecimals } from './numeric-input';

/**
 * Trading safety: the Emergency Stop / circuit-breaker halt, the risk limits checked before every
 * order, the alerts raised from real conditions, the simulator's market scenarios and the alert
 * e-mails' settings (spec part 1 §3 "Risk alert" / "Risk limits", §7; spec part 2 §9 "Safety").
 */

const isoTime = z.string();

export const haltSourceSchema = z.enum(HALT_SOURCES);
export type HaltSource = z.infer<typeof haltSourceSchema>;

export const circuitBreakerSchema = z.enum(CIRCUIT_BREAKERS);
export type CircuitBreaker = z.infer<typeof circuitBreakerSchema>;

/** Whether trading is halted, and by whom, when and why; the last halt stays described after a resume. */
export const haltStateSchema = z.object({
  halted: z.boolean(),
  reason: z.string().nullable(),
  source: haltSourceSchema.nullable(),
  /** The circuit breaker that tripped, when source is 'circuit_breaker'. */
  breaker: circuitBreakerSchema.nullable(),
  /** The session's e-mail for a manual stop; 'circuit breaker' for a trip. */
  by: z.string().nullable(),
  at: isoTime.nullable(),
  cancelled_orders: z.number().int(),
  /** Orders the halt tried to cancel that had already filled at Upstox. */
  filled_orders: z.number().int().default(0),
  /** Live orders sent to Upstox whose cancel the halt is still chasing. */
  chasing_orders: z.number().int().default(0),
  closed_positions: z.number().int(),
  resumed_at: isoTime.nullable(),
  /** Who resumed, and why (optional sentence). */
  resumed_by: z.string().nullable().default(null),
  resume_reason: z.string().nullable().default(null),
  /** The sentence every refused order carries while halted; null when trading. */
  refusal: z.string().nullable().default(null),
});
export type HaltState = z.infer<typeof haltStateSchema>;

/** The halt state while trading runs: no halt recorded, nothing cancelled or closed. */
export const TRADING_NOT_HALTED: HaltState = Object.freeze({
  halted: false,
  reason: null,
  source: null,
  breaker: null,
  by: null,
  at: null,
  cancelled_orders: 0,
  filled_orders: 0,
  chasing_orders: 0,
  closed_positions: 0,
  resumed_at: null,
  resumed_by: null,
  resume_reason: null,
  refusal: null,
});

export const emergencyStopRequestSchema = z.object({
  reason: z
    .string({ error: 'Say why you are stopping trading (a reason of 1 to 500 characters).' })
    .trim()
    .min(1, 'Say why you are stopping trading (a reason of 1 to 500 characters).')
    .max(500, 'Keep the reason under 500 characters.'),
  close_positions: z.boolean({ error: 'close_positions must be true or false.' }),
});
export type EmergencyStopRequest = z.infer<typeof emergencyStopRequestSchema>;

export const resumeRequestSchema = z
  .object({
    reason: z.string().trim().max(500, 'Keep the reason under 500 characters.').optional(),
  })
  .default({});
export type ResumeRequest = z.infer<typeof resumeRequestSchema>;

// ---- Risk limits (spec part 1 §3). Every limit is a percent of the account's capital (3 means 3 %). ----

// In steps of 0.001 %, so the smallest limit is 0.001 %: 5e-324 is "above 0" but is a limit of nothing.
const percent = (name: string) =>
  z
    .number({ error: `${name} must be a number (percent of capital).` })
    .finite(`${name} must be a number (percent of capital).`)
    .gt(0, `${name} must be above 0 %.`)
    .max(100, `${name} cannot be above 100 %.`)
    .refine((value) => hasAtMostDecimals(value, 3), `${name} goes in steps of 0.001 %, so 0.001 % at least.`);

export const positionLimitsSchema = z.object({
  /** Largest single BUY order, percent of capital. */
  max_position_size: percent('max_position_size'),
  /** Largest holding in one stock after a buy, percent of equity. */
  max_single_stock: percent('max_single_stock'),
  /** Largest holding in one sector after a buy, percent of equity. */
  max_sector_exposure: percent('max_sector_exposure'),
  /** Fewest distinct holdings before the portfolio counts as concentrated (a warning, never a refusal). */
  min_diversification: z
    .number({ error: 'min_diversification must be a whole number of positions.' })
    .int('min_diversification must be a whole number of positions.')
    .min(1, 'min_diversification must be at least 1 position.')
    .max(50, 'min_diversification cannot be above 50 positions.'),
});
export type PositionLimits = z.infer<typeof positionLimitsSchema>;

export const lossLimitsSchema = z.object({
  /** Today's loss (realised + unrealised) against the day's opening equity, percent of capital. */
  daily_loss_limit: percent('daily_loss_limit'),
  /** Loss since Monday's opening, percent of capital. */
  weekly_loss_limit: percent('weekly_loss_limit'),
  /** Loss since the month's first opening, percent of capital. */
  monthly_loss_limit: percent('monthly_loss_limit'),
  /** Fall from the highest equity of the last 30 days, percent of that peak. */
  max_drawdown_limit: percent('max_drawdown_limit'),
});
export type LossLimits = z.infer<typeof lossLimitsSchema>;

/** POST /api/risk/limits: the editable parts, whole. Contradictions are refused with 422. */
export const riskLimitsUpdateSchema = z.object({
  position_limits: positionLimitsSchema,
  loss_limits: lossLimitsSchema,
});
export type RiskLimitsUpdate = z.infer<typeof riskLimitsUpdateSchema>;

export const riskLevelSchema = z.enum(['low', 'medium', 'high']);

export const riskLimitsSchema = z.object({
  /** Always 'percent_of_capital' (drawdown: percent of the 30-day peak). */
  unit: z.literal('percent_of_capital'),
  /** The base the percentages apply to, ₹: the money put into the account. */
  capital: z.number(),
  equity: z.number(),
  position_limits: positionLimitsSchema,
  loss_limits: lossLimitsSchema,
  /** Each limit in rupees at today's capital (drawdown: of the 30-day peak). */
  limits_in_rupees: z.object({
    max_position_size: z.number(),
    max_single_stock: z.number(),
    max_sector_exposure: z.number(),
    daily_loss_limit: z.number(),
    weekly_loss_limit: z.number(),
    monthly_loss_limit: z.number(),
    max_drawdown_limit: z.number(),
  }),
  /** Where the account stands against each limit right now, percent (losses as positive numbers). */
  usage: z.object({
    daily_loss: z.number(),
    weekly_loss: z.number(),
    monthly_loss: z.number(),
    drawdown: z.number(),
    largest_stock: z.object({ symbol: z.string().nullable(), percent: z.number() }),
    largest_sector: z.object({ sector: z.string().nullable(), percent: z.number() }),
    positions_count: z.number().int(),
  }),
  ml_recommendations: z.object({
    current_risk_score: z.number().nullable(),
    risk_level: riskLevelSchema.nullable(),
    recommended_cash_allocation: z.number().nullable(),
    market_regime: z.string(),
    suggested_position_sizing: z.number().nullable(),
    next_review_date: isoTime,
    /** Which inputs the figures rest on (the ML service does not score risk yet). */
    basis: z.string(),
  }),
  current_status: z.object({
    portfolio_health: z.enum(['good', 'warning', 'critical']),
    warnings: z.array(z.string()),
  }),
  defaults: riskLimitsUpdateSchema,
});
export type RiskLimits = z.infer<typeof riskLimitsSchema>;

// ---- Alerts (spec part 1 §3 "Risk alert") ----

export const riskAlertKindSchema = z.enum([
  'limit_near',
  'limit_breached',
  'concentration',
  'drawdown',
  'feed_stale',
  'feed_dead',
  'token_expiring',
  'circuit_breaker',
  'halt',
  'daily_loss',
]);
export type RiskAlertKind = z.infer<typeof riskAlertKindSchema>;

export const riskAlertSchema = z.object({
  id: z.string(),
  kind: riskAlertKindSchema,
  /** What the alert is about (a limit's name, a symbol, a breaker); one open alert per kind + subject. */
  subject: z.string(),
  severity: z.enum(['high', 'medium', 'low']),
  message: z.string(),
  timestamp: isoTime,
  action_required: z.boolean(),
  suggested_action: z.string(),
  acknowledged_at: isoTime.nullable(),
  /** Set once the condition is no longer true. */
  resolved_at: isoTime.nullable(),
});
export type RiskAlert = z.infer<typeof riskAlertSchema>;

export const alertIdParamsSchema = z.object({
  id: z.string().regex(/^[0-9]{1,12}$/, 'An alert id is a number, as GET /api/risk/alerts lists it.'),
});

// ---- Simulator scenarios (mock mode only) ----

export const marketScenarioSchema = z.enum(['crash', 'rally', 'volatility_spike', 'feed_outage']);
export type MarketScenario = z.infer<typeof marketScenarioSchema>;

export const scenarioRequestSchema = z.object({
  scenario: marketScenarioSchema,
  minutes: z
    .number({ error: 'minutes must be a whole number from 1 to 60.' })
    .int('minutes must be a whole number from 1 to 60.')
    .min(1, 'minutes must be a whole number from 1 to 60.')
    .max(60, 'minutes must be a whole number from 1 to 60.')
    .optional(),
});
export type ScenarioRequest = z.infer<typeof scenarioRequestSchema>;

export const scenarioStateSchema = z.object({
  scenario: marketScenarioSchema.nullable(),
  description: z.string().nullable(),
  started_at: isoTime.nullable(),
  ends_at: isoTime.nullable(),
});
export type ScenarioState = z.infer<typeof scenarioStateSchema>;

// ---- Notification settings (the alert e-mails) ----

export const notificationSettingsSchema = z.object({
  email: z.email('Enter a valid e-mail address, or null for the signed-in e-mail.').max(254).nullable(),
  breaker_trip: z.boolean(),
  daily_loss: z.boolean(),
  ml_confidence: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

// ---- Stream: topic `safety` ----

// The topic's name lives in a zod-free module: the shell subscribes before zod has arrived (0046).
export { SAFETY_STREAM_TOPIC } from './safety-stream-topic';
/** What the `safety` topic carries: the halt state on every change, and each new alert. */
export type SafetyStreamMessage = { kind: 'halt'; halt: HaltState } | { kind: 'alert'; alert: RiskAlert };
