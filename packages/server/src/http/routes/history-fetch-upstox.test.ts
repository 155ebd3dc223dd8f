import { invalidTokenReply } from '../../engines/market/providers/upstox/test-support/fake-upstox-api';
import {
  call,
  closeHistoryApp,
  coverage,
  fetchBody,
  start,
  testApp,
  upstox,
} from './test-support/history-app';

afterEach(closeHistoryApp);

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
