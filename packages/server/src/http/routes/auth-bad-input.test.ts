import type { InjectOptions } from 'fastify';
import { buildTestApp, signInForTest, type TestApp } from '../../test-support';

const BODY_ENDPOINTS = ['/api/auth/login', '/api/auth/request-password-setup', '/api/auth/set-password'];

type BadRequest = Pick<InjectOptions, 'payload' | 'headers'>;
const json = (body: string): BadRequest => ({
  payload: body,
  headers: { 'content-type': 'application/json' },
});

const BAD_BODIES: Array<[string, BadRequest]> = [
  ['no body', {}],
  ['an empty JSON body', json('')],
  ['broken JSON', json('{"email": ')],
  ['JSON null', json('null')],
  ['a JSON array', json('[]')],
  ['a JSON string', json('"trader@example.com"')],
  ['a JSON number', json('42')],
  ['wrong field types', json('{"email": 42, "password": {"a": 1}, "temp_token": [], "new_password": true}')],
  ['a prototype-poisoning body', json('{"__proto__": {"admin": true}, "email": "trader@example.com"}')],
  [
    'oversized fields',
    {
      payload: {
        email: `${'a'.repeat(5000)}@x.test`,
        password: 'p'.repeat(100_000),
        temp_token: 't'.repeat(100_000),
        new_password: 'P'.repeat(100_000),
      },
    },
  ],
  ['a body over the size limit', json(JSON.stringify({ email: 'x'.repeat(300 * 1024) }))],
  ['plain text', { payload: 'email=trader@example.com', headers: { 'content-type': 'text/plain' } }],
  [
    'a form body',
    {
      payload: 'email=trader%40example.com',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    },
  ],
  ['an unknown content type', { payload: 'x', headers: { 'content-type': 'application/octet-stream' } }],
];

describe('sign-in endpoints under bad input', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
    await signInForTest(t);
  });
  afterAll(() => t.close());

  describe.each(BODY_ENDPOINTS)('%s', (url) => {
    it.each(BAD_BODIES)('answers %s with a 4xx and a sentence', async (_case, request) => {
      const response = await t.app.inject({ method: 'POST', url, ...request });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      const body = response.json();
      expect(body.success).toBe(false);
      expect(body.error).toMatch(/^\S.{5,}/);
      expect(response.body).not.toMatch(/\bat .+\.(ts|js):\d+/);
    });
  });

  it.each([
    ['an overlong Bearer token', `Bearer ${'a'.repeat(10_000)}`],
    ['an empty Bearer token', 'Bearer '],
    ['a token with odd characters', 'Bearer ../../etc/passwd%00'],
  ])('answers validate-session with %s with a 401', async (_case, authorization) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/validate-session',
      headers: { authorization },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toMatch(/session|Sign in/);
  });

  it('names the missing field', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'trader@example.com' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('Invalid password: password is required');
  });
});
