import { startTestServices } from '../lib/test-services';

// Jest's globalSetup for the server project: PostgreSQL and Redis for a run that was not given them.
export default (_global: unknown, project: { rootDir: string }) => startTestServices(project.rootDir);
