import { MarketDataError } from '../../market-types';
import { type ParsedChart, parseYahooChart, type YahooChartResponse } from './yahoo-chart-parser';

export interface YahooChartClientOptions {
  /** Default https://query1.finance.yahoo.com; tests point it at a local fake. */
  baseUrl?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** Either an explicit window (epoch seconds) or one of Yahoo's named ranges ('1d', '5d'). */
export type YahooChartWindow = { period1: number; period2: number } | { range: '1d' | '5d' };

/** HTTP 429 from Yahoo: poll less often for a while. */
export class YahooRateLimitError extends MarketDataError {
  constructor(readonly retryAfterMs: number) {
    super(
      `Yahoo Finance rate limit reached; retry in ${Math.ceil(retryAfterMs / 1000)} s.`,
      'upstream_error',
    );
    this.name = 'YahooRateLimitError';
  }
}

/** The public chart API for NSE (.NS) and BSE (.BO) symbols: no key, delayed quotes. */
export class YahooChartClient {
  readonly baseUrl: string;
  private readonly fetch: typeof fetch;
  private readonly timeoutMs: number;

  constructor(options: YahooChartClientOptions = {}) {
    this.baseUrl = (options.baseUrl ?? 'https://query1.finance.yahoo.com').replace(/\/+$/, '');
    this.fetch = options.fetch ?? globalThis.fetch;
    this.timeoutMs = options.timeoutMs ?? 10_000;
  }

  /** GET /v8/finance/chart/{yahooSymbol}, parsed into our Quote and Candles labelled `symbol`. */
  async chart(
    yahooSymbol: string,
    symbol: string,
    interval: '1m' | '1d',
    window: YahooChartWindow,
  ): Promise<ParsedChart> {
    const query = new URLSearchParams({ interval, includePrePost: 'false' });
    if ('range' in window) query.set('range', window.range);
    else {
      query.set('period1', String(Math.floor(window.period1)));
      query.set('period2', String(Math.ceil(window.period2)));
    }
    const url = `${this.baseUrl}/v8/finance/chart/${encodeURIComponent(yahooSymbol)}?${query}`;
    let response: Response;
    try {
      response = await this.fetch(url, {
        // Yahoo answers 429 to requests without a browser-like agent.
        headers: {
          Accept: 'application/json',
          'User-Agent': 'Mozilla/5.0 (compatible; trading-dashboard/1.0)',
        },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new MarketDataError(
        `Yahoo Finance is unreachable: ${(error as Error).message}.`,
        'upstream_error',
      );
    }
    if (response.status === 429) {
      const seconds = Number(response.headers.get('retry-after'));
      throw new YahooRateLimitError(Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 60_000);
    }
    const body = (await response.json().catch(() => null)) as YahooChartResponse | null;
    if (response.status === 404) {
      const why = body?.chart?.error?.description ?? 'not found';
      throw new MarketDataError(`Yahoo Finance does not know ${yahooSymbol}: ${why}.`, 'unknown_symbol');
    }
    if (!body?.chart) {
      throw new MarketDataError(
        `Yahoo Finance answered HTTP ${response.status} without a chart.`,
        'upstream_error',
      );
    }
    return parseYahooChart(body, symbol, interval);
  }
}
