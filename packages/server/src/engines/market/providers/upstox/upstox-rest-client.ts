import { MarketDataError } from '../../market-types';
import { UpstoxApiError, type UpstoxErrorBody, upstoxErrorFromResponse } from './upstox-errors';

export interface UpstoxRestClientOptions {
  /** Default https://api.upstox.com; tests point it at a local fake. */
  baseUrl?: string;
  /** Read on every call, so a fresh sign-in takes effect at once. */
  accessToken: () => string | null;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export interface UpstoxTokenGrant {
  accessToken: string;
  userId: string | null;
  userName: string | null;
  issuedAtMs: number;
}

/** One instrument of GET /v2/market-quote/quotes, prices in rupees as Upstox sends them. */
export interface UpstoxQuote {
  instrumentKey: string;
  lastPrice: number;
  netChange: number;
  open: number;
  high: number;
  low: number;
  volume: number;
  timestampMs: number;
}

/** A candle row [timestamp, open, high, low, close, volume, oi], rupees. */
export interface UpstoxCandleRow {
  ts: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  oi: number;
}

export type UpstoxCandleUnit = 'minutes' | 'days';

/** Upstox accepts at most 500 instrument keys per quote call. */
export const UPSTOX_QUOTE_BATCH = 500;

interface Envelope<T> {
  status: string;
  data: T;
}

/**
 * The Upstox REST calls the market engine needs. Hand-written on fetch rather than the SDK's
 * superagent client, which keeps one global ApiClient and cannot be pointed at a per-test server.
 */
export class UpstoxRestClient {
  readonly baseUrl: string;
  private readonly fetch: typeof fetch;
  private readonly timeoutMs: number;

  constructor(private readonly options: UpstoxRestClientOptions) {
    this.baseUrl = (options.baseUrl ?? 'https://api.upstox.com').replace(/\/+$/, '');
    this.fetch = options.fetch ?? globalThis.fetch;
    this.timeoutMs = options.timeoutMs ?? 10_000;
  }

