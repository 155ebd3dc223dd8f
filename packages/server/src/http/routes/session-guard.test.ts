import { buildTestApp, registeredRoutes, signInForTest, type TestApp } from '../../test-support';
import { isPublicRoute } from '../auth-guard';

// ARCHITECTURE "Rules of the house": everything but health, readiness, sign-in and the registry read needs a session.
const EXPECTED_PUBLIC = [
  'GET /api/health',
  // Probes (Kubernetes readiness) carry no session; it says only whether the server is ready.
  'GET /api/ready',
  'POST /api/auth/login',
  'POST /api/auth/login/code',
  'POST /api/auth/logout',
  'POST /api/auth/validate-session',
  'POST /api/auth/set-password',
  'POST /api/auth/request-password-setup',
  'GET /api/platform/registry',
  // The WebSocket upgrade is open, but the socket does nothing until its first message carries a
  // valid session (stream.test.ts: 'refuses a client whose first message carries no valid session').
  'GET /api/stream',
  // Upstox redirects the browser here; a single-use OAuth state, not a session, proves it (upstox.test.ts).
  'GET /api/upstox/callback',
];

describe('session guard', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  /** Every registered method + URL, params filled in, minus CORS preflight which must stay open. */
  const guardedRoutes = () =>
    registeredRoutes(t.app)
      .filter(({ method }) => method !== 'OPTIONS')
      // A HEAD beside a public GET is that GET's twin; every other HEAD must be guarded like the rest.
      .filter(({ method, url }) => !(method === 'HEAD' && isPublicRoute('GET', url)))
      .filter(({ method, url }) => !isPublicRoute(method, url))
      .map(({ method, url }) => ({ method, url: url.replace(/:[^/]+/g, '1').replace(/\*$/, 'anything') }));

  it('reads the route table (sanity check for the route listing)', () => {
    const listed = registeredRoutes(t.app).map(({ method, url }) => `${method} ${url}`);
    for (const route of EXPECTED_PUBLIC) expect(listed).toContain(route);
    expect(guardedRoutes()).toContainEqual({ method: 'PUT', url: '/api/platform/registry' });
  });

  it('keeps the public list to exactly the sign-in calls, health, readiness and the registry read', () => {
    const publicRoutes = registeredRoutes(t.app)
      .filter(({ method }) => method !== 'OPTIONS' && method !== 'HEAD')
      .map(({ method, url }) => `${method} ${url}`)
      .filter((route) => {
        const [method = '', url = ''] = route.split(' ');
        return isPublicRoute(method, url);
      });
    expect(publicRoutes.sort()).toEqual([...EXPECTED_PUBLIC].sort());
  });

  it('answers 401 on every other route without a session', async () => {
    const failures: string[] = [];
    for (const { method, url } of guardedRoutes()) {
      const response = await t.app.inject({
        method: method as 'GET',
        url,
        payload: method === 'GET' || method === 'HEAD' ? undefined : {},
      });
      if (response.statusCode !== 401) failures.push(`${method} ${url} → ${response.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers 401 on every other route with a forged or revoked token', async () => {
    const { headers } = await signInForTest(t);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers });
    const failures: string[] = [];
    for (const authorization of [`Bearer ${'z'.repeat(43)}`, headers.authorization]) {
      for (const { method, url } of guardedRoutes()) {
        const response = await t.app.inject({ method: method as 'GET', url, headers: { authorization } });
        if (response.statusCode !== 401) failures.push(`${method} ${url} → ${response.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('lets a signed-in trader through', async () => {
    const { headers } = await signInForTest(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/trading/mode', headers })).statusCode).toBe(200);
  });
});
