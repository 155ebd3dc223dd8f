import { createRoot } from 'react-dom/client';
import { App } from './app';
import { readAppConfig } from './config/app-config';
import { createHostServices } from './host-services-factory';

const services = createHostServices(readAppConfig());
// Asked before the first render, not in App's effect after it: the registry names the remotes to preload.
services.registry.start();
createRoot(document.getElementById('root')!).render(<App services={services} />);
