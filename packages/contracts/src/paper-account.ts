import { z } from 'zod';
import { hasAtMostDecimals, numeric } from './numeric-input';

// The paper account: its limits, balance changes, the checks before an order and its overview.

const money = (name: string, max: number, { positive = false } = {}) => {
  const base = z
    .number({ error: `${name} must be a number` })
    .finite(`${name} must be a number`)
    .min(0, `${name} cannot be negative`)
    .max(max, `${name} is at most ${max.toLocaleString('en-IN')}`);
  return numeric(
    (positive ? base.positive(`${name} must be above 0`) : base).refine(
      (value) => hasAtMostDecimals(value, 2),
      `${name} is rupees with at most 2 decimal places (paise)`,
    ),
  );
};

/** A rate or fraction as a trader types it: the charges maths takes it as an exact decimal. */
const RATE_DECIMALS = 10;
const rateDecimals = (name: string) =>
  [
    (value: number) => hasAtMostDecimals(value, RATE_DECIMALS),
    `${name} can have at most ${RATE_DECIMALS} decimal places`,
  ] as const;
const rate = (name: string, max: number) =>
  numeric(
    z
      .number({ error: `${name} must be a number` })
      .finite(`${name} must be a number`)
      .min(0, `${name} cannot be negative`)
      .max(max, `${name} is at most ${max.toLocaleString('en-IN')}`)
      .refine(...rateDecimals(name)),
  );

/** How brokerage is charged; docs/decisions/0027-intraday-charges.md. */
export const BROKERAGE_PLANS = ['flat', 'discount'] as const;
export type BrokeragePlanContract = (typeof BROKERAGE_PLANS)[number];

/** spec part 2 §3 "Paper limits" with the input rules of §5; money in rupees. */
export const paperLimitsSchema = z.object({
  max_position_size: money('max_position_size', 1e9, { positive: true }),
  max_daily_loss: money('max_daily_loss', 1e9, { positive: true }),
  max_portfolio_exposure: numeric(
    z
      .number({ error: 'max_portfolio_exposure must be a number' })
      .min(0, 'max_portfolio_exposure is a fraction from 0 to 1')
      .max(1, 'max_portfolio_exposure is a fraction from 0 to 1')
      .refine(...rateDecimals('max_portfolio_exposure')),
  ),
  max_positions_count: numeric(
    z
      .number({ error: 'max_positions_count must be a number' })
      .int('max_positions_count must be a whole number')
      .min(1, 'max_positions_count must be at least 1')
      .max(200, 'max_positions_count is at most 200'),
  ),
  min_balance_threshold: money('min_balance_threshold', 1e9),
  /**
   * flat: brokerage_per_trade on every executed order; discount: min(brokerage_per_trade, 0.03 %)
   * intraday and ₹0 delivery. Absent in replies written before it: flat, the spec's ₹20 an order.
   */
  brokerage_plan: z
    .enum(BROKERAGE_PLANS, { error: 'brokerage_plan must be flat or discount' })
    .default('flat'),
  brokerage_per_trade: money('brokerage_per_trade', 10_000),
  stt_rate: rate('stt_rate', 0.05),
  transaction_charges: rate('transaction_charges', 1),
});
export type PaperLimitsContract = z.infer<typeof paperLimitsSchema>;

/**
 * spec part 2 §5: 'Please enter a valid positive balance amount'. At least one paisa and whole paise:
 * 5e-324 is "positive" but would round to ₹0.
 */
export const paperBalanceRequestSchema = z.object({
  balance: numeric(
    z
      .number({ error: 'Please enter a valid positive balance amount' })
      .finite('Please enter a valid positive balance amount')
      .min(0.01, 'Please enter a valid positive balance amount')
      .max(1e11, 'The balance is at most ₹1,00,00,00,00,000')
      .refine(
        (value) => hasAtMostDecimals(value, 2),
        'The balance is rupees with at most 2 decimal places (paise)',
      ),
  ),
});

/** spec part 2 §3: each of the four checks the paper account runs before an order. */
export const limitsStatusSchema = z.object({
  balance_status: z.object({ current: z.number(), threshold: z.number(), safe: z.boolean() }),
  daily_loss_status: z.object({ current_loss: z.number(), limit: z.number(), safe: z.boolean() }),
  positions_status: z.object({ current: z.number(), limit: z.number(), safe: z.boolean() }),
  exposure_status: z.object({
    current_percentage: z.number(),
    limit_percentage: z.number(),
    safe: z.boolean(),
  }),
});
export type LimitsStatus = z.infer<typeof limitsStatusSchema>;

/** spec part 2 §3 "Paper trading overview"; rupees. */
export const paperOverviewSchema = z.object({
  available_balance: z.number(),
  portfolio_value: z.number(),
  total_returns: z.number(),
  total_returns_percent: z.number(),
  active_positions: z.number().int(),
  trades_today: z.number().int(),
  day_change: z.number(),
  limits_status: limitsStatusSchema,
  limits: paperLimitsSchema,
});
export type PaperOverview = z.infer<typeof paperOverviewSchema>;

/** The reply to a balance change: spec part 2 §7 reads success and new_balance. */
export const paperBalanceResponseSchema = z.object({
  success: z.literal(true),
  new_balance: z.number(),
  message: z.string(),
});

export const paperResetResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ balance: z.number(), closed_positions: z.number(), cancelled_orders: z.number() }),
});

export const paperLimitsResponseSchema = z.object({
  success: z.literal(true),
  data: paperLimitsSchema,
  message: z.string(),
});
