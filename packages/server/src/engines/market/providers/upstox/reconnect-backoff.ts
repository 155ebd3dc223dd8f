export interface BackoffOptions {
  initialMs?: number;
  maxMs?: number;
  random?: () => number;
}

/**
 * The wait before reconnect attempt `attempt` (1-based): 1 s doubling to 60 s, spread ±20 % so
 * many clients that dropped together (the 03:30 IST rollover) do not reconnect in lockstep.
 */
export function reconnectDelay(attempt: number, options: BackoffOptions = {}): number {
  const initialMs = options.initialMs ?? 1000;
  const maxMs = options.maxMs ?? 60_000;
  const base = Math.min(maxMs, initialMs * 2 ** Math.max(0, attempt - 1));
  const jitter = 0.8 + 0.4 * (options.random ?? Math.random)();
  return Math.round(Math.min(maxMs, base * jitter));
}
