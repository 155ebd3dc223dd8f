import { z } from 'zod';
import { tradingModeSchema } from './trading-mode';

/** spec part 1 §3 "Quick stats". */
export const quickStatsSchema = z.object({
  active_positions: z.number().int(),
  win_rate: z.number(),
  monthly_return: z.number(),
  connection_status: z.enum(['connected', 'disconnected']),
  data_source: z.string(),
});
export type QuickStats = z.infer<typeof quickStatsSchema>;

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
  trading_active: z.boolean(),
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

export const serverStatusSchema = z.object({
  main_server_healthy: z.boolean(),
  main_server_pid: z.number().int(),
  uptime: z.number(),
});
export type ServerStatus = z.infer<typeof serverStatusSchema>;
