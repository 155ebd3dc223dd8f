import type { LoginResponse } from '@td/contracts';

// Shared fixtures for the sign-in tests: a password the shared scorer rates Strong (100) and one it does not.
export const OWNER_EMAIL = 'trader@example.in';
export const STRONG_PASSWORD = 'Str0ng!Passw0rd';
export const WEAK_PASSWORD = 'password';

export function signedInReply(message = 'Welcome to Trading Dashboard'): LoginResponse {
  return {
    success: true,
    message,
    session_token: 'session-abc',
    user: { email: OWNER_EMAIL, name: 'Asha' },
    expires_at: '2026-01-02T00:00:00.000Z',
  };
}

export const failure = (error: string, code?: string, extra: Record<string, unknown> = {}) => ({
  success: false,
  error,
  ...(code ? { code } : {}),
  ...extra,
});
