import { z } from 'zod';
import { DEFAULT_PAPER_LIMITS, type PaperLimits } from '../../../core/orders';

const rupees = z.number().finite().nonnegative();

/** spec part 2 §3 "Paper limits" and §5: exposure is a fraction 0..1, nothing is negative. */
export const paperLimitsSchema = z.object({
  max_position_size: rupees,
  max_daily_loss: rupees,
  max_portfolio_exposure: z.number().min(0).max(1),
  max_positions_count: z.number().int().nonnegative(),
  min_balance_threshold: rupees,
  brokerage_plan: z.enum(['flat', 'discount']),
  brokerage_per_trade: rupees,
  stt_rate: z.number().min(0).max(1),
  transaction_charges: z.number().min(0).max(100),
}) satisfies z.ZodType<PaperLimits>;

/** Stored limits over the defaults, so a field added later still has a value for old rows. */
export function limitsFromJson(json: string | undefined): PaperLimits {
  if (json === undefined) return { ...DEFAULT_PAPER_LIMITS };
  return paperLimitsSchema.parse({ ...DEFAULT_PAPER_LIMITS, ...(JSON.parse(json) as Partial<PaperLimits>) });
}
