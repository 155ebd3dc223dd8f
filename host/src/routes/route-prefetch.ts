import type { QueryClient } from '@tanstack/react-query';
import {
  type ApiClient,
  marketOverviewQuery,
  portfolioOverviewQuery,
  tradingModeQuery,
} from '@td/api-client';
import { SCREENS } from './route-table';

/** Where a signed-in visit of `pathname` lands: /login and paths no screen owns go to the dashboard. */
export function landingPath(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return SCREENS.some((s) => s.path === path) ? path : '/dashboard';
}

const DASHBOARD_PATHS = new Set(['/', '/dashboard']);

/**
 * The dashboard's figures (portfolio value, market status) and the trading mode every remote is
 * handed, asked for from bootstrap as soon as a stored session is seen, into the query cache the
 * host shares with its remotes: they arrive while the shell and the remote's code are still
 * loading, and mf-trading's first render shows them instead of asking then (docs/decisions/0046).
 * Returns the queries started, for tests. A rejected session's 401 ends it as any call's would.
 */
export function prefetchFirstFigures(queryClient: QueryClient, api: ApiClient, pathname: string): string[] {
  if (!DASHBOARD_PATHS.has(landingPath(pathname))) return [];
  const overview = portfolioOverviewQuery(api);
  const market = marketOverviewQuery(api);
  const mode = tradingModeQuery(api);
  void queryClient.prefetchQuery(overview);
  void queryClient.prefetchQuery(market);
  void queryClient.prefetchQuery(mode);
  return [overview, market, mode].map((q) => q.queryKey.join('/'));
}
