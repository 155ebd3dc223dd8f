import { createRoot, type Root } from 'react-dom/client';
import { sessionTokenStorage } from './auth/session-token-storage';
import type { SignInServices } from './sign-in/sign-in-services';
import { startWithStoredSession } from './signed-in-start';
import { failStartIn } from './start-failure';

/**
 * The sign-in page in its own chunk (docs/decisions/0053): with no token, and when the server refuses
 * the stored one (then on the signed-in start's services). The one place the signed-in start hands
 * back to it, so the two starts do not import each other.
 */
const toSignIn = (root: Root, services?: SignInServices) =>
  void import('./sign-in/sign-in-bootstrap')
    .then(({ startSignIn }) => startSignIn(root, services))
    .catch(failStartIn(root));

// Read by the first-paint bench's waterfall (tests/bench/waterfall.ts).
performance.mark?.('td:bootstrap');
const root = createRoot(document.getElementById('root')!);
const token = sessionTokenStorage.read();
// index.ts saw a token; another tab may have signed out since.
if (token === null) toSignIn(root);
else startWithStoredSession(root, token, toSignIn);
