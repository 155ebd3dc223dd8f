import { z } from 'zod';
import { allocationStrategySchema } from './allocation';
import { BACKTEST_STATUSES, backtestStartRequestSchema } from './backtests';

// The strategy lab's parameter sweep (docs/decisions/0057): each combination fitted on the first part
// of the range and reported on the held-out rest, one sweep at a time beside the backtests.

/** A sweep tries at most this many combinations: each is two backtests in the worker. */
export const SWEEP_MAX_COMBINATIONS = 50;
export const SWEEP_PARAMETERS = [
  'min_confidence',
  'stop_loss_pct',
  'target_pct',
  'max_hold_minutes',
  'allocation_strategy',
] as const;
export type SweepParameter = (typeof SWEEP_PARAMETERS)[number];

/**
 * With ML signals each of a combination's two runs first trains the ensemble (decision 0058): ten
 * combinations are already minutes of the worker.
 */
export const SWEEP_MAX_ML_COMBINATIONS = 10;

const base = backtestStartRequestSchema.shape;

const values = <T extends z.ZodType>(field: SweepParameter, value: T) =>
  z
    .array(value, { error: `grid.${field} must be a list of values` })
    .min(1, `grid.${field} needs at least one value, or leave it out`)
    .max(SWEEP_MAX_COMBINATIONS, `grid.${field} lists at most ${SWEEP_MAX_COMBINATIONS} values`)
    .refine((list) => new Set(list).size === list.length, {
      message: `grid.${field} lists a value twice: each value once`,
    })
    .optional();

/** The values tried for each chosen parameter; a parameter left out keeps the base setting. */
export const sweepGridSchema = z
  .object(
    {
      min_confidence: values('min_confidence', base.min_confidence.unwrap()),
      stop_loss_pct: values('stop_loss_pct', base.stop_loss_pct.unwrap()),
      target_pct: values('target_pct', base.target_pct.unwrap()),
      max_hold_minutes: values('max_hold_minutes', base.max_hold_minutes.unwrap()),
      allocation_strategy: values('allocation_strategy', allocationStrategySchema),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `grid sweeps only ${SWEEP_PARAMETERS.join(', ')}: ${issue.keys.join(', ')} is not one of them`
          : 'grid must give lists of values by parameter, such as {"target_pct": [2, 3]}',
    },
  )
  .strict();
export type SweepGrid = z.infer<typeof sweepGridSchema>;

/** How many combinations a grid makes: the product of its lists' lengths. */
export function sweepCombinationCount(grid: SweepGrid): number {
  return SWEEP_PARAMETERS.reduce((product, field) => product * (grid[field]?.length ?? 1), 1);
}

/** POST /api/backtests/sweeps: a backtest's settings, the grid, and the share of sessions fitted on. */
export const backtestSweepRequestSchema = z
  .object({
    ...base,
    grid: sweepGridSchema,
    in_sample_share: z
      .number({ error: 'in_sample_share must be a number from 0.5 to 0.8, such as 0.7' })
      .min(0.5, 'in_sample_share must be from 0.5 to 0.8: at least half the sessions fit the parameters')
      .max(0.8, 'in_sample_share must be from 0.5 to 0.8: at least a fifth of the sessions is held out')
      .default(0.7),
  })
  .strict()
  .refine(({ from, to }) => from <= to, {
    message: 'from must be on or before to: swap the two dates',
    path: ['to'],
  })
  .refine(({ grid }) => SWEEP_PARAMETERS.some((field) => grid[field] !== undefined), {
    message: `grid names no parameter: give values for at least one of ${SWEEP_PARAMETERS.join(', ')}`,
    path: ['grid'],
  })
  .superRefine(({ grid, signals }, context) => {
    const count = sweepCombinationCount(grid);
    const factors = SWEEP_PARAMETERS.flatMap((field) => grid[field]?.length ?? []).join(' × ');
    if (count > SWEEP_MAX_COMBINATIONS) {
      context.addIssue({
        code: 'custom',
        path: ['grid'],
        message: `The grid makes ${count} combinations (${factors}): a sweep tries at most ${SWEEP_MAX_COMBINATIONS}, so drop some values.`,
      });
    } else if (signals !== 'rules' && count > SWEEP_MAX_ML_COMBINATIONS) {
      context.addIssue({
        code: 'custom',
        path: ['grid'],
        message: `The grid makes ${count} combinations (${factors}): with the ML ensemble each run first trains it on the sessions before its range (about 10 s), so a sweep with ML signals tries at most ${SWEEP_MAX_ML_COMBINATIONS}. Drop some values, or sweep with the rules.`,
      });
    }
  });
