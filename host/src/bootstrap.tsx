import { createRoot } from 'react-dom/client';
import { App } from './app';
import { sessionTokenStorage } from './auth/session-token-storage';
import { readAppConfig } from './config/app-config';
import { createHostServices } from './host-services-factory';
import { preloadOnStart } from './remotes/remote-preload';
import { loadShellLayout } from './routes/app-router';

const services = createHostServices(readAppConfig());
const signedIn = sessionTokenStorage.read() !== null;
// Before the first render, not in App's effects after it: the registry names the remotes to preload,
// and a stored session will want the signed-in shell's chunk.
preloadOnStart(services.registry, window.location.pathname, signedIn);
if (signedIn) void loadShellLayout();
services.registry.start();
createRoot(document.getElementById('root')!).render(<App services={services} />);
