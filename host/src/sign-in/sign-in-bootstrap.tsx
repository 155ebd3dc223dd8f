import type { User } from '@td/contracts';
import { createRoot, type Root } from 'react-dom/client';
import { sessionTokenStorage } from '../auth/session-token-storage';
import { readAppConfig } from '../config/app-config';
import { preloadOnStart } from '../remotes/remote-preload';
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
    void import('../signed-in-start').then(({ showSignedInShell }) =>
      showSignedInShell(root, services, { token, user }),
    );
  };
  root.render(<SignInShell services={services} onSignedIn={onSignedIn} />);
}