export type BacktestSweepRequest = z.infer<typeof backtestSweepRequestSchema>;

// The replies, as engines/backtest/sweep/sweep-view.ts builds them: money in rupees, times ISO.

const rupees = z.number().finite();
const dateRange = z.object({ from: z.string(), to: z.string(), sessions: z.number().int().nonnegative() });

/** One combination's figures: out of sample first, in sample only as what it was fitted on. */
export const sweepCombinationSchema = z.object({
  parameters: z.object({
    min_confidence: z.number().optional(),
    stop_loss_pct: z.number().optional(),
    target_pct: z.number().optional(),
    max_hold_minutes: z.number().optional(),
    allocation_strategy: allocationStrategySchema.optional(),
  }),
  out_of_sample: z.object({
    /** Final equity less capital, charges paid out of it. */
    net_pnl: rupees,
    charges: rupees,
    orders: z.number().int().nonnegative(),
    /** Each held-out session's net P&L, oldest first. */
    session_pnl: z.array(rupees),
    /**
     * Mean per-session net P&L and its interval (Student's t) at the result's `interval_level`,
     * Bonferroni-corrected for the number of combinations; null under two sessions.
     */
    mean_session_pnl: rupees,
    interval: z.tuple([rupees, rupees]).nullable(),
    /** The interval reaches 0, or there are too few sessions to tell: no edge shown. */
    within_noise: z.boolean(),
  }),
  in_sample: z.object({ net_pnl: rupees, charges: rupees, orders: z.number().int().nonnegative() }),
  /**
   * The combination with the best in-sample net P&L: what fitting on the first part would choose.
   * No row is fitted when every combination made the same in-sample P&L (nothing was chosen).
   */
  fitted: z.boolean(),
});
export type SweepCombination = z.infer<typeof sweepCombinationSchema>;

/**
 * A complete sweep: the fitted combination first (its held-out figure is the unbiased one), then the
 * rest by out-of-sample net P&L, best first.
 */
export const sweepResultSchema = z.object({
  in_sample: dateRange,
  out_of_sample: dateRange,
  /** Each row's two-sided interval level, 1 − 0.05/combinations; sweeps stored before it used 0.95. */
  interval_level: z.number().gt(0).lt(1).default(0.95),
  combinations: z.array(sweepCombinationSchema),
});
export type SweepResult = z.infer<typeof sweepResultSchema>;

/** GET /api/backtests/sweeps/:id (with `result`, null unless complete) and each of the list (without). */
export const backtestSweepSchema = z.object({
  id: z.string(),
  status: z.enum(BACKTEST_STATUSES),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  settings: backtestSweepRequestSchema,
  progress: z.object({
    combinations_done: z.number().int().nonnegative(),
    combinations: z.number().int().nonnegative(),
    bars_done: z.number().int().nonnegative(),
    total_bars: z.number().int().nonnegative(),
    percent: z.number().min(0).max(100),
  }),
  result: sweepResultSchema.nullable().optional(),
  error: z.string().nullable(),
});
export type BacktestSweep = z.infer<typeof backtestSweepSchema>;

export const backtestSweepListSchema = z.object({ sweeps: z.array(backtestSweepSchema) });
export type BacktestSweepList = z.infer<typeof backtestSweepListSchema>;
