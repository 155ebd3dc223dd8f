import { MarketDataError } from '../../market-types';
import { FakeUpstoxApi, invalidTokenReply } from './test-support/fake-upstox-api';
import { UpstoxApiError, UpstoxAuthError, UpstoxRateLimitError } from './upstox-errors';
import { UPSTOX_QUOTE_BATCH, UpstoxRestClient } from './upstox-rest-client';

const TOKEN = 'eyJ0eXAiOiJKV1QifQ.e30.secret-signature';

function quoteFor(instrumentKey: string, i: number) {
  return {
    ohlc: { open: 100 + i, high: 110 + i, low: 95 + i, close: 104.5 + i },
    depth: {
      buy: [{ quantity: 10, price: 104.4 + i, orders: 2 }],
      sell: [{ quantity: 7, price: 104.6 + i, orders: 1 }],
    },
    timestamp: '2026-11-23T10:15:07.250+05:30',
    instrument_token: instrumentKey,
    symbol: `SYM${i}`,
    last_price: 104.5 + i,
    volume: 1000 * i,
    average_price: 103.2,
    oi: 0,
    net_change: 2.5,
    total_buy_quantity: 5000,
    total_sell_quantity: 4200,
    lower_circuit_limit: 94,
    upper_circuit_limit: 115,
    last_trade_time: '1795410307250',
    oi_day_high: 0,
    oi_day_low: 0,
  };
}

