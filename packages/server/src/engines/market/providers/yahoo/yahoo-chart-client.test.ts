import { MarketDataError } from '../../market-types';
import { chartBody, type FakeChart, FakeYahooServer } from './test-support/fake-yahoo-server';
import { YahooChartClient, YahooRateLimitError } from './yahoo-chart-client';

const ist = (iso: string) => Date.parse(`${iso}+05:30`) / 1000;
const OPEN = ist('2026-11-23T09:15:00');

const reliance: FakeChart = {
  price: 1519.6,
  previousClose: 1515.3,
  marketTime: OPEN + 185,
  timestamps: [OPEN, OPEN + 60, OPEN + 120, OPEN + 180],
  bars: {
    open: [1516, null, 1518.2, 1519.1],
    high: [1518.5, null, 1519.4, 1520],
    low: [1515.1, null, 1517.9, 1518.8],
    close: [1518.2, null, 1519.1, 1519.6],
    volume: [120500, null, 40210, null],
  },
};

describe('YahooChartClient', () => {
  let yahoo: FakeYahooServer;
  let client: YahooChartClient;

  beforeEach(async () => {
    yahoo = new FakeYahooServer();
    client = new YahooChartClient({ baseUrl: await yahoo.listen() });
  });
  afterEach(() => yahoo.close());

  it('parses candles in paise, skipping null bars, and the quote from meta', async () => {
    yahoo.replies.set('RELIANCE.NS', { status: 200, body: chartBody('RELIANCE.NS', reliance) });
    const { quote, candles } = await client.chart('RELIANCE.NS', 'RELIANCE', '1m', { range: '1d' });
    expect(candles.map((c) => [c.openTime / 1000 - OPEN, c.open, c.close, c.volume])).toEqual([
      [0, 151600, 151820, 120500],
      [120, 151820, 151910, 40210],
      [180, 151910, 151960, 0],
    ]);
    expect(candles[0]).toMatchObject({
      symbol: 'RELIANCE',
      interval: '1m',
      source: 'yahoo',
      high: 151850,
      low: 151510,
    });
    expect(quote).toEqual({
      symbol: 'RELIANCE',
      ltp: 151960,
      previousClose: 151530,
      open: 151600,
      high: 152000,
      low: 151510,
      volume: 160710, // meta had no regularMarketVolume: the sum of today's bars
      ts: (OPEN + 185) * 1000,
      source: 'yahoo',
    });
  });

  it('asks for an explicit window with period1/period2 in seconds', async () => {
    yahoo.replies.set('TCS.BO', { status: 200, body: chartBody('TCS.BO', reliance, '1d') });
    await client.chart('TCS.BO', 'TCS', '1d', { period1: 1_790_000_000.4, period2: 1_795_000_000.2 });
    const [url] = yahoo.requests;
    expect(url?.pathname).toBe('/v8/finance/chart/TCS.BO');
    expect(Object.fromEntries(url!.searchParams)).toEqual({
      interval: '1d',
      includePrePost: 'false',
      period1: '1790000000',
      period2: '1795000001',
    });
  });

  it('reports chart.error with Yahoo’s description', async () => {
    yahoo.replies.set('RELIANCE.NS', {
      status: 422,
      body: {
        chart: {
          result: null,
          error: {
            code: 'Unprocessable Entity',
            description:
              '1m data not available for startTime=1700000000 and endTime=1795000000. Only 8 days worth of 1m granularity data are allowed to be fetched per request.',
          },
        },
      },
    });
    const error = await client
      .chart('RELIANCE.NS', 'RELIANCE', '1m', { period1: 1_700_000_000, period2: 1_795_000_000 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MarketDataError);
    expect(error).toMatchObject({
      code: 'upstream_error',
      message: expect.stringMatching(/^Yahoo Finance: 1m data not available/),
    });
  });

  it('treats 404 as an unknown symbol', async () => {
    await expect(client.chart('NOPE.NS', 'NOPE', '1d', { range: '5d' })).rejects.toMatchObject({
      code: 'unknown_symbol',
      message: 'Yahoo Finance does not know NOPE.NS: No data found, symbol may be delisted.',
    });
  });

  it('treats 429 as rate limited', async () => {
    yahoo.replies.set('RELIANCE.NS', {
      status: 429,
      body: 'Too Many Requests\r\n',
      headers: { 'retry-after': '30' },
    });
    const error = await client
      .chart('RELIANCE.NS', 'RELIANCE', '1m', { range: '1d' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(YahooRateLimitError);
    expect(error).toMatchObject({ retryAfterMs: 30_000, code: 'upstream_error' });
  });
});
