import { buildTestApp, type TestApp } from '../test-support';

describe('every reply', () => {
  let t: TestApp;
  let lines: Record<string, unknown>[];

  beforeEach(async () => {
    lines = [];
    t = await buildTestApp({
      config: { logLevel: 'info' },
      logStream: { write: (line: string) => lines.push(JSON.parse(line)) },
    });
  });
  afterEach(() => t.close());

  it.each([
    ['a public route', '/api/health', 200],
    ['a refused call', '/api/portfolio/overview', 401],
    ['a call without a session', '/api/nowhere', 401],
    ['bad input', '/api/auth/login', 400],
  ])('carries the security headers on %s', async (_label, url, status) => {
    const response = await t.app.inject({
      method: url.startsWith('/api/auth') ? 'POST' : 'GET',
      url,
      ...(url.startsWith('/api/auth') ? { payload: { email: 'not an email' } } : {}),
    });
    expect(response.statusCode).toBe(status);
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(response.headers['cross-origin-resource-policy']).toBe('same-site');
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it('is logged once, when it ends, with its path but never its query; a passing probe is not', async () => {
    await t.app.inject({ method: 'GET', url: '/api/health' });
    await t.app.inject({ method: 'GET', url: '/api/engines/status' });
    await t.app.inject({ method: 'GET', url: '/api/upstox/callback?code=single-use-code-123&state=s' });

    const requests = lines.filter((line) => line.msg === 'request');
    expect(requests).toEqual([
      expect.objectContaining({ method: 'GET', path: '/api/engines/status', statusCode: 401 }),
      expect.objectContaining({ method: 'GET', path: '/api/upstox/callback' }),
    ]);
    expect(typeof requests[0]!.ms).toBe('number');
    // Each line names its request, so an errored request's other lines can be found beside it.
    expect(requests[0]!.reqId).toEqual(expect.any(String));
    expect(requests[0]!.reqId).not.toBe(requests[1]!.reqId);
    expect(JSON.stringify(lines)).not.toContain('single-use-code-123');
  });

  it('still keeps secrets out of every other line, an errored request included', async () => {
    t.services.logger.info({ body: { password: 'Hunter-2-Password!' }, session_token: 'tok-123' }, 'a line');
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { password: 'Hunter-2-Password!' },
    });
    expect(lines.some((line) => line.msg === 'a line')).toBe(true);
    expect(JSON.stringify(lines)).not.toContain('Hunter-2-Password!');
    expect(JSON.stringify(lines)).not.toContain('tok-123');
  });
});
