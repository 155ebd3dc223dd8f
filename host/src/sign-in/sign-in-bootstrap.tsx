import type { User } from '@td/contracts';
import { createRoot, type Root } from 'react-dom/client';
import { sessionTokenStorage } from '../auth/session-token-storage';
import { readAppConfig } from '../config/app-config';
import { preloadOnStart } from '../remotes/remote-preload';
import { failStartIn } from '../start-failure';
import { keepOnSignInPath, SIGN_IN_PATH } from './sign-in-location';
import { createSignInServices, type SignInServices } from './sign-in-services';
import { SignInShell } from './sign-in-shell';

/**
 * Signed out: renders the sign-in page alone (docs/decisions/0053). index.ts comes here when no
 * session token is stored, and the signed-in bootstrap when the server refused the stored one.
 * Once mf-auth signs the trader in, the signed-in shell is fetched and takes over the same root,
 * already knowing the user, so it does not ask the server again.
 */
export function startSignIn(
  root: Root = createRoot(document.getElementById('root')!),
  services: SignInServices = createSignInServices(readAppConfig()),
): void {
  keepOnSignInPath();
  preloadOnStart(services.registry, SIGN_IN_PATH, false);
  services.registry.start();
  const onSignedIn = (token: string, user: User) => {
    sessionTokenStorage.write(token);
    // Without this catch a shell chunk that fails to download leaves "Redirecting" up for good.
    import('../signed-in-start')
      .then(({ showSignedInShell }) => showSignedInShell(root, services, { token, user }))
      .catch(failStartIn(root));
  };
  // mf-auth rolled back to a build that needs the full props: the signed-in shell's /login route
  // mounts it with them, slower to start but working (docs/decisions/0053).
  const onNeedsFullShell = () => {
    import('../signed-in-start')
      .then(({ showFullSignIn }) => showFullSignIn(root, services))
      .catch(failStartIn(root));
  };
  root.render(
    <SignInShell services={services} onSignedIn={onSignedIn} onNeedsFullShell={onNeedsFullShell} />,
  );
}
