import type { RemoteName } from '@td/contracts';
import { SCREENS } from '../routes/route-table';

// No runtime imports here: index.ts reads this before the shared modules are set up (early-remote.ts).

/** Which remotes a page needs: `now` for what it renders first, `next` for where it leads. */
export interface PreloadPlan {
  now: RemoteName[];
  next: RemoteName[];
}

/**
 * The remotes to fetch for `pathname` before the route renders. Signed out, every guarded route
 * shows sign-in (mf-auth) and only that: the screen behind it is preloaded once the trader is signed
 * in (useRemotePreload), so the sign-in page stays within its own first-load budget on a phone
 * (docs/decisions/0040). Signed in, /login redirects to the dashboard, and a path no screen owns
 * falls back to it too (app-router.tsx).
 */
export function preloadPlan(pathname: string, signedIn: boolean): PreloadPlan {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const screen = SCREENS.find((s) => s.path === path)?.remote ?? 'trading';
  if (!signedIn) return { now: ['auth'], next: [] };
  return { now: [path === '/login' ? 'trading' : screen], next: [] };
}
