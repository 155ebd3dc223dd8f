import { z } from 'zod';

// The reads (health, GET /api/status, /api/management/server/status) are in shell.ts.

/** POST /api/management/server/restart and POST /api/admin/restart. */
export const restartReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ kind: z.enum(['graceful', 'forceful']), drains_requests: z.boolean() }),
});
export type RestartReply = z.infer<typeof restartReplySchema>;

/** spec part 1 §5, §8 "Shell" and part 2 §8: the diagnostics and connection manager's sentences. */
export const RESTART_MESSAGES = {
  confirm: 'This will restart the backend server. Continue?',
  initiated: 'Backend restart initiated. Please wait 10 seconds.',
  failed: 'Failed to restart backend. You may need to restart it manually via SSH.',
} as const;

export const DIAGNOSTICS_TEXT = {
  backendRunning: 'Backend server running',
  backendNotResponding: 'Backend not responding',
  backendUnreachable: 'Cannot reach backend',
  upstoxActive: 'Upstox data source active',
  upstoxDown: 'Upstox not connected',
  yahooActive: 'Yahoo Finance active',
  yahooDown: 'Yahoo Finance not connected',
  databaseConnected: 'Database connected',
  databaseDown: 'Database not connected',
  mockSwitched: 'Switched to mock data mode',
  mockFailed: 'Failed to switch to mock data',
} as const;
