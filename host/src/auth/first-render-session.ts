import type { User } from '@td/contracts';

/** A session the host already knows is good: just signed in, or checked before the first render. */
export interface KnownSession {
  token: string;
  user: User;
}

export type FirstRenderSession =
  | { kind: 'signed-in'; user: User }
  | { kind: 'refused' }
  /** The check took longer than the wait: render now and let the auth provider take it. */
  | { kind: 'undecided' };

/**
 * With a stored session, whether it holds is decided before React's first render when the server
 * answers within `waitMs`: the shell then renders signed in at once instead of "Loading..." first and
 * everything again after (docs/decisions/0053). `ready` (the signed-in layout's chunk) is awaited with
 * it, so the first render is the shell and not its Suspense fallback; its failure is the render's to
 * show. Past `waitMs` a "Loading..." screen is better than a blank page.
 */
export function decideBeforeFirstRender(
  check: Promise<{ user: User }>,
  ready: Promise<unknown>,
  waitMs: number,
): Promise<FirstRenderSession> {
  const decided = check.then(
    (reply) =>
      ready.then(
        () => ({ kind: 'signed-in', user: reply.user }) as const,
        () => ({ kind: 'signed-in', user: reply.user }) as const,
      ),
    () => ({ kind: 'refused' }) as const,
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<FirstRenderSession>((resolve) => {
    timer = setTimeout(() => resolve({ kind: 'undecided' }), waitMs);
  });
  return Promise.race([decided, late]).finally(() => clearTimeout(timer));
}
