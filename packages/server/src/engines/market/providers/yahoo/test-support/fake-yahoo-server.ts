import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeChart {
  price: number;
  previousClose: number;
  /** Epoch seconds of the bars; null prices are Yahoo's empty minutes. */
  timestamps: number[];
  bars: {
    open: (number | null)[];
    high: (number | null)[];
    low: (number | null)[];
    close: (number | null)[];
    volume: (number | null)[];
  };
  marketTime: number;
  dayVolume?: number;
}

/** The real shape of GET /v8/finance/chart/{symbol} for an NSE stock (trimmed to the fields that vary). */
export function chartBody(symbol: string, chart: FakeChart, granularity = '1m') {
  return {
    chart: {
      result: [
        {
          meta: {
            currency: 'INR',
            symbol,
            exchangeName: 'NSI',
            fullExchangeName: 'NSE',
            instrumentType: 'EQUITY',
            firstTradeDate: 820467900,
            regularMarketTime: chart.marketTime,
            hasPrePostMarketData: false,
            gmtoffset: 19800,
            timezone: 'IST',
            exchangeTimezoneName: 'Asia/Kolkata',
            regularMarketPrice: chart.price,
            fiftyTwoWeekHigh: 1608.8,
            fiftyTwoWeekLow: 1114.85,
            regularMarketDayHigh: Math.max(...chart.bars.high.filter((v) => v !== null)),
            regularMarketDayLow: Math.min(...chart.bars.low.filter((v) => v !== null)),
            regularMarketVolume: chart.dayVolume,
            longName: 'Reliance Industries Limited',
            shortName: 'RELIANCE INDS',
            chartPreviousClose: chart.previousClose,
            previousClose: chart.previousClose,
            scale: 3,
            priceHint: 2,
            dataGranularity: granularity,
            range: '1d',
            validRanges: ['1d', '5d', '1mo', '3mo', '6mo', '1y', '2y', '5y', '10y', 'ytd', 'max'],
          },
          timestamp: chart.timestamps,
          indicators: { quote: [chart.bars] },
        },
      ],
      error: null,
    },
  };
}

export const notFoundBody = {
  chart: { result: null, error: { code: 'Not Found', description: 'No data found, symbol may be delisted' } },
};

type Reply = { status: number; body: unknown; headers?: Record<string, string> };

/** A local query1.finance.yahoo.com: answers per symbol from `replies`, 404 otherwise. */
export class FakeYahooServer {
  readonly requests: URL[] = [];
  readonly replies = new Map<string, Reply | (() => Reply)>();
  private readonly server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    this.requests.push(url);
    const symbol = decodeURIComponent(url.pathname.replace('/v8/finance/chart/', ''));
    const entry = this.replies.get(symbol);
    const reply = (typeof entry === 'function' ? entry() : entry) ?? { status: 404, body: notFoundBody };
    const text = typeof reply.body === 'string';
    res.writeHead(reply.status, {
      'content-type': text ? 'text/plain' : 'application/json',
      ...reply.headers,
    });
    res.end(text ? (reply.body as string) : JSON.stringify(reply.body));
  });

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
