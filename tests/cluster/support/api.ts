import { createRunningClock } from '../../../packages/server/src/test-support/test-clock';

/** The cluster tests' clock: real elapsed time from a fixed instant, so no result depends on today's date. */
export const clock = createRunningClock();

/** One JSON call to an instance (or through the proxy); a network error or a silence (10 s) rejects. */
export async function callApi<T = Record<string, unknown>>(
  baseUrl: string,
  path: string,
  options: {
    token?: string;
    method?: 'GET' | 'POST';
    body?: unknown;
    headers?: Record<string, string>;
    timeoutMs?: number;
  } = {},
): Promise<{ status: number; body: T; headers: Headers }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
      ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
  });
  return { status: response.status, body: (await response.json()) as T, headers: response.headers };
}

export interface PlacedOrder {
  id: string;
  status: string;
  idempotencyKey: string | null;
  rejectReason: string | null;
}

/** A paper market order of one share with its Idempotency-Key; the reply as it came. */
export function placeOrder(baseUrl: string, token: string, key: string, timeoutMs = 10_000) {
  return callApi<{ success: boolean; data?: PlacedOrder; error?: string }>(baseUrl, '/api/orders', {
    token,
    body: { symbol: 'RELIANCE', side: 'BUY', type: 'MARKET', quantity: 1, strategy: 'cluster' },
    headers: { 'Idempotency-Key': key },
    timeoutMs,
  });
}

/** Checks `condition` every `everyMs` until it holds or `timeoutMs` passes; the last result either way. */
export async function poll<T>(
  probe: () => Promise<T>,
  condition: (value: T) => boolean,
  timeoutMs: number,
  everyMs = 50,
): Promise<T> {
  const deadline = clock() + timeoutMs;
  for (let i = 0; ; i++) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined && condition(value)) return value;
    if (clock() >= deadline || i > timeoutMs / everyMs) {
      if (value === undefined) throw new Error(`nothing answered within ${timeoutMs} ms`);
      return value;
    }
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
