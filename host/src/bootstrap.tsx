import { createRoot } from 'react-dom/client';
import { App } from './app';
import { startSessionCheck } from './auth/session-check';
import { sessionTokenStorage } from './auth/session-token-storage';
import { readAppConfig } from './config/app-config';
import { createHostServices } from './host-services-factory';
import { preloadOnStart } from './remotes/remote-preload';
import { loadShellLayout } from './routes/app-router';

// Read by the first-paint bench's waterfall (tests/bench/waterfall.ts).
performance.mark?.('td:bootstrap');
const services = createHostServices(readAppConfig());
const token = sessionTokenStorage.read();
const signedIn = token !== null;
// Before the first render, not in App's effects after it: the registry names the remotes to preload,
// and a stored session will want the signed-in shell's chunk, its own check and the page's figures,
// all at once rather than one after the other (docs/decisions/0041, 0046).
preloadOnStart(services.registry, window.location.pathname, signedIn);
services.registry.start();
if (token !== null) {
  startSessionCheck(services.api, token);
  // A chunk of its own: the figures' queries carry their zod schemas, which the sign-in page must not
  // download (docs/decisions/0045).
  void import('./routes/route-prefetch').then(({ prefetchFirstFigures }) =>
    prefetchFirstFigures(services.queryClient, services.api, window.location.pathname),
  );
  void loadShellLayout();
}
createRoot(document.getElementById('root')!).render(<App services={services} />);
