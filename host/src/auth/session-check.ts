import { type ApiClient, authApi } from '@td/api-client';

type SessionCheck = ReturnType<typeof authApi.validateSession>;

let early: { api: ApiClient; token: string; check: SessionCheck } | null = null;

/**
 * Bootstrap asks the server about a stored session before React's first render, side by side with
 * the registry and the dashboard's figures, instead of from the auth provider's effect after it
 * (docs/decisions/0046). A rejection is kept for the provider to handle.
 */
export function startSessionCheck(api: ApiClient, token: string): void {
  const check = authApi.validateSession(api);
  check.catch(() => undefined);
  early = { api, token, check };
}

/** The check bootstrap started for this client and token, once; otherwise a new one. */
export function takeSessionCheck(api: ApiClient, token: string): SessionCheck {
  const started = early;
  early = null;
  if (started && started.api === api && started.token === token) return started.check;
  return authApi.validateSession(api);
}
