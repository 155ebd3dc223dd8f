import { sessionTokenStorage } from './auth/session-token-storage';
import { readAppConfig } from './config/app-config';
import { readRemotesEarly } from './remotes/early-remote';
import { showStartFailure } from './start-failure';

/** Set by host/rspack.config.ts: false in the single bundle, which reads no manifests. */
declare const __FEDERATED__: boolean;

const signedIn = sessionTokenStorage.read() !== null;
// The registry and the opened page's manifest are asked for now, while the shared chunks below
// download (docs/decisions/0046); only plain fetch runs before the boundary.
readRemotesEarly(readAppConfig().apiUrl, window.location.pathname, signedIn, {
  manifest: __FEDERATED__,
});
// The async boundary lets Module Federation settle the shared singletons before React loads. Signed
// out, it is the sign-in page's own: no router, no query cache, no signed-in shell (docs/decisions/0053).
// A chunk that fails to download (a flaky line, a redeploy) shows a Retry, not a blank page.
if (signedIn) import('./bootstrap').catch(showStartFailure);
else import('./sign-in/sign-in-bootstrap').then(({ startSignIn }) => startSignIn()).catch(showStartFailure);
