import { z } from 'zod';
import { haltStateSchema } from './safety';
import { tradingModeSchema } from './trading-mode';

/** spec part 1 §3 "Quick stats". */
export const quickStatsSchema = z.object({
  active_positions: z.number().int(),
  win_rate: z.number(),
  /** The closed trades the win rate is measured over (absent from older servers). */
  closed_trades: z.number().int().min(0).optional(),
  monthly_return: z.number(),
  connection_status: z.enum(['connected', 'disconnected']),
  data_source: z.string(),
});
export type QuickStats = z.infer<typeof quickStatsSchema>;

/** One thing the trading loop decided: an order it placed, or why it placed none. */
export const loopDecisionSchema = z.object({
  /** The last run that reached this decision. */
  at: z.string(),
  /** The first run of the fold: a repeated decision is one line, "×12 since 10:02". */
  first_at: z.string(),
  /** The symbol, or '*' for the whole run (market closed, daily loss halt, an error). */
  symbol: z.string(),
  side: z.enum(['BUY', 'SELL']).nullable(),
  quantity: z.number().int().nullable(),
  outcome: z.enum(['filled', 'placed', 'rejected', 'skipped', 'waiting', 'error']),
  reason: z.string(),
  /** Runs that reached this decision (for a hold or skip: this symbol and reason, whatever its figures). */
  repeats: z.number().int(),
});
export type LoopDecisionContract = z.infer<typeof loopDecisionSchema>;

/** The automated trading loop's state: what the top bar's Active/Inactive and the dashboard read. */
export const tradingLoopStatusSchema = z.object({
  status: z.enum(['active', 'waiting', 'halted', 'error', 'stopped']),
  status_text: z.string(),
  running: z.boolean(),
  strategy: z.string(),
  account: z.enum(['paper', 'live']),
  interval_seconds: z.number(),
  last_run_at: z.string().nullable(),
  next_run_at: z.string().nullable(),
  last_run: z
    .object({
      market_open: z.boolean(),
      buy_signals: z.number().int(),
      sell_signals: z.number().int(),
      orders_placed: z.number().int(),
      orders_rejected: z.number().int(),
      skipped: z.number().int(),
      error: z.string().nullable(),
    })
    .nullable(),
  orders_placed_today: z.number().int(),
  orders_rejected_today: z.number().int(),
  /** Rupees. */
  budget: z.number(),
  budget_left: z.number(),
  halted_reason: z.string().nullable(),
  last_error: z.string().nullable(),
  top_signals: z.array(
    z.object({
      symbol: z.string(),
      direction: z.enum(['BUY', 'SELL', 'HOLD']),
      score: z.number(),
      confidence: z.number(),
      reason: z.string(),
    }),
  ),
  recent_decisions: z.array(loopDecisionSchema),
});
export type TradingLoopStatus = z.infer<typeof tradingLoopStatusSchema>;

export const engineStatusSchema = z.object({
  market_status: z.object({
    is_open: z.boolean(),
    session: z.string(),
    description: z.string(),
    next_open: z.string().nullable(),
    next_close: z.string().nullable(),
    source: z.string(),
    /** True in the simulator's continuous demo session, which ignores the NSE calendar. */
    simulated: z.boolean(),
  }),
  engines: z.record(z.string(), z.object({ running: z.boolean(), detail: z.string().optional() })),
  /** True exactly when trading_loop.status is 'active'. */
  trading_active: z.boolean(),
  trading_loop: tradingLoopStatusSchema,
  /** Emergency Stop / circuit-breaker halt (contracts/src/safety.ts). */
  halt: haltStateSchema.optional(),
});
export type EngineStatus = z.infer<typeof engineStatusSchema>;

/** spec part 1 §3 "Portfolio overview"; rupees at the edge, kept as paise in the ledger. */
export const portfolioOverviewSchema = z.object({
  portfolio_value: z.number(),
  total_value: z.number(),
  day_change: z.number(),
  day_change_percent: z.number(),
  active_positions: z.number().int(),
  total_returns: z.number(),
  total_returns_percent: z.number(),
  available_balance: z.number(),
  invested_amount: z.number(),
});
export type PortfolioOverview = z.infer<typeof portfolioOverviewSchema>;
export const portfolioOverviewResponseSchema = z.object({
  success: z.literal(true),
  data: portfolioOverviewSchema,
  trading_mode: tradingModeSchema,
  trading_mode_label: z.string(),
});
export type PortfolioOverviewResponse = z.infer<typeof portfolioOverviewResponseSchema>;

export const healthSchema = z.object({
  status: z.literal('ok'),
  version: z.string(),
  uptime: z.number(),
});
export type Health = z.infer<typeof healthSchema>;

export const systemStatusSchema = z.object({
  database_connected: z.boolean(),
  upstox_connected: z.boolean(),
  yahoo_finance_connected: z.boolean(),
  data_source: z.string(),
});
export type SystemStatus = z.infer<typeof systemStatusSchema>;

/** The supervisor's restarts of the API server before the process answering (scripts/supervise-api.ts). */
export const supervisorRestartsSchema = z.object({
  /** False when the server runs without the supervisor: nothing restarts it. */
  supervised: z.boolean(),
  restarts: z.number().int().min(0),
  last_restart_at: z.string().nullable(),
  /** e.g. "crashed (signal SIGKILL)" or "restart asked for over the API (exit code 75)". */
  last_restart_reason: z.string().nullable(),
});
export type SupervisorRestarts = z.infer<typeof supervisorRestartsSchema>;

export const serverStatusSchema = z.object({
  main_server_healthy: z.boolean(),
  main_server_pid: z.number().int(),
  uptime: z.number(),
  supervisor: supervisorRestartsSchema,
});
export type ServerStatus = z.infer<typeof serverStatusSchema>;
