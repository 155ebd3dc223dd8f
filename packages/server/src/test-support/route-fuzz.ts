import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { brokenInvariants } from '../engines/broker/ledger/test-support/ledger-invariants';
import type { TestApp } from './build-test-app';
import { type RegisteredRoute, registeredRoutes } from './registered-routes';
import { TEST_PASSWORD } from './test-session';

/**
 * Random requests against every route the app registers, for the fuzz test and its bench: bodies,
 * query strings, path params and headers built from the API's own field names and from values
 * meant to break things (huge and odd numbers, unicode, deep JSON, wrong types), signed in or not.
 */
export interface FuzzRequest {
  method: string;
  url: string;
  signedIn: boolean;
  headers: Record<string, string>;
  /** A JSON value, or raw text sent as the body as it is. */
  body?: { json: unknown } | { raw: string };
  remoteAddress: string;
}

/** Field names the API reads, so random bodies and queries reach the validation past "required". */
const FIELDS = [
  'symbol',
  'symbols',
  'side',
  'type',
  'quantity',
  'limit_price',
  'strategy',
  'balance',
  'mode',
  'email',
  'password',
  'temp_token',
  'new_password',
  'name',
  'entry',
  'manifest_url',
  'version',
  'remotes',
  'code',
  'state',
  'interval',
  'from',
  'to',
  'range',
  'page',
  'page_size',
  'limit',
  'offset',
  'search',
  'status',
  'account',
  'max_position_size',
  'max_daily_loss',
  'max_portfolio_exposure',
  'max_positions_count',
  'min_balance_threshold',
  'brokerage_per_trade',
  'stt_rate',
  'transaction_charges',
  '__proto__',
  'constructor',
] as const;

/** Values a client could mean, so some requests get past validation and do something. */
const PLAUSIBLE = [
  'TCS',
  'RELIANCE',
  'INFY',
  'NIFTY 50',
  'BUY',
  'SELL',
  'MARKET',
  'LIMIT',
  'mock',
  'paper',
  'live',
  '1m',
  '1d',
  '1s',
  'today',
  '365d',
  'FILLED',
  'PENDING',
  'REJECTED',
  'manual',
  'momentum',
  'mf-trading',
  'http://localhost:3002/mf-trading/9.9.9/mf-manifest.json',
  'https://evil.example/mf-manifest.json',
  'someone@example.com',
  TEST_PASSWORD,
] as const;

const hugeNumber = fc.constantFrom(
  1e16,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER,
  2 ** 53,
  2 ** 63,
  1e-9,
  5e-324,
  -0,
  0.1 + 0.2,
);

const number = fc.oneof(
  fc.integer(),
  fc.integer({ min: -5, max: 2_000_000 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  hugeNumber,
);

const numericText = fc.oneof(
  number.map(String),
  fc.constantFrom(
    '1e16',
    'NaN',
    'Infinity',
    '-Infinity',
    '0x10',
    ' 1 ',
    '1_000',
    '١٢٣',
    '1e-400',
    '9'.repeat(400),
  ),
);

const text = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(...PLAUSIBLE),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\u202e',
    '😀'.repeat(50),
    'a'.repeat(10_000),
    '../../../etc/passwd',
    '%00',
    "' OR 1=1 --",
    '<script>alert(1)</script>',
    '{{7*7}}',
  ),
);

