import Fastify from 'fastify';
import { registeredRoutes } from './registered-routes';

describe('registeredRoutes', () => {
  it('rebuilds full URLs from the route tree, including params, wildcards and shared prefixes', async () => {
    const app = Fastify();
    const ok = async () => ({ ok: true });
    app.get('/api/health', ok);
    app.post('/api/auth/login', ok);
    app.post('/api/auth/logout', ok);
    app.get('/api/portfolio/:symbol/history', ok);
    app.delete('/api/files/*', ok);
    app.options('*', ok);
    await app.ready();
    const routes = registeredRoutes(app).map(({ method, url }) => `${method} ${url}`);
    expect(routes.sort()).toEqual(
      [
        'GET /api/health',
        'HEAD /api/health',
        'POST /api/auth/login',
        'POST /api/auth/logout',
        'GET /api/portfolio/:symbol/history',
        'HEAD /api/portfolio/:symbol/history',
        'DELETE /api/files/*',
        'OPTIONS *',
      ].sort(),
    );
    await app.close();
  });
});
