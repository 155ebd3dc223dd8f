import { createRoot } from 'react-dom/client';
import { App } from './app';
import { sessionTokenStorage } from './auth/session-token-storage';
import { readAppConfig } from './config/app-config';
import { createHostServices } from './host-services-factory';
import { preloadOnStart } from './remotes/remote-preload';

const services = createHostServices(readAppConfig());
// Before the first render, not in App's effects after it: the registry names the remotes to preload.
preloadOnStart(services.registry, window.location.pathname, sessionTokenStorage.read() !== null);
services.registry.start();
createRoot(document.getElementById('root')!).render(<App services={services} />);