/** JSON nested this deep, as text (fast-check's own trees stay shallow, and printing a deep one overflows). */
const deepJson = fc
  .record({
    depth: fc.integer({ min: 50, max: 20_000 }),
    shape: fc.constantFrom('array', 'object', 'field'),
  })
  .map(({ depth, shape }) => {
    if (shape === 'array') return '['.repeat(depth) + ']'.repeat(depth);
    const nested = `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    return shape === 'object'
      ? nested
      : `{"symbol":"TCS","side":"BUY","quantity":${nested},"limit_price":${nested}}`;
  });

const leaf: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: text },
  { weight: 3, arbitrary: number },
  { weight: 2, arbitrary: numericText },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false) },
);

const value: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: leaf },
  { weight: 1, arbitrary: fc.array(leaf, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom(...FIELDS), leaf, { maxKeys: 4 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

const fieldObject = fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS), fc.string()), value, {
  maxKeys: 9,
});

/** Mostly a sensible value, sometimes anything: a whole body valid but for one field reaches deepest. */
const mostly = (sensible: fc.Arbitrary<unknown>) =>
  fc.oneof({ weight: 4, arbitrary: sensible }, { weight: 1, arbitrary: value });
const price = fc.oneof(
  fc.integer({ min: 1, max: 400_000 }).map((ticks) => ticks / 20),
  fc.constantFrom(0.05, 1_000_000, 1_000_000.05, 1e16, 1e-9),
);

/** Bodies shaped like the API's own requests, by the route that reads them. */
const SHAPED_BODIES: Record<string, fc.Arbitrary<unknown>> = {
  '/api/orders': fc.record({
    symbol: mostly(fc.constantFrom('TCS', 'RELIANCE', 'INFY', 'SBIN', 'ITC')),
    side: mostly(fc.constantFrom('BUY', 'SELL')),
    type: mostly(fc.constantFrom('MARKET', 'LIMIT')),
    quantity: mostly(fc.oneof(fc.integer({ min: 1, max: 50 }), fc.constantFrom(1_000_000, 1e12))),
    limit_price: mostly(price),
    strategy: mostly(fc.constantFrom('manual', 'momentum')),
  }),
  '/api/trading/paper-limits': fc.record({
    max_position_size: mostly(fc.integer({ min: 1, max: 1e9 })),
    max_daily_loss: mostly(fc.integer({ min: 1, max: 1e9 })),
    max_portfolio_exposure: mostly(fc.double({ min: 0, max: 1, noNaN: true })),
    max_positions_count: mostly(fc.integer({ min: 1, max: 200 })),
    min_balance_threshold: mostly(fc.integer({ min: 0, max: 1e9 })),
    brokerage_per_trade: mostly(fc.integer({ min: 0, max: 10_000 })),
    stt_rate: mostly(fc.double({ min: 0, max: 0.05, noNaN: true })),
    transaction_charges: mostly(fc.double({ min: 0, max: 1, noNaN: true })),
  }),
  '/api/trading/paper/balance': fc.record({
    balance: mostly(fc.oneof(fc.integer({ min: 1, max: 1e11 }), hugeNumber)),
  }),
  '/api/trading/paper-reset': fc.record(
    { balance: mostly(fc.constantFrom(1_000_000)) },
    { requiredKeys: [] },
  ),
  '/api/trading/mode': fc.record({ mode: mostly(fc.constantFrom('mock', 'paper', 'live')) }),
  '/api/auth/login': fc.record({
    email: mostly(fc.constantFrom('someone@example.com', 'x@y')),
    password: mostly(fc.constantFrom(TEST_PASSWORD, 'wrong')),
  }),
  '/api/auth/login/code': fc.record({
    challenge: mostly(fc.string()),
    code: mostly(fc.constantFrom('123456', 'abcde-fghjk', '')),
  }),
  '/api/auth/second-factor/confirm': fc.record({ code: mostly(fc.constantFrom('123456', '')) }),
  '/api/auth/set-password': fc.record({
    temp_token: mostly(fc.string()),
    new_password: mostly(fc.constantFrom(TEST_PASSWORD, 'short')),
  }),
};

const anyBody: fc.Arbitrary<FuzzRequest['body']> = fc.oneof(
  { weight: 6, arbitrary: fieldObject.map((json) => ({ json })) },
  { weight: 1, arbitrary: deepJson.map((raw) => ({ raw })) },
  { weight: 1, arbitrary: value.map((json) => ({ json })) },
  {
    weight: 1,
    arbitrary: fc
      .oneof(
        fc.string(),
        fc.constantFrom('{', '{"a":', '[1,2', 'null', '""', '{"__proto__":{"x":1}}', '{"a":1e999}'),
      )
      .map((raw) => ({ raw })),
  },
  { weight: 1, arbitrary: fc.constant(undefined) },
);

const queryValue = fc.oneof(text, numericText);
const query = fc
  .array(fc.tuple(fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 8 })), queryValue), {
    maxLength: 5,
  })
  .map((pairs) => pairs.map(([key, v]) => `${encodeURIComponent(key)}=${encodeURIComponent(v)}`).join('&'));

const pathParam = fc.oneof(
  fc.constantFrom('TCS', 'RELIANCE', 'NOPE', '0', '-1', '1e16', '%2e%2e', '%00', '%', 'a'.repeat(300)),
  text.map((v) => encodeURIComponent(v)),
);

/** Printable header values only: anything else the client library refuses before it is sent. */
const headerText = fc.oneof(
  fc.string({ maxLength: 60 }).map((v) => v.replace(/[^\x20-\x7e]/g, '')),
  fc.constantFrom(
    'localhost',
    'evil.example',
    'http://localhost:3000',
    'null',
    '127.0.0.1, 10.0.0.1',
    'Bearer ',
    'Bearer x.y.z',
    'a'.repeat(4_000),
  ),
);

const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  '',
);

/** Present now and then: a request carrying every odd header is refused at the door and tests nothing else. */
const sometimes = <T>(arbitrary: fc.Arbitrary<T>, weight = 1) =>
  fc.oneof({ weight: 6, arbitrary: fc.constant(undefined) }, { weight, arbitrary });

const headers = fc
  .record({
    'content-type': sometimes(contentType, 3),
    origin: sometimes(
      fc.oneof(headerText, fc.constantFrom('http://localhost:3000', 'http://127.0.0.1:3000')),
    ),
    host: sometimes(fc.oneof(headerText, fc.constantFrom('localhost', '127.0.0.1:8082', '[::1]:8082'))),
    'x-forwarded-for': sometimes(headerText),
    authorization: sometimes(headerText),
    cookie: sometimes(headerText),
    'x-ops-token': sometimes(headerText),
    accept: sometimes(fc.constantFrom('application/json', 'text/csv', '*/*', 'text/html')),
    'sec-websocket-key': sometimes(headerText),
    upgrade: sometimes(fc.constantFrom('websocket', 'h2c')),
  })
  .map(
    (record) =>
      Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined)) as Record<string, string>,
  );

const remoteAddress = fc.oneof(
  { weight: 4, arbitrary: fc.constant('127.0.0.1') },
  { weight: 1, arbitrary: fc.ipV4() },
  { weight: 1, arbitrary: fc.ipV6() },
);

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'] as const;

/** One random request against one of `routes` (or, now and then, a method or path it does not serve). */
export function fuzzRequest(routes: RegisteredRoute[]): fc.Arbitrary<FuzzRequest> {
  const served = routes.filter((route) => route.url.startsWith('/'));
  const target = fc.oneof(
    {
      weight: 9,
      // Routes that change state are drawn more often: that is where a bad value does harm.
      arbitrary: fc.oneof(
        ...served.map((route) => ({
          weight: SHAPED_BODIES[route.url] ? 6 : route.method === 'GET' || route.method === 'HEAD' ? 1 : 3,
          arbitrary: fc.constant(route),
        })),
      ),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        method: fc.constantFrom(...METHODS),
        url: fc.oneof(
          fc.constantFrom(...served).map((route) => route.url),
          text.map((v) => `/api/${v}`),
        ),
      }),
    },
  );
  // A route that reads a known body gets one shaped like it two times in three, anything otherwise.
  const bodyFor = (url: string): fc.Arbitrary<FuzzRequest['body']> => {
    const shaped = SHAPED_BODIES[url];
    if (!shaped) return anyBody;
    return fc.oneof(
      { weight: 2, arbitrary: shaped.map((json) => ({ json })) },
      { weight: 1, arbitrary: anyBody },
    );
  };
  return target.chain((route) =>
    fc
      .record({
        params: fc.array(pathParam, { minLength: 4, maxLength: 4 }),
        query: fc.option(query, { freq: 2 }),
        signedIn: fc.boolean(),
        headers,
        body: bodyFor(route.url),
        remoteAddress,
      })
      .map(({ params, query: search, signedIn, headers: sent, body: payload, remoteAddress: address }) => {
        let index = 0;
        const path = route.url.replace(/:[A-Za-z_]+|\*/g, () => params[index++ % params.length]!);
        const safePath = /^[\x21-\x7e]*$/.test(path) ? path : encodeURI(path);
        return {
          method: route.method,
          url: search ? `${safePath}?${search}` : safePath,
          signedIn,
          headers: sent,
          body: payload,
          remoteAddress: address,
        };
      }),
  );
}

/** What a reply must never show: a stack frame, a source path, the server's own folders. */
export function leakIn(responseBody: string, request: FuzzRequest, internalPaths: string[]): string | null {
  const echoed = `${request.url} ${JSON.stringify(request.body ?? '')} ${JSON.stringify(request.headers)}`;
  const patterns: [string, RegExp][] = [
    ['a stack frame', /\n\s*at \S|\bat [^\s()]+ \(.*:\d+:\d+\)/],
    ['a source file position', /\.(ts|js|mjs|cjs):\d+:\d+/],
    ['node_modules', /node_modules/],
    ...internalPaths.map((p): [string, RegExp] => [p, new RegExp(p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))]),
  ];
  for (const [what, pattern] of patterns) {
    if (pattern.test(responseBody) && !pattern.test(echoed)) return what;
  }
  return null;
}

export interface FuzzResult {
  status: number;
  problem: string | null;
}

/** 503 is how GET /api/ready says "not ready" (the fuzzed app's engines are not started): an answer, not a fault. */
function readinessAnswer(request: FuzzRequest, status: number): boolean {
  return status === 503 && request.url.split('?', 1)[0] === '/api/ready';
}

/** Sends requests and judges each reply; keeps a signed-in session alive across random sign-outs. */
export class RouteFuzzer {
  readonly routes: RegisteredRoute[];
  private token: string | null = null;
  private signIns = 0;

  constructor(
    private readonly testApp: TestApp,
    private readonly internalPaths: string[] = [testApp.config.dataDir, '/work/', process.cwd()],
  ) {
    this.routes = registeredRoutes(testApp.app);
  }

  arbitrary(): fc.Arbitrary<FuzzRequest> {
    return fuzzRequest(this.routes);
  }

  /** `count` requests drawn from `seed`: the same seed gives the same requests. */
  sample(seed: number, count: number): FuzzRequest[] {
    return fc.sample(this.arbitrary(), { seed, numRuns: count });
  }

  async send(request: FuzzRequest): Promise<FuzzResult> {
    const headers: Record<string, string> = { ...request.headers };
    if (request.signedIn) headers.authorization = `Bearer ${await this.sessionToken()}`;
    const options: InjectOptions = {
      method: request.method as InjectOptions['method'],
      url: request.url,
      headers,
      remoteAddress: request.remoteAddress,
    };
    if (request.body && request.method !== 'GET' && request.method !== 'HEAD') {
      if ('raw' in request.body) options.payload = request.body.raw;
      else options.payload = JSON.stringify(request.body.json) ?? 'null';
      headers['content-type'] ??= 'application/json';
    }
    let response: Awaited<ReturnType<TestApp['app']['inject']>>;
    try {
      response = await this.testApp.app.inject(options);
    } catch (error) {
      // The client library refused to build the request (a header it cannot send): nothing reached the server.
      if (
        error instanceof Error &&
        /header|Invalid|ERR_/i.test(`${error.message} ${String((error as { code?: string }).code)}`)
      )
        return { status: 0, problem: null };
      throw error;
    }
    if (response.statusCode >= 500 && !readinessAnswer(request, response.statusCode)) {
      return {
        status: response.statusCode,
        problem: `status ${response.statusCode}: ${response.body.slice(0, 300)}`,
      };
    }
    const leak = leakIn(response.body, request, this.internalPaths);
    return {
      status: response.statusCode,
      problem: leak ? `the reply shows ${leak}: ${response.body.slice(0, 300)}` : null,
    };
  }

  /** Broken ledger invariants of the paper account, as sentences; empty when it is whole. */
  brokenInvariants(): string[] {
    const { db, ledger } = this.testApp.services;
    return brokenInvariants(db, ledger, 'paper');
  }

  get sessionsStarted(): number {
    return this.signIns;
  }

  /** A live session for the signed-in requests: signs in again after a random sign-out ended it. */
  private async sessionToken(): Promise<string> {
    const { auth } = this.testApp.services;
    if (this.token && auth.isSessionLive(this.token)) return this.token;
    this.signIns += 1;
    // A fresh address each time: the per-address limit counts the fuzzer's own failed sign-ins.
    const signedIn = await auth.login(
      this.testApp.config.traderEmail,
      TEST_PASSWORD,
      `127.99.0.${this.signIns % 250}`,
    );
    if (!('sessionToken' in signedIn)) throw new Error('the fuzzer signs in with a password only');
    this.token = signedIn.sessionToken;
    return this.token;
  }
}
