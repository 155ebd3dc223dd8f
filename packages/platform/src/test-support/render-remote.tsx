import { QueryClient } from '@tanstack/react-query';
import { ApiClient } from '@td/api-client';
import type { RemoteName, TradingMode } from '@td/contracts';
import { theme } from '@td/ui';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act, type ReactElement, useState } from 'react';
import type { PlatformLocation, RemoteProps, StreamHandler } from '../remote-contract';
import { RemoteRoot } from '../remote-root';
import { fakeJsonResponse } from './fake-response';

/** What the fake server answers to one call: a status and JSON body, a dropped connection, or silence. */
export type FakeReply = { status: number; body: unknown } | { networkError: true } | { hang: true };
export type Responder = FakeReply | ((body: unknown, url: URL) => FakeReply);

export interface RenderRemoteOptions {
  /** The address the host shows when the remote mounts. */
  url?: string;
  /** Keyed by "METHOD /path". A call with no entry fails the test loudly. The query string is in `url`. */
  replies?: Record<string, Responder>;
  /** Paths this remote renders; navigating elsewhere unmounts it, as the host does. Default ['/login']. */
  ownPaths?: string[];
  /** Set when the test uses jest fake timers, so user-event advances them. */
  fakeTimers?: boolean;
  timeoutMs?: number;
  /** Which remote is rendered; default 'auth'. */
  remote?: RemoteName;
  /** Render as a signed-in session (a token on every call). */
  signedIn?: boolean;
  tradingMode?: TradingMode | null;
  /** The cache the remote gets; by default one that never retries, so a failure shows at once. */
  queryClient?: QueryClient;
}

export interface RecordedRequest {
  method: string;
  path: string;
  /** The query string, without '?'. */
  query: string;
  body: unknown;
  headers: Record<string, string>;
}

export function locationOf(url: string): PlatformLocation {
  const parsed = new URL(url, 'http://host.test');
  return { pathname: parsed.pathname, search: parsed.search, hash: parsed.hash };
}

/** A fetch that answers from `replies`, so the real ApiClient and its error mapping run. */
function fakeFetch(replies: Record<string, Responder>, requests: RecordedRequest[]) {
  return jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input));
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    requests.push({
      method,
      path: url.pathname,
      query: url.search.replace(/^\?/, ''),
      body,
      headers: (init.headers ?? {}) as Record<string, string>,
    });
    const responder = replies[`${method} ${url.pathname}`];
    if (!responder) throw new Error(`No fake reply for ${method} ${url.pathname}`);
    const reply = typeof responder === 'function' ? responder(body, url) : responder;
    if ('networkError' in reply) throw new TypeError('Failed to fetch');
    if ('hang' in reply) {
      return new Promise<Response>((_, reject) => {
        init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      });
    }
    return fakeJsonResponse(reply.status, reply.body);
  });
}

/**
 * Renders a remote's component the way the host mounts it: RemoteRoot with fake RemoteProps
 * (jest.fn session.signIn, navigate and notify), a real ApiClient over a fake fetch, and a
 * location that follows navigate().
 */
export function renderRemote(ui: ReactElement, options: RenderRemoteOptions = {}) {
  const requests: RecordedRequest[] = [];
  const fetchImpl = fakeFetch(options.replies ?? {}, requests);
  const navigate = jest.fn<void, Parameters<RemoteProps['navigate']>>();
  const signIn = jest.fn<void, [string, unknown]>();
  const notify = jest.fn<void, Parameters<RemoteProps['notify']>>();
  const topics = new Map<string, Set<StreamHandler>>();
  const subscribe = (topic: string, handler: StreamHandler) => {
    const handlers = topics.get(topic) ?? new Set<StreamHandler>();
    handlers.add(handler);
    topics.set(topic, handlers);
    return () => handlers.delete(handler);
  };
  const getToken = () => (options.signedIn ? 'test-session-token' : null);
  const base: Omit<RemoteProps, 'location' | 'navigate'> = {
    remote: options.remote ?? 'auth',
    version: 'test',
    session: {
      user: options.signedIn ? { email: 'trader@example.com', name: 'Trader', username: 'trader' } : null,
      isAuthenticated: Boolean(options.signedIn),
      getToken,
      signIn,
      signOut: jest.fn(async () => undefined),
    },
    api: new ApiClient({
      baseUrl: 'http://api.test',
      getToken,
      fetchImpl,
      timeoutMs: options.timeoutMs,
    }),
    queryClient:
      options.queryClient ??
      new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } }),
    tradingMode: options.tradingMode ?? null,
    theme,
    subscribe,
    notify,
    openDiagnostics: jest.fn(),
  };
  let current: RemoteProps | null = null;

  function Host() {
    const [location, setLocation] = useState(() => locationOf(options.url ?? '/login'));
    const [navigateTo] = useState(() => (to: string, navigateOptions?: { replace?: boolean }) => {
      navigate(to, navigateOptions);
      setLocation(locationOf(to));
    });
    current = { ...base, location, navigate: navigateTo };
    if (!(options.ownPaths ?? ['/login']).includes(location.pathname)) return null;
    return <RemoteRoot props={current}>{ui}</RemoteRoot>;
  }

  const user = userEvent.setup({
    delay: null,
    ...(options.fakeTimers ? { advanceTimers: jest.advanceTimersByTime } : {}),
  });
  const view = render(<Host />);
  return {
    ...view,
    user,
    requests,
    fetchImpl,
    signIn,
    navigate,
    notify,
    /** The props as last handed to the remote. */
    props: () => current!,
    /** Delivers a stream message to every handler subscribed to `topic`, as the host's stream does. */
    emit: (topic: string, payload: unknown) =>
      act(() => {
        for (const handler of topics.get(topic) ?? []) handler(payload);
      }),
    /** How many handlers are subscribed to `topic` now. */
    subscribers: (topic: string) => topics.get(topic)?.size ?? 0,
  };
}

export const reply = (status: number, body: unknown): FakeReply => ({ status, body });
export const NETWORK_DOWN: FakeReply = { networkError: true };
export const NO_ANSWER: FakeReply = { hang: true };