  /** Where to send the trader to sign in (OAuth code flow). */
  authorizationUrl(params: { clientId: string; redirectUri: string; state: string }): string {
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: params.clientId,
      redirect_uri: params.redirectUri,
      state: params.state,
    });
    return `${this.baseUrl}/v2/login/authorization/dialog?${query}`;
  }

  async exchangeCode(params: {
    code: string;
    clientId: string;
    clientSecret: string;
    redirectUri: string;
    now?: number;
  }): Promise<UpstoxTokenGrant> {
    const form = new URLSearchParams({
      code: params.code,
      client_id: params.clientId,
      client_secret: params.clientSecret,
      redirect_uri: params.redirectUri,
      grant_type: 'authorization_code',
    });
    const body = await this.request<{ access_token?: string; user_id?: string; user_name?: string }>(
      'POST',
      '/v2/login/authorization/token',
      { form, authorized: false },
    );
    if (!body.access_token) throw new MarketDataError('Upstox returned no access token.', 'upstream_error');
    return {
      accessToken: body.access_token,
      userId: body.user_id ?? null,
      userName: body.user_name ?? null,
      issuedAtMs: params.now ?? Date.now(),
    };
  }

  /** Full market quotes, in batches of 500 keys. */
  async marketQuotes(instrumentKeys: string[]): Promise<UpstoxQuote[]> {
    const quotes: UpstoxQuote[] = [];
    for (let i = 0; i < instrumentKeys.length; i += UPSTOX_QUOTE_BATCH) {
      const batch = instrumentKeys.slice(i, i + UPSTOX_QUOTE_BATCH);
      const query = `instrument_key=${batch.map(encodeURIComponent).join(',')}`;
      const envelope = await this.request<Envelope<Record<string, RawQuote>>>(
        'GET',
        `/v2/market-quote/quotes?${query}`,
      );
      for (const raw of Object.values(envelope.data ?? {})) quotes.push(parseQuote(raw));
    }
    return quotes;
  }

  /** Closed-day candles between two IST dates (yyyy-mm-dd), oldest first; v3 path, v2 if v3 is missing. */
  async historicalCandles(
    instrumentKey: string,
    unit: UpstoxCandleUnit,
    interval: number,
    toDate: string,
    fromDate: string,
  ): Promise<UpstoxCandleRow[]> {
    const key = encodeURIComponent(instrumentKey);
    const v3 = `/v3/historical-candle/${key}/${unit}/${interval}/${toDate}/${fromDate}`;
    const v2 = `/v2/historical-candle/${key}/${v2Interval(unit, interval)}/${toDate}/${fromDate}`;
    return this.candles(v3, v2);
  }

  /** Today's candles so far (the historical endpoint stops at yesterday). */
  async intradayCandles(
    instrumentKey: string,
    unit: UpstoxCandleUnit,
    interval: number,
  ): Promise<UpstoxCandleRow[]> {
    const key = encodeURIComponent(instrumentKey);
    const v3 = `/v3/historical-candle/intraday/${key}/${unit}/${interval}`;
    const v2 = `/v2/historical-candle/intraday/${key}/${v2Interval(unit, interval)}`;
    return this.candles(v3, v2);
  }

  /** A one-time wss URL for the market data feed V3 (each connection needs a new one). */
  async authorizeMarketDataFeed(): Promise<string> {
    const envelope = await this.request<
      Envelope<{ authorized_redirect_uri?: string; authorizedRedirectUri?: string }>
    >('GET', '/v3/feed/market-data-feed/authorize');
    const url = envelope.data?.authorized_redirect_uri ?? envelope.data?.authorizedRedirectUri;
    if (!url) throw new MarketDataError('Upstox feed authorisation returned no URL.', 'upstream_error');
    return url;
  }

  /** The static IPs registered for the account (GET /v2/user/ip); Upstox accepts orders only from these. */
  async staticIps(): Promise<{ primary: string | null; secondary: string | null }> {
    const envelope = await this.request<
      Envelope<{ primary_ip?: string | null; secondary_ip?: string | null }>
    >('GET', '/v2/user/ip');
    return { primary: envelope.data?.primary_ip || null, secondary: envelope.data?.secondary_ip || null };
  }

  private async candles(v3Path: string, v2Path: string): Promise<UpstoxCandleRow[]> {
    let envelope: Envelope<{ candles?: unknown[] }>;
    try {
      envelope = await this.request('GET', v3Path);
    } catch (error) {
      if (!(error instanceof UpstoxApiError && error.httpStatus === 404)) throw error;
      envelope = await this.request('GET', v2Path);
    }
    const rows = (envelope.data?.candles ?? []).map(parseCandleRow).filter((row) => row !== null);
    return rows.sort((a, b) => a.ts - b.ts); // Upstox lists newest first
  }

  private async request<T>(
    method: 'GET' | 'POST',
    path: string,
    { form, authorized = true }: { form?: URLSearchParams; authorized?: boolean } = {},
  ): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (path.startsWith('/v2/')) headers['Api-Version'] = '2.0';
    if (form) headers['Content-Type'] = 'application/x-www-form-urlencoded';
    if (authorized) {
      const token = this.options.accessToken();
      if (!token) throw new MarketDataError('Upstox is not signed in: no access token.', 'not_configured');
      headers.Authorization = `Bearer ${token}`;
    }
    let response: Response;
    try {
      response = await this.fetch(`${this.baseUrl}${path}`, {
        method,
        headers,
        body: form?.toString(),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new MarketDataError(`Upstox is unreachable: ${(error as Error).message}.`, 'upstream_error');
    }
    const body = (await response.json().catch(() => null)) as (T & UpstoxErrorBody) | null;
    if (!response.ok || body?.status === 'error') {
      throw upstoxErrorFromResponse(response.status, body, response.headers.get('retry-after'));
    }
    if (body === null)
      throw new MarketDataError('Upstox sent a response that is not JSON.', 'upstream_error');
    return body;
  }
}

interface RawQuote {
  instrument_token: string;
  last_price: number;
  net_change?: number;
  volume?: number;
  ohlc?: { open: number; high: number; low: number; close: number };
  timestamp?: string;
  last_trade_time?: string;
}

function parseQuote(raw: RawQuote): UpstoxQuote {
  const tradeTime = Number(raw.last_trade_time);
  return {
    instrumentKey: raw.instrument_token,
    lastPrice: raw.last_price,
    netChange: raw.net_change ?? 0,
    open: raw.ohlc?.open ?? raw.last_price,
    high: raw.ohlc?.high ?? raw.last_price,
    low: raw.ohlc?.low ?? raw.last_price,
    volume: raw.volume ?? 0,
    timestampMs: tradeTime > 0 ? tradeTime : raw.timestamp ? Date.parse(raw.timestamp) : 0,
  };
}

function parseCandleRow(row: unknown): UpstoxCandleRow | null {
  if (!Array.isArray(row) || row.length < 6) return null;
  const ts = Date.parse(String(row[0]));
  const [open, high, low, close, volume] = row.slice(1, 6).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (Number.isNaN(ts) || ![open, high, low, close].every(Number.isFinite)) return null;
  return { ts, open, high, low, close, volume: volume || 0, oi: Number(row[6]) || 0 };
}

/** The v2 API names intervals instead of unit + number (1minute, 30minute, day). */
function v2Interval(unit: UpstoxCandleUnit, interval: number): string {
  return unit === 'days' ? 'day' : `${interval}minute`;
}
