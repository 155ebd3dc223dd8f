/** spec part 1 §3 "Session": the token lives in localStorage under a product-specific key. */
export const SESSION_TOKEN_KEY = 'trading-dashboard.session-token';

export const sessionTokenStorage = {
  read: (): string | null => window.localStorage.getItem(SESSION_TOKEN_KEY),
  write: (token: string) => window.localStorage.setItem(SESSION_TOKEN_KEY, token),
  clear: () => window.localStorage.removeItem(SESSION_TOKEN_KEY),
};
