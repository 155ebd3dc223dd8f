import { historyCoverageSchema, historyImportRefusalSchema, historyImportResultSchema } from '@td/contracts';
import {
  FakeUpstoxApi,
  invalidTokenReply,
} from '../../engines/market/providers/upstox/test-support/fake-upstox-api';
import { buildTestApp, signInForTest, type TestApp } from '../../test-support';

// The test clock reads Monday 2026-01-05 09:30 IST: Upstox's history ends on Friday 2026-01-02.
const HEADER = 'symbol,timestamp,open,high,low,close,volume';

let testApp: TestApp;
let headers: { authorization: string };
let upstox: FakeUpstoxApi | null = null;

afterEach(async () => {
  await testApp.close();
  await upstox?.close();
  upstox = null;
});

async function start(withUpstox = false) {
  let baseUrl: string | undefined;
  if (withUpstox) {
    upstox = new FakeUpstoxApi();
    baseUrl = await upstox.listen();
    upstox.route('POST', /^\/v2\/login\/authorization\/token$/, () => ({
      status: 200,
      body: { access_token: 'upstox-token-SECRET', user_id: 'AB1234', user_name: 'Asha' },
    }));
  }
  testApp = await buildTestApp(
    baseUrl
      ? {
          config: {
            upstox: {
              clientId: 'client-1',
              clientSecret: 'shh',
              redirectUri: 'http://localhost/cb',
              baseUrl,
            },
          },
        }
      : {},
  );
  ({ headers } = await signInForTest(testApp));
  if (withUpstox) {
    const connect = await call('POST', '/api/upstox/connect');
    const state = new URL(connect.json().data.auth_url).searchParams.get('state')!;
    await testApp.app.inject({ method: 'GET', url: `/api/upstox/callback?code=abc&state=${state}` });
    upstox!.requests.length = 0;
  }
}

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  testApp.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
const importCsv = (payload: object) => call('POST', '/api/history/import', payload);
const coverage = async () => (await call('GET', '/api/history/coverage')).json().data;

