import type { Root } from 'react-dom/client';
import { App } from './app';
import { decideBeforeFirstRender, type KnownSession } from './auth/first-render-session';
import { startSessionCheck } from './auth/session-check';
import { sessionTokenStorage } from './auth/session-token-storage';
import { readAppConfig } from './config/app-config';
import { createHostServices } from './host-services-factory';
import type { HostServices } from './remotes/host-services';
import { preloaderFor, preloadOnStart, preloadPlan } from './remotes/remote-preload';
import { loadShellLayout } from './routes/app-router';
import { prefetchFirstFigures } from './routes/route-prefetch';
import type { SignInServices } from './sign-in/sign-in-services';

/** How long the first render waits for the session check; past it, "Loading..." shows (0053). */
export const FIRST_RENDER_WAIT_MS = 1000;

/**
 * Started at once for a signed-in page, side by side: the signed-in layout's chunk and the page's
 * figures (docs/decisions/0046). Resolves when the layout's chunk is in.
 */
function startSignedInWork(services: HostServices, pathname: string): Promise<unknown> {
  // In this chunk: the figures' replies are read without zod now, so their calls leave at once (0046).
  prefetchFirstFigures(services.queryClient, services.api, pathname);
  return loadShellLayout();
}

/** Where a refused session goes: the sign-in page on the same root, API client and registry. */
export type ToSignIn = (root: Root, services: SignInServices) => void;

/**
 * A stored session token: the shell is rendered signed in at once when the server confirms the
 * session within FIRST_RENDER_WAIT_MS; a refused one goes to the sign-in page (`toSignIn`, given by
 * bootstrap.tsx), as lean as when no token was stored; a slow check renders "Loading..." and leaves
 * the check to the auth provider.
 */
export function startWithStoredSession(root: Root, token: string, toSignIn: ToSignIn): void {
  const services = createHostServices(readAppConfig());
  const pathname = window.location.pathname;
  // Before the first render: the registry names the remotes to preload (docs/decisions/0041, 0046).
  preloadOnStart(services.registry, pathname, true);
  services.registry.start();
  const check = startSessionCheck(services.api, token);
  const layout = startSignedInWork(services, pathname);
  void decideBeforeFirstRender(check, layout, FIRST_RENDER_WAIT_MS).then((decided) => {
    // Read by the first-paint bench's waterfall (tests/bench/waterfall.ts).
    performance.mark?.(`td:first-render-${decided.kind}`);
    if (decided.kind === 'refused') {
      // Any validation error removes the token (spec part 1 §4).
      sessionTokenStorage.clear();
      toSignIn(root, services);
      return;
    }
    const session = decided.kind === 'signed-in' ? { token, user: decided.user } : undefined;
    root.render(<App services={services} session={session} />);
  });
}

/**
 * Just signed in on the sign-in page: the signed-in shell takes over its root, on the same API client
 * and registry, already knowing the user. mf-auth navigated to the landing page before this ran.
 */
export function showSignedInShell(root: Root, base: SignInServices, session: KnownSession): void {
  const services = createHostServices(readAppConfig(), base);
  const pathname = window.location.pathname;
  void preloaderFor(services.registry)(preloadPlan(pathname, true));
  const layout = startSignedInWork(services, pathname);
  // The sign-in page stays up, saying "Redirecting", until the shell can render without a fallback.
  const show = () => root.render(<App services={services} session={session} />);
  layout.then(show, show);
}

/**
 * Signed out, but the registry's mf-auth needs the full RemoteProps (a rollback to a build from
 * before 0053): the signed-in shell's router shows its /login route, which mounts it with them.
 */
export function showFullSignIn(root: Root, base: SignInServices): void {
  root.render(<App services={createHostServices(readAppConfig(), base)} />);
}
