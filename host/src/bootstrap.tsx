import { createRoot } from 'react-dom/client';
import { App } from './app';
import { readAppConfig } from './config/app-config';
import { createHostServices } from './host-services-factory';

const services = createHostServices(readAppConfig());
createRoot(document.getElementById('root')!).render(<App services={services} />);