describe('POST /api/history/import and GET /api/history/coverage', () => {
  beforeEach(() => start());

  it('imports one-minute bars and shows what is stored per symbol', async () => {
    const reply = await importCsv({
      format: 'ohlcv',
      interval: '1minute',
      csv: `${HEADER}\nINFY,2026-01-02 09:15,1600.5,1602,1600,1601.25,500\nINFY,2026-01-02T09:16:00+05:30,1601.25,1601.25,1599.95,1600,300\n`,
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().data).toEqual({
      format: 'ohlcv',
      interval: '1minute',
      imported: 2,
      skipped: 0,
      symbols: ['INFY'],
    });
    // The browser reads both replies through these schemas (packages/api-client/src/history.ts).
    expect(historyImportResultSchema.safeParse(reply.json().data).success).toBe(true);
    expect(historyCoverageSchema.safeParse(await coverage()).success).toBe(true);
    expect(await coverage()).toEqual([
      {
        symbol: 'INFY',
        interval: '1minute',
        first: '2026-01-02T03:45:00.000Z',
        last: '2026-01-02T03:46:00.000Z',
        count: 2,
      },
    ]);
  });

  it('imports an NSE bhavcopy as daily bars without an interval', async () => {
    const reply = await importCsv({
      format: 'nse-bhavcopy',
      csv: 'SYMBOL,SERIES,OPEN,HIGH,LOW,CLOSE,LAST,PREVCLOSE,TOTTRDQTY,TOTTRDVAL,TIMESTAMP,TOTALTRADES,ISIN\nTCS,EQ,4100,4150,4080,4120.5,4121,4090,1500000,6180000000,02-JAN-2026,90000,INE467B01029',
    });
    expect(reply.json().data).toMatchObject({ interval: 'day', imported: 1, symbols: ['TCS'] });
    expect(await coverage()).toEqual([
      {
        symbol: 'TCS',
        interval: 'day',
        first: '2026-01-01T18:30:00.000Z',
        last: '2026-01-01T18:30:00.000Z',
        count: 1,
      },
    ]);
  });

  it('refuses a file with a bad row with 422, its line and sentence, and stores nothing', async () => {
    const reply = await importCsv({
      format: 'ohlcv',
      interval: '1minute',
      csv: `${HEADER}\nINFY,2026-01-02 09:15,1600,1602,1600,1601,500\nINFY,2026-01-02 09:16,1600,1598,1601,1600,300`,
    });
    expect(reply.statusCode).toBe(422);
    expect(reply.json()).toMatchObject({
      success: false,
      code: 'history_rows_refused',
      error: 'Nothing was imported: line 3: high 1598 is below low 1601. Fix the file and import it again.',
      problems: [{ line: 3, message: 'high 1598 is below low 1601' }],
      refusedLines: 1,
    });
    expect(historyImportRefusalSchema.safeParse(reply.json()).success).toBe(true);
    expect(await coverage()).toEqual([]);
  });

  it.each([
    [{ interval: 'day', csv: 'x' }, 'Invalid format: format must be one of ohlcv, nse-bhavcopy'],
    [
      { format: 'excel', interval: 'day', csv: 'x' },
      'Invalid format: format must be one of ohlcv, nse-bhavcopy',
    ],
    [
      { format: 'ohlcv', csv: 'x' },
      'Invalid interval: interval is required for the ohlcv format: 1minute or day',
    ],
    [
      { format: 'ohlcv', interval: '5minute', csv: 'x' },
      'Invalid interval: interval must be one of 1minute, day',
    ],
    [
      { format: 'nse-bhavcopy', interval: '1minute', csv: 'x' },
      'Invalid interval: an NSE bhavcopy holds daily bars',
    ],
    [{ format: 'ohlcv', interval: 'day' }, 'Invalid csv: csv is required'],
    [{ format: 'ohlcv', interval: 'day', csv: '' }, 'Invalid csv: csv is empty'],
  ])('answers 400 with a sentence for %j', async (payload, message) => {
    const reply = await importCsv(payload);
    expect(reply.statusCode).toBe(400);
    expect(reply.json().error).toContain(message);
  });

  it('answers 422 for a file with a header only', async () => {
    const reply = await importCsv({ format: 'ohlcv', interval: 'day', csv: HEADER });
    expect(reply.statusCode).toBe(422);
    expect(reply.json().error).toContain('line 1: the file has a header but no rows');
  });

  it('accepts a file above the default body limit, up to its own', async () => {
    const row = 'RELIANCE,2026-01-02 09:15,1234.5,1236.07,1233.1,1235.29,1200\n';
    const csv = `${HEADER}\n${row.repeat(Math.ceil((300 * 1024) / row.length))}`;
    const reply = await importCsv({ format: 'ohlcv', interval: '1minute', csv });
    // Read whole, and refused for its duplicates rather than for its size.
    expect(reply.statusCode).toBe(422);
    expect(reply.json().error).toContain('line 3: duplicate row: line 2 already has RELIANCE');
  });

  it('requires a session for every history route', async () => {
    for (const [method, url] of [
      ['POST', '/api/history/import'],
      ['GET', '/api/history/coverage'],
      ['POST', '/api/history/fetch'],
    ] as const) {
      const reply = await testApp.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(reply.statusCode).toBe(401);
    }
  });
});

const fetchBody = { symbols: ['RELIANCE', 'TCS'], interval: '1minute', from: '2025-11-03', to: '2026-01-02' };

describe('POST /api/history/fetch without Upstox', () => {
  beforeEach(() => start());

  it('answers 409 with what to do', async () => {
    const reply = await call('POST', '/api/history/fetch', fetchBody);
    expect(reply.statusCode).toBe(409);
    expect(reply.json().error).toMatch(
      /^Upstox history needs a connected account\. Upstox is not configured/,
    );
  });

  it.each([
    [{ ...fetchBody, symbols: [] }, 'Invalid symbols: symbols is empty'],
    [
      { ...fetchBody, symbols: Array.from({ length: 21 }, (_, i) => `S${i}`) },
      'at most 20 symbols per fetch',
    ],
    [{ ...fetchBody, interval: 'week' }, 'Invalid interval: interval must be one of 1minute, day'],
    [{ ...fetchBody, from: '2025-13-01' }, 'Invalid from: from is not a real calendar date'],
    [{ ...fetchBody, from: '2026-01-02', to: '2025-12-01' }, 'Invalid to: from must be on or before to'],
    [{ ...fetchBody, from: '2025-01-01' }, 'the range is too long for one fetch'],
    [
      { ...fetchBody, interval: '1minute', from: '2021-12-01', to: '2022-01-10' },
      'Invalid from: Upstox serves one-minute bars from 2022-01-01 on',
    ],
  ])('answers 400 with a sentence for %j', async (payload, message) => {
    const reply = await call('POST', '/api/history/fetch', payload);
    expect(reply.statusCode).toBe(400);
    expect(reply.json().error).toContain(message);
  });
});

/** Upstox's V3 reply: newest first, timestamps with the IST offset, rupees as JSON numbers. */
function candlesReply(path: string) {
  const [, , , , unit, , to, from] = path.split('/');
  const rows: unknown[][] = [];
  for (let day = from!; day <= to!; day = nextDay(day)) {
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    if (unit === 'days') rows.push([`${day}T00:00:00+05:30`, 1520.1, 1534, 1515.25, 1530.45, 8123456, 0]);
    else
      rows.push(
        [`${day}T09:15:00+05:30`, 1520.1, 1521, 1519.55, 1520.35, 1200, 0],
        [`${day}T09:16:00+05:30`, 1520.35, 1522.2, 1520.3, 1521.9, 900, 0],
      );
  }
  return { status: 200, body: { status: 'success', data: { candles: rows.reverse() } } };
}
const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const HISTORY = /^\/v3\/historical-candle\/NSE_EQ\|[A-Z0-9]+\/(minutes|days)\/1\/[\d-]+\/[\d-]+$/;

describe('POST /api/history/fetch from Upstox', () => {
  beforeEach(() => start(true));

  it('fetches each symbol month by month through the V3 path and stores the bars in paise', async () => {
    upstox!.route('GET', HISTORY, (request) => candlesReply(request.path));
    const reply = await call('POST', '/api/history/fetch', fetchBody);
    expect(reply.statusCode).toBe(200);
    // 2025-11-03 to 2026-01-02: 45 weekdays, two bars each.
    expect(reply.json().data).toEqual({
      interval: '1minute',
      from: '2025-11-03',
      to: '2026-01-02',
      stored: [
        { symbol: 'RELIANCE', bars: 90 },
        { symbol: 'TCS', bars: 90 },
      ],
    });
    expect(upstox!.requests.map((r) => r.path)).toEqual([
      '/v3/historical-candle/NSE_EQ|INE002A01018/minutes/1/2025-11-30/2025-11-03',
      '/v3/historical-candle/NSE_EQ|INE002A01018/minutes/1/2025-12-28/2025-12-01',
      '/v3/historical-candle/NSE_EQ|INE002A01018/minutes/1/2026-01-02/2025-12-29',
      '/v3/historical-candle/NSE_EQ|INE467B01029/minutes/1/2025-11-30/2025-11-03',
      '/v3/historical-candle/NSE_EQ|INE467B01029/minutes/1/2025-12-28/2025-12-01',
      '/v3/historical-candle/NSE_EQ|INE467B01029/minutes/1/2026-01-02/2025-12-29',
    ]);
    expect(upstox!.requests.every((r) => r.authorization === 'Bearer upstox-token-SECRET')).toBe(true);
    const bars = testApp.services.history.bars({
      symbols: ['TCS'],
      interval: '1minute',
      fromMs: Date.parse('2026-01-02T09:15:00+05:30'),
      toMs: Date.parse('2026-01-02T15:30:00+05:30'),
    });
    expect(bars).toEqual([
      expect.objectContaining({
        open: 152_010,
        high: 152_100,
        low: 151_955,
        close: 152_035,
        volume: 1200,
        source: 'upstox',
      }),
      expect.objectContaining({ close: 152_190, startMs: Date.parse('2026-01-02T09:16:00+05:30') }),
    ]);
  });

  it('stores daily bars at their IST midnight', async () => {
    upstox!.route('GET', HISTORY, (request) => candlesReply(request.path));
    const reply = await call('POST', '/api/history/fetch', {
      symbols: ['INFY'],
      interval: 'day',
      from: '2025-12-29',
      to: '2026-01-02',
    });
    expect(reply.json().data.stored).toEqual([{ symbol: 'INFY', bars: 5 }]);
    expect(upstox!.requests.map((r) => r.path)).toEqual([
      '/v3/historical-candle/NSE_EQ|INE009A01021/days/1/2026-01-02/2025-12-29',
    ]);
    expect((await coverage())[0]).toEqual({
      symbol: 'INFY',
      interval: 'day',
      first: '2025-12-28T18:30:00.000Z',
      last: '2026-01-01T18:30:00.000Z',
      count: 5,
    });
  });

  it('pauses on a 429 with Retry-After: the finished symbol stays, the one in progress stores nothing', async () => {
    upstox!.route('GET', HISTORY, (request) =>
      request.path.includes('INE467B01029') && request.path.includes('/2025-12-28/')
        ? {
            status: 429,
            headers: { 'retry-after': '30' },
            body: {
              status: 'error',
              errors: [{ errorCode: 'UDAPI10005', message: 'Too Many Request Sent' }],
            },
          }
        : candlesReply(request.path),
    );
    const reply = await call('POST', '/api/history/fetch', fetchBody);
    expect(reply.statusCode).toBe(429);
    expect(reply.headers['retry-after']).toBe('30');
    expect(reply.json()).toMatchObject({
      code: 'upstox_rate_limited',
      error:
        "The history fetch paused: Upstox's rate limit was reached (RELIANCE stored; TCS and the symbols after it were not fetched). Fetch the rest again in 30 s.",
      stored: [{ symbol: 'RELIANCE', bars: 90 }],
    });
    expect((await coverage()).map((c: { symbol: string }) => c.symbol)).toEqual(['RELIANCE']);
  });

  it('stops on a rejected token with what to do, storing nothing of that symbol', async () => {
    upstox!.route('GET', HISTORY, () => invalidTokenReply);
    const reply = await call('POST', '/api/history/fetch', fetchBody);
    expect(reply.statusCode).toBe(409);
    expect(reply.json().error).toMatch(
      /^The history fetch stopped: Upstox rejected the access token, which expires daily at 03:30 IST \(nothing stored; RELIANCE and the symbols after it were not fetched\)\. Reconnect Upstox/,
    );
    expect(reply.body).not.toContain('upstox-token-SECRET');
    expect(await coverage()).toEqual([]);
  });

  it('refuses a range reaching today, and an unknown symbol, before asking Upstox', async () => {
    const today = await call('POST', '/api/history/fetch', { ...fetchBody, to: '2026-01-05' });
    expect(today.statusCode).toBe(400);
    expect(today.json().error).toBe(
      "Invalid to: Upstox's history ends yesterday (2026-01-04); today's bars are still forming",
    );
    const unknown = await call('POST', '/api/history/fetch', {
      ...fetchBody,
      symbols: ['RELIANCE', 'NOTASTOCK'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe('Invalid symbols: NOTASTOCK is not in the instruments list');
    expect(upstox!.requests).toEqual([]);
  });
});
