import { type ApiClient, authApi } from '@td/api-client';
import { StartedEarly } from '../started-early';

type SessionCheck = ReturnType<typeof authApi.validateSession>;

const early = new StartedEarly<{ api: ApiClient; token: string }, SessionCheck>(
  (held, asked) => held.api === asked.api && held.token === asked.token,
);

/**
 * Bootstrap asks the server about a stored session before React's first render, side by side with
 * the registry and the dashboard's figures, instead of from the auth provider's effect after it
 * (docs/decisions/0046). A rejection is kept for the provider to handle. Bootstrap also awaits the
 * returned check, for a while, to render signed in at once (docs/decisions/0053).
 */
export function startSessionCheck(api: ApiClient, token: string): SessionCheck {
  const check = authApi.validateSession(api);
  check.catch(() => undefined);
  early.put({ api, token }, check);
  return check;
}

/** The check bootstrap started for this client and token, once; otherwise a new one. */
export function takeSessionCheck(api: ApiClient, token: string): SessionCheck {
  return early.take({ api, token }) ?? authApi.validateSession(api);
}