describe('UpstoxRestClient', () => {
  let api: FakeUpstoxApi;
  let client: UpstoxRestClient;

  beforeEach(async () => {
    api = new FakeUpstoxApi();
    client = new UpstoxRestClient({ baseUrl: await api.listen(), accessToken: () => TOKEN });
  });
  afterEach(() => api.close());

  it('builds the OAuth authorize URL', () => {
    const url = new URL(
      client.authorizationUrl({ clientId: 'key-1', redirectUri: 'http://localhost:4000/cb', state: 's1' }),
    );
    expect(url.pathname).toBe('/v2/login/authorization/dialog');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'key-1',
      redirect_uri: 'http://localhost:4000/cb',
      state: 's1',
    });
  });

  it('exchanges the code form-encoded and returns the token with its issue time', async () => {
    api.route('POST', /^\/v2\/login\/authorization\/token$/, () => ({
      status: 200,
      body: {
        email: 'a@b.in',
        user_id: 'AB1234',
        user_name: 'Trader',
        broker: 'UPSTOX',
        access_token: 'new-token',
        is_active: true,
      },
    }));
    const grant = await client.exchangeCode({
      code: 'c0de',
      clientId: 'key-1',
      clientSecret: 'shh',
      redirectUri: 'http://x/cb',
      now: 5,
    });
    expect(grant).toEqual({ accessToken: 'new-token', userId: 'AB1234', userName: 'Trader', issuedAtMs: 5 });
    const [request] = api.requests;
    expect(request?.authorization).toBeUndefined();
    expect(Object.fromEntries(new URLSearchParams(request?.body))).toEqual({
      code: 'c0de',
      client_id: 'key-1',
      client_secret: 'shh',
      redirect_uri: 'http://x/cb',
      grant_type: 'authorization_code',
    });
  });

  it('batches quotes 500 keys per call and reads each instrument_token', async () => {
    api.route('GET', /^\/v2\/market-quote\/quotes$/, (request) => {
      const keys = request.query.get('instrument_key')!.split(',');
      const data = Object.fromEntries(keys.map((key, i) => [`NSE_EQ:SYM${i}`, quoteFor(key, i)]));
      return { status: 200, body: { status: 'success', data } };
    });
    const keys = Array.from({ length: 1200 }, (_, i) => `NSE_EQ|INE${String(i).padStart(6, '0')}01`);
    const quotes = await client.marketQuotes(keys);
    const batches = api.requests.map((r) => r.query.get('instrument_key')!.split(',').length);
    expect(batches).toEqual([UPSTOX_QUOTE_BATCH, UPSTOX_QUOTE_BATCH, 200]);
    expect(api.requests[0]?.authorization).toBe(`Bearer ${TOKEN}`);
    expect(quotes).toHaveLength(1200);
    expect(quotes[1]).toEqual({
      instrumentKey: keys[1],
      lastPrice: 105.5,
      netChange: 2.5,
      open: 101,
      high: 111,
      low: 96,
      volume: 1000,
      timestampMs: 1795410307250,
    });
  });

  it('reads historical candles from the v3 path, oldest first', async () => {
    api.route('GET', /^\/v3\/historical-candle\//, () => ({
      status: 200,
      body: {
        status: 'success',
        data: {
          candles: [
            ['2026-11-20T00:00:00+05:30', 2940.5, 2961, 2925.15, 2950.55, 5123400, 0],
            ['2026-11-19T00:00:00+05:30', 2911, 2945.9, 2902.3, 2931.1, 4980100, 0],
          ],
        },
      },
    }));
    const rows = await client.historicalCandles('NSE_EQ|INE002A01018', 'days', 1, '2026-11-20', '2026-11-19');
    expect(api.requests[0]?.path).toBe(
      '/v3/historical-candle/NSE_EQ|INE002A01018/days/1/2026-11-20/2026-11-19',
    );
    expect(rows.map((r) => r.ts)).toEqual([
      Date.parse('2026-11-19T00:00:00+05:30'),
      Date.parse('2026-11-20T00:00:00+05:30'),
    ]);
    expect(rows[1]).toMatchObject({
      open: 2940.5,
      high: 2961,
      low: 2925.15,
      close: 2950.55,
      volume: 5123400,
      oi: 0,
    });
  });

  it('falls back to the v2 candle path when v3 answers 404', async () => {
    api.route('GET', /^\/v2\/historical-candle\//, () => ({
      status: 200,
      body: { status: 'success', data: { candles: [['2026-11-20T09:15:00+05:30', 1, 2, 0.5, 1.5, 10, 0]] } },
    }));
    const rows = await client.historicalCandles('NSE_EQ|X', 'minutes', 1, '2026-11-20', '2026-11-20');
    expect(api.requests.map((r) => r.path)).toEqual([
      '/v3/historical-candle/NSE_EQ|X/minutes/1/2026-11-20/2026-11-20',
      '/v2/historical-candle/NSE_EQ|X/1minute/2026-11-20/2026-11-20',
    ]);
    expect(rows).toHaveLength(1);
  });

  it('returns the one-time feed URL from authorize', async () => {
    api.feedUrl = 'wss://wsfeeder-api.upstox.com/market-data-feeder/v3/upstox-developer-api/feeds';
    await expect(client.authorizeMarketDataFeed()).resolves.toMatch(
      /^wss:\/\/wsfeeder-api\.upstox\.com\/.*code=1$/,
    );
  });

  it('turns 401 / UDAPI100050 into UpstoxAuthError without echoing the token', async () => {
    api.route('GET', /authorize$/, () => invalidTokenReply);
    const error = await client.authorizeMarketDataFeed().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstoxAuthError);
    expect(error).toMatchObject({ code: 'auth_required', upstoxCode: 'UDAPI100050' });
    expect((error as Error).message).toContain('Invalid token used to access API');
    expect((error as Error).message).not.toContain(TOKEN);
  });

  it('turns 429 into UpstoxRateLimitError with Retry-After', async () => {
    api.route('GET', /^\/v2\/market-quote\/quotes$/, () => ({
      status: 429,
      headers: { 'retry-after': '7' },
      body: { status: 'error', errors: [{ errorCode: 'UDAPI10005', message: 'Too Many Request Sent' }] },
    }));
    const error = await client.marketQuotes(['NSE_EQ|X']).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstoxRateLimitError);
    expect(error).toMatchObject({ retryAfterMs: 7000, code: 'upstream_error' });
  });

  it('reports other errors as upstream_error with Upstox’s message', async () => {
    api.route('GET', /^\/v3\/historical-candle\//, () => ({
      status: 400,
      body: { status: 'error', errors: [{ errorCode: 'UDAPI1148', message: 'Invalid date range' }] },
    }));
    const error = await client
      .historicalCandles('NSE_EQ|X', 'minutes', 1, '2026-01-01', '2025-01-01')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstoxApiError);
    expect(error).toMatchObject({ code: 'upstream_error', httpStatus: 400 });
    expect((error as Error).message).toBe('Upstox error: Invalid date range (UDAPI1148).');
  });

  it('refuses to call without a token', async () => {
    const signedOut = new UpstoxRestClient({ baseUrl: client.baseUrl, accessToken: () => null });
    await expect(signedOut.marketQuotes(['NSE_EQ|X'])).rejects.toMatchObject({ code: 'not_configured' });
    expect(api.requests).toHaveLength(0);
    await expect(signedOut.marketQuotes(['NSE_EQ|X'])).rejects.toBeInstanceOf(MarketDataError);
  });
});
