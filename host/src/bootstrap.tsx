import { createRoot } from 'react-dom/client';
import { sessionTokenStorage } from './auth/session-token-storage';
import { startWithStoredSession } from './signed-in-start';

// Read by the first-paint bench's waterfall (tests/bench/waterfall.ts).
performance.mark?.('td:bootstrap');
const root = createRoot(document.getElementById('root')!);
const token = sessionTokenStorage.read();
// index.ts saw a token; another tab may have signed out since.
if (token === null) void import('./sign-in/sign-in-bootstrap').then(({ startSignIn }) => startSignIn(root));
else startWithStoredSession(root, token);
