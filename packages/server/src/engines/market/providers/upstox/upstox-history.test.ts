import { FakeUpstoxApi } from './test-support/fake-upstox-api';
import { fetchUpstoxCandles, fetchUpstoxQuotes, istDate } from './upstox-history';
import { UpstoxRestClient } from './upstox-rest-client';

const ist = (iso: string) => Date.parse(`${iso}+05:30`);
const RELIANCE = { symbol: 'RELIANCE', instrumentKey: 'NSE_EQ|INE002A01018' };

describe('Upstox quotes and candles', () => {
  let api: FakeUpstoxApi;
  let rest: UpstoxRestClient;

  beforeEach(async () => {
    api = new FakeUpstoxApi();
    rest = new UpstoxRestClient({ baseUrl: await api.listen(), accessToken: () => 'token' });
  });
  afterEach(() => api.close());

  it('maps quotes to paise with the previous close from net_change', async () => {
    api.route('GET', /^\/v2\/market-quote\/quotes$/, () => ({
      status: 200,
      body: {
        status: 'success',
        data: {
          'NSE_EQ:RELIANCE': {
            ohlc: { open: 2935, high: 2961, low: 2925.15, close: 2950.55 },
            timestamp: '2026-11-23T10:15:07.250+05:30',
            instrument_token: RELIANCE.instrumentKey,
            symbol: 'RELIANCE',
            last_price: 2950.55,
            volume: 5123400,
            net_change: 19.45,
            last_trade_time: String(ist('2026-11-23T10:15:07.000')),
          },
        },
      },
    }));
    expect(await fetchUpstoxQuotes(rest, [RELIANCE])).toEqual([
      {
        symbol: 'RELIANCE',
        ltp: 295055,
        previousClose: 293110,
        open: 293500,
        high: 296100,
        low: 292515,
        volume: 5123400,
        ts: ist('2026-11-23T10:15:07.000'),
        source: 'upstox',
      },
    ]);
  });

  it('fetches minute history in month windows and adds today from the intraday endpoint', async () => {
    api.route('GET', /^\/v3\/historical-candle\/intraday\//, () => ({
      status: 200,
      body: {
        status: 'success',
        data: {
          candles: [
            ['2026-11-23T09:16:00+05:30', 2, 3, 1, 2.5, 20, 0],
            ['2026-11-23T09:15:00+05:30', 1, 2, 1, 2, 10, 0],
          ],
        },
      },
    }));
    api.route('GET', /^\/v3\/historical-candle\/NSE_EQ/, (request) => {
      const toDate = request.path.split('/')[6]!;
      return {
        status: 200,
        body: { status: 'success', data: { candles: [[`${toDate}T15:29:00+05:30`, 1, 1, 1, 1, 5, 0]] } },
      };
    });
    const now = ist('2026-11-23T09:20:00');
    const candles = await fetchUpstoxCandles(
      rest,
      RELIANCE,
      '1m',
      new Date(ist('2026-10-10T09:15:00')),
      new Date(now),
      now,
    );
    expect(api.requests.map((r) => r.path)).toEqual([
      '/v3/historical-candle/NSE_EQ|INE002A01018/minutes/1/2026-11-06/2026-10-10',
      '/v3/historical-candle/NSE_EQ|INE002A01018/minutes/1/2026-11-22/2026-11-07',
      '/v3/historical-candle/intraday/NSE_EQ|INE002A01018/minutes/1',
    ]);
    expect(candles.map((c) => istDate(c.openTime))).toEqual([
      '2026-11-06',
      '2026-11-22',
      '2026-11-23',
      '2026-11-23',
    ]);
    expect(candles.at(-1)).toMatchObject({
      symbol: 'RELIANCE',
      interval: '1m',
      open: 200,
      high: 300,
      low: 100,
      close: 250,
      volume: 20,
      source: 'upstox',
    });
  });

  it('keeps daily bars by IST date and skips the intraday call for past ranges', async () => {
    api.route('GET', /^\/v3\/historical-candle\/NSE_EQ/, () => ({
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
    const candles = await fetchUpstoxCandles(
      rest,
      RELIANCE,
      '1d',
      new Date(ist('2026-11-19T12:00:00')),
      new Date(ist('2026-11-20T12:00:00')),
      ist('2026-11-23T10:00:00'),
    );
    expect(api.requests).toHaveLength(1);
    expect(candles.map((c) => [istDate(c.openTime), c.close])).toEqual([
      ['2026-11-19', 293110],
      ['2026-11-20', 295055],
    ]);
  });
});
