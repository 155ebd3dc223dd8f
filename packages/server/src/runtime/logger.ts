import pino, { type Logger } from 'pino';

/** Fields that carry a secret, in the spellings the code, Upstox and browsers use. */
const SECRET_FIELDS = [
  'token',
  'password',
  'new_password',
  'temp_token',
  'tempToken',
  'setup_token',
  'session_token',
  'sessionToken',
  'access_token',
  'accessToken',
  'refresh_token',
  'refreshToken',
  'id_token',
  'idToken',
  'client_secret',
  'clientSecret',
  'api_secret',
  'apiSecret',
  'ops_token',
  'opsToken',
  'secretsKey',
  'authorization_code',
  'authorizationCode',
  'cookie',
  'cookies',
];

/** Headers that carry a secret: the session, cookies both ways, the ops credential. */
const SECRET_HEADERS = [
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'x-ops-token',
  'x-api-key',
];

/** Query parameters whose values are secrets: the OAuth callback's code and state, and any token or key. */
const SECRET_QUERY_PARAMETER = /^(code|state)$|token|secret|password|key|signature|cookie|session/i;

const headerPaths = (holder: string) => SECRET_HEADERS.map((name) => `${holder}["${name}"]`);

/** Fields that must never reach a log line, wherever they appear in a logged object. */
export const REDACTED_PATHS = [
  ...headerPaths('req.headers'),
  ...headerPaths('res.headers'),
  ...headerPaths('headers'),
  ...headerPaths('*.headers'),
  ...SECRET_FIELDS,
  ...SECRET_FIELDS.map((field) => `*.${field}`),
  // The OAuth callback's query, if a query object is ever logged.
  'query.code',
  'query.state',
  '*.query.code',
  '*.query.state',
];

/** A URL with the value of every secret-bearing query parameter replaced: `/cb?code=[redacted]&x=1`. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt < 0) return url;
  const [query = '', fragment] = url.slice(queryAt + 1).split('#', 2);
  const redacted = query
    .split('&')
    .map((pair) => {
      const [name = '', ...value] = pair.split('=');
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {}
      return value.length > 0 && SECRET_QUERY_PARAMETER.test(decoded) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, queryAt)}?${redacted}${fragment === undefined ? '' : `#${fragment}`}`;
}

const urlSerializer = (value: unknown) => (typeof value === 'string' ? redactUrl(value) : value);

/** A logged request (Fastify's or Node's): what it asked for, its query secrets redacted, no headers. */
function requestSerializer(value: unknown) {
  if (typeof value !== 'object' || value === null) return value;
  const request = value as { method?: unknown; url?: unknown; ip?: unknown; id?: unknown };
  return { id: request.id, method: request.method, url: urlSerializer(request.url), ip: request.ip };
}

/**
 * Standard output, written in blocks of 4 KiB at least every 250 ms and flushed when the process
 * exits, instead of one write per line: a write costs ≈ 20 µs on this kind of VM, 7 % of the server's
 * time under load (docs/decisions/0009). A kill -9 can lose the last 250 ms of lines, never an order.
 */
function bufferedStdout(): pino.DestinationStream {
  return pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 250 });
}

export function createLogger(level: string, destination: pino.DestinationStream = bufferedStdout()): Logger {
  return pino(
    {
      level,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      serializers: { url: urlSerializer, req: requestSerializer, request: requestSerializer },
    },
    destination,
  );
}
