import { fakeJsonResponse } from '@td/platform/test-support';

type Reply = { status?: number; body?: unknown } | Error;
type Handler = (request: { method: string; path: string; body: unknown }) => Reply | Promise<Reply>;

/** A fetch stand-in that routes `METHOD /path` to handlers, so the real ApiClient and its error mapping run. */
export function createFakeApi(routes: Record<string, Handler | Reply> = {}) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const request = { method, path: url.pathname, body };
    calls.push(request);
    const route = routes[`${method} ${url.pathname}`];
    const reply = typeof route === 'function' ? await route(request) : route;
    if (reply instanceof Error) throw reply;
    if (!reply) return fakeJsonResponse(404, { success: false, error: 'not found' });
    return fakeJsonResponse(reply.status ?? 200, reply.body ?? { success: true });
  }) as typeof fetch;
  return { fetchImpl, calls, routes };
}
