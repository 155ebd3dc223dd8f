import type { Page } from 'playwright-core';
import { busyRetryAfterMs } from '../../../packages/api-client/src/api-client';
import type { E2EStack } from './stack';

const TOKEN_KEY = 'trading-dashboard.session-token';

/** The session token the signed-in page holds, for calls the test makes beside the browser. */
export async function sessionToken(page: Page): Promise<string> {
  const token = await page.evaluate((key) => window.localStorage.getItem(key), TOKEN_KEY);
  if (!token) throw new Error('The page holds no session token; sign in first.');
  return token;
}

/**
 * One API call with the trader's session, as a tool or the trading loop would make it. A read the
 * server shed as busy is asked again after its Retry-After, as the product's own client does
 * (busyRetryAfterMs in packages/api-client).
 */
export async function callApi<T = unknown>(
  stack: E2EStack,
  token: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(`${stack.apiUrl}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const waitMs = method === 'GET' && attempt < 3 ? busyRetryAfterMs(response) : null;
    if (waitMs === null) return { status: response.status, body: (await response.json()) as T };
    await response.body?.cancel();
    await new Promise((resolve) => setTimeout(resolve, waitMs));
  }
}

/** Buys at market on the paper account; fails the test if the order does not fill. */
export async function buyAtMarket(stack: E2EStack, token: string, symbol: string, quantity: number) {
  const reply = await callApi<{ success: boolean; data?: { status: string }; error?: string }>(
    stack,
    token,
    'POST',
    '/api/orders',
    { symbol, side: 'BUY', type: 'MARKET', quantity, strategy: 'e2e' },
  );
  if (reply.status !== 201 || reply.body.data?.status !== 'FILLED') {
    throw new Error(`Buying ${quantity} ${symbol} failed: ${reply.status} ${JSON.stringify(reply.body)}`);
  }
}
