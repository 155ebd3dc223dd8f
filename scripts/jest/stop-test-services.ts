import { stopTestServices } from '../lib/test-services';

// Jest's globalTeardown for the server project: stops only what start-test-services started.
export default (_global: unknown, project: { rootDir: string }) => stopTestServices(project.rootDir);
