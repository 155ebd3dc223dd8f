import { z } from 'zod';
import { hasAtMostDecimals, numeric } from './numeric-input';

/** spec part 1 §3 "Allocation settings": how much of capital the loop may invest in a day. */
export const allocationStrategySchema = z.enum(['conservative', 'moderate', 'aggressive', 'ai_optimized'], {
  error: 'allocation_strategy must be conservative, moderate, aggressive or ai_optimized',
});
export type AllocationStrategyId = z.infer<typeof allocationStrategySchema>;

/** spec part 1 §9 "Allocation strategies": percent of capital a day (ai_optimized is computed). */
export const ALLOCATION_STRATEGY_PERCENT = { conservative: 1.5, moderate: 2.5, aggressive: 4.0 } as const;
/** spec part 1 §5: the manual percent input's own bounds and step. */
export const MANUAL_ALLOCATION_PCT = { min: 0.5, max: 6.0, step: 0.1 } as const;
/** spec part 1 §2: the limits panel's text (kept beside the input's bounds, as the spec says). */
export const ALLOCATION_LIMITS_PANEL = { default: 2.5, minimum: 1.0, maximum: 4.0 } as const;
/** spec part 1 §5: daily amount in rupees, at least ₹1,000, in steps of ₹1,000. */
export const DAILY_AMOUNT_RULES = { min: 1000, step: 1000 } as const;
/** spec part 1 §5/§9: the daily risk budget choices, percent of capital. */
export const DAILY_RISK_BUDGET_OPTIONS = [0.5, 1, 1.5, 2, 2.5] as const;
/** spec part 1 §9 "Allocation defaults". */
export const ALLOCATION_DEFAULTS = {
  allocation_strategy: 'moderate',
  ai_enabled: true,
  daily_risk_budget: 1.5,
  /** The AI percent shown when no recommendation can be computed (spec: fallback AI percentage). */
  fallback_ai_pct: 4.2,
  /** docs/decisions/0015: an entry whose round trip costs more than this percent of its value is refused. */
  max_round_trip_charges_pct: 0.5,
} as const;
/** Most rupees any capital figure may be: ₹1,000 crore. */
const MAX_RUPEES = 10_000_000_000;

const manualPct = numeric(
  z
    .number({ error: 'manual_allocation_pct must be a number of percent, such as 2.5' })
    .finite('manual_allocation_pct must be a number of percent, such as 2.5')
    .min(MANUAL_ALLOCATION_PCT.min, 'manual_allocation_pct must be at least 0.5 %')
    .max(MANUAL_ALLOCATION_PCT.max, 'manual_allocation_pct must be at most 6.0 %')
    .refine(
      (value) => hasAtMostDecimals(value, 1),
      'manual_allocation_pct goes in steps of 0.1 %, such as 2.3',
    ),
);

const dailyAmount = numeric(
  z
    .number({ error: 'daily_amount must be a number of rupees, such as 25000' })
    .finite('daily_amount must be a number of rupees, such as 25000')
    .min(DAILY_AMOUNT_RULES.min, 'daily_amount must be at least ₹1,000')
    .max(MAX_RUPEES, 'daily_amount is at most ₹10,00,00,00,000')
    .refine(
      (value) => Number.isInteger(value) && value % DAILY_AMOUNT_RULES.step === 0,
      'daily_amount goes in steps of ₹1,000, such as 25000',
    ),
);

const wholeRupees = (name: string) =>
  numeric(
    z
      .number({ error: `${name} must be a whole number of rupees` })
      .finite(`${name} must be a whole number of rupees`)
      .int(`${name} must be a whole number of rupees, without paise`)
      .min(0, `${name} cannot be negative`)
      .max(MAX_RUPEES, `${name} is at most ₹10,00,00,00,000`),
  );

const riskBudget = numeric(
  z
    .number({ error: 'daily_risk_budget must be one of 0.5, 1, 1.5, 2 or 2.5 (percent)' })
    .refine(
      (value) => (DAILY_RISK_BUDGET_OPTIONS as readonly number[]).includes(value),
      'daily_risk_budget must be one of 0.5, 1, 1.5, 2 or 2.5 (percent)',
    ),
);

const chargesCap = numeric(
  z
    .number({ error: 'max_round_trip_charges_pct must be a number of percent, such as 0.5' })
    .finite('max_round_trip_charges_pct must be a number of percent, such as 0.5')
    .min(
      0.25,
      'max_round_trip_charges_pct must be at least 0.25 %: STT and stamp duty alone are about 0.22 %',
    )
    .max(2, 'max_round_trip_charges_pct is at most 2 %')
    .refine(
      (value) => hasAtMostDecimals(value, 2),
      'max_round_trip_charges_pct has at most 2 decimal places',
    ),
);

