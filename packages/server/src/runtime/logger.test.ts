import Fastify, { type FastifyBaseLogger } from 'fastify';
import { buildTestApp } from '../test-support';
import { createLogger, redactUrl } from './logger';

const SECRET = {
  password: 'secret-password-1',
  accessToken: 'secret-access-token-2',
  access_token: 'secret-access-token-3',
  refresh_token: 'secret-refresh-token-4',
  refreshToken: 'secret-refresh-token-5',
  session_token: 'secret-session-token-6',
  temp_token: 'secret-temp-token-7',
  client_secret: 'secret-client-secret-8',
  clientSecret: 'secret-client-secret-9',
  opsToken: 'secret-ops-token-10',
};
const HEADER = {
  authorization: 'Bearer secret-bearer-11',
  cookie: 'sid=secret-cookie-12',
  'set-cookie': 'sid=secret-set-cookie-13',
  'x-ops-token': 'secret-ops-header-14',
};
const QUERY = {
  code: 'secret-oauth-code-15',
  state: 'secret-oauth-state-16',
  token: 'secret-query-token-17',
};
const EVERY_SECRET = [...Object.values(SECRET), ...Object.values(HEADER), ...Object.values(QUERY)].map(
  (value) => value.replace(/^.*?(secret-)/, '$1'),
);

function capture() {
  const lines: string[] = [];
  return { lines, stream: { write: (line: string) => void lines.push(line) } };
}

const callbackUrl = `/api/upstox/callback?code=${QUERY.code}&state=${QUERY.state}&token=${QUERY.token}&keep=visible`;

describe('log redaction', () => {
  it('redacts every secret field, top-level or nested, every secret header and every secret query value', () => {
    const { lines, stream } = capture();
    const logger = createLogger('info', stream);
    logger.info(SECRET, 'fields');
    logger.info({ upstox: SECRET, token: { ...SECRET } }, 'nested');
    logger.info({ req: { method: 'GET', url: callbackUrl, headers: HEADER } }, 'request');
    logger.info({ headers: HEADER, res: { headers: HEADER }, response: { headers: HEADER } }, 'headers');
    logger.info({ url: callbackUrl, query: QUERY }, 'url');
    const output = lines.join('');
    for (const secret of EVERY_SECRET) expect(output).not.toContain(secret);
    expect(output).toContain('keep=visible');
    expect(output).toContain('[redacted]');
  });

  it('redacts query values whose names carry a secret and leaves the rest of the URL as it was', () => {
    expect(redactUrl('/api/upstox/callback?code=abc&state=xyz')).toBe(
      '/api/upstox/callback?code=[redacted]&state=[redacted]',
    );
    expect(redactUrl('/cb?access_token=a&refresh%5Ftoken=b&symbol=TCS#top')).toBe(
      '/cb?access_token=[redacted]&refresh%5Ftoken=[redacted]&symbol=TCS#top',
    );
    expect(redactUrl('/api/health')).toBe('/api/health');
    expect(redactUrl('/x?%E0%A4%A=1&flag')).toBe('/x?%E0%A4%A=1&flag');
  });

  it('shows none of the secrets a request carries, even from a route that logs the whole request', async () => {
    const { lines, stream } = capture();
    const app = Fastify({ loggerInstance: createLogger('trace', stream) as FastifyBaseLogger });
    app.all('/api/upstox/callback', async (request) => {
      request.log.info(
        { req: request, headers: request.headers, query: request.query, body: request.body },
        'seen',
      );
      return { ok: true };
    });
    await app.inject({ method: 'GET', url: callbackUrl, headers: HEADER });
    await app.inject({ method: 'POST', url: callbackUrl, headers: HEADER, payload: SECRET });
    await app.close();
    const output = lines.join('');
    expect(output).toContain('"msg":"seen"');
    for (const secret of EVERY_SECRET) expect(output).not.toContain(secret);
  });

  it('keeps the API server log free of the secrets requests carry, in headers, query and body', async () => {
    const { lines, stream } = capture();
    const t = await buildTestApp({ logStream: stream });
    try {
      await t.app.inject({ method: 'GET', url: callbackUrl, headers: HEADER });
      await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: HEADER, payload: SECRET });
      await t.app.inject({ method: 'PUT', url: '/api/platform/registry', headers: HEADER, payload: SECRET });
      await t.app.inject({
        method: 'GET',
        url: `/api/trading/mode?session_token=${SECRET.session_token}`,
        headers: HEADER,
      });
    } finally {
      await t.close();
    }
    const output = lines.join('');
    expect(output.split('\n').filter((line) => line.includes('"msg":"request"'))).toHaveLength(4);
    for (const secret of EVERY_SECRET) expect(output).not.toContain(secret);
  });
});
