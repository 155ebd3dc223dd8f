import { createRoot } from 'react-dom/client';
import { sessionTokenStorage } from './auth/session-token-storage';
import { startWithStoredSession } from './signed-in-start';
import { failStartIn } from './start-failure';

// Read by the first-paint bench's waterfall (tests/bench/waterfall.ts).
performance.mark?.('td:bootstrap');
const root = createRoot(document.getElementById('root')!);
const token = sessionTokenStorage.read();
// index.ts saw a token; another tab may have signed out since.
if (token === null)
  import('./sign-in/sign-in-bootstrap').then(({ startSignIn }) => startSignIn(root)).catch(failStartIn(root));
else startWithStoredSession(root, token);