/** Where the day's budget comes from: the strongest override the trader set wins. */
export const budgetSourceSchema = z.enum(['daily_amount', 'manual_pct', 'strategy', 'ai']);
export type BudgetSource = z.infer<typeof budgetSourceSchema>;

/**
 * spec part 1 §3 "Allocation settings", as GET /api/allocation/settings returns it; rupees.
 * manual_allocation_pct and daily_amount are overrides: null follows the strategy. total_capital is
 * the capital the percents apply to (the account's equity unless the trader set a smaller figure).
 * portfolio_value and available_cash are the account's own figures, never the client's.
 */
export const allocationSettingsSchema = z.object({
  allocation_strategy: allocationStrategySchema,
  ai_enabled: z.boolean(),
  manual_allocation_pct: z.number().nullable(),
  daily_amount: z.number().nullable(),
  daily_risk_budget: z.number(),
  total_capital: z.number().int(),
  portfolio_value: z.number().int(),
  available_cash: z.number().int(),
  /** An entry whose round-trip charges exceed this percent of its value is refused (default 0.5). */
  max_round_trip_charges_pct: z.number(),
  /** What the loop invests today under these settings, and why. Read-only. */
  effective: z.object({
    daily_amount: z.number(),
    allocation_pct: z.number(),
    source: budgetSourceSchema,
    /** The most the day's new positions may lose at their stop-losses: capital × daily_risk_budget. */
    max_daily_risk: z.number(),
    /** The capital the percents applied to: total_capital capped by the account's equity. */
    capital: z.number().int(),
    /**
     * The smallest entry whose round-trip charges fit max_round_trip_charges_pct, rupees; null when
     * none can. A daily amount below it buys nothing (the loop's journal says so).
     */
    min_entry_value: z.number().nullable().optional(),
  }),
  /** The account the figures come from (the trading mode's). */
  account: z.enum(['paper', 'live']),
});
export type AllocationSettings = z.infer<typeof allocationSettingsSchema>;

/**
 * POST /api/allocation/save: the full settings object (spec part 1 §7). portfolio_value and
 * available_cash are accepted so the screen can post what it read, checked as integers and not
 * stored: they are the account's. A total_capital above the account's equity is refused (422).
 */
export const allocationSaveRequestSchema = z
  .object({
    allocation_strategy: allocationStrategySchema,
    ai_enabled: z.boolean({ error: 'ai_enabled must be true or false' }),
    manual_allocation_pct: manualPct.nullable().default(null),
    daily_amount: dailyAmount.nullable().default(null),
    daily_risk_budget: riskBudget,
    total_capital: wholeRupees('total_capital').optional(),
    portfolio_value: wholeRupees('portfolio_value').optional(),
    available_cash: wholeRupees('available_cash').optional(),
    /** Omitted: the saved value is kept. */
    max_round_trip_charges_pct: chargesCap.optional(),
  })
  .refine((body) => body.allocation_strategy !== 'ai_optimized' || body.ai_enabled, {
    message: 'ai_optimized needs AI allocation turned on: set ai_enabled to true or choose another strategy',
    path: ['ai_enabled'],
  });
export type AllocationSaveRequest = z.input<typeof allocationSaveRequestSchema>;

export const allocationSaveResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: allocationSettingsSchema,
});
export type AllocationSaveResponse = z.infer<typeof allocationSaveResponseSchema>;

/** spec part 1 §3 "Daily amount response": today's amount and what each strategy would give. */
export const dailyAmountResponseSchema = z.object({
  daily_amount: z.number(),
  all_strategies: z.record(
    allocationStrategySchema,
    z.object({ percentage: z.number(), amount: z.number() }),
  ),
  source: budgetSourceSchema,
});
export type DailyAmountResponse = z.infer<typeof dailyAmountResponseSchema>;

/** POST /api/allocation/daily-amount: sent on blur of the daily amount input; null clears it. */
export const dailyAmountRequestSchema = z.object({ daily_amount: dailyAmount.nullable() });
export type DailyAmountRequest = z.input<typeof dailyAmountRequestSchema>;

/** spec part 1 §3 "AI allocation recommendation"; every reasoning line cites its figure. */
export const aiRecommendationSchema = z.object({
  allocation_amount: z.number(),
  allocation_pct: z.number(),
  /** 0..1 */
  confidence: z.number(),
  risk_assessment: z.enum(['low', 'medium', 'high']),
  reasoning: z.array(z.string()),
  /** BUY signals at or above the current phase's minimum confidence. */
  expected_opportunities: z.number().int(),
  /** True when nothing could be measured and the spec's fallback percentage is shown. */
  fallback: z.boolean(),
});
export type AiRecommendation = z.infer<typeof aiRecommendationSchema>;
