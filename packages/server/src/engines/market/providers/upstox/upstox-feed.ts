import {
  type Candle,
  type FeedMode,
  MarketDataError,
  type MarketDataProvider,
  type ProviderHealth,
  type Quote,
  type Tick,
  type TickListener,
} from '../../market-types';
import type { BackoffOptions } from './reconnect-backoff';
import { type FeedSocket, type FeedTimers, seconds, UpstoxFeedConnection } from './upstox-feed-connection';
import { UpstoxFeedDecoder } from './upstox-feed-decoder';
import { buildFeedRequest } from './upstox-feed-request';
import { fetchUpstoxCandles, fetchUpstoxQuotes } from './upstox-history';
import { UpstoxRestClient } from './upstox-rest-client';
import { type ResolvedInstrument, UpstoxSubscriptions } from './upstox-subscriptions';
import type { UpstoxSession } from './upstox-token-expiry';

export interface UpstoxFeedOptions {
  /** The signed-in session, read at every (re)connect; null when nobody has signed in. */
  session: () => UpstoxSession | null;
  /** Our symbol → Upstox instrument key (and Yahoo symbol); undefined for an unknown symbol. */
  resolve: (symbol: string) => { instrumentKey: string; yahooSymbol: string } | undefined;
  /** The reverse of `resolve`, for frames that name instruments by key. */
  symbolForInstrumentKey: (instrumentKey: string) => string | undefined;
  /** The NSE calendar: silence only means a dead feed while the market trades. */
  isMarketOpen: () => boolean;
  /** Where the trader signs in again, shown with auth_required / not_configured. */
  authUrl?: () => string | null;
  rest?: UpstoxRestClient;
  /** Used to build the REST client when `rest` is not given (default https://api.upstox.com). */
  baseUrl?: string;
  now?: () => number;
  timers?: FeedTimers;
  WebSocket?: new (url: string) => FeedSocket;
  /** Default 30 s. */
  pingIntervalMs?: number;
  /** Default 120 s. */
  deadFeedMs?: number;
  backoff?: BackoffOptions;
  /** Never given the access token. */
  logger?: { info(msg: string): void; warn(msg: string): void };
}

/**
 * Upstox as a MarketDataProvider: live ticks from the V3 feed (see UpstoxFeedConnection for the
 * reconnect rules), quotes and candles from the REST API. Call start() again after a new sign-in.
 */
export class UpstoxFeed implements MarketDataProvider {
  readonly source = 'upstox' as const;
  private readonly rest: UpstoxRestClient;
  private readonly decoder: UpstoxFeedDecoder;
  private readonly connection: UpstoxFeedConnection;
  private readonly subscriptions = new UpstoxSubscriptions();
  private readonly listeners = new Set<TickListener>();
  private readonly now: () => number;
  private decodeErrors = 0;

  constructor(private readonly options: UpstoxFeedOptions) {
    this.now = options.now ?? Date.now;
    this.rest =
      options.rest ??
      new UpstoxRestClient({
        baseUrl: options.baseUrl,
        accessToken: () => options.session()?.accessToken ?? null,
      });
    this.decoder = new UpstoxFeedDecoder({ symbolForKey: options.symbolForInstrumentKey, now: this.now });
    this.connection = new UpstoxFeedConnection({
      ...options,
      rest: this.rest,
      now: this.now,
      hasSubscriptions: () => this.subscriptions.size > 0,
      onOpen: () => {
        for (const [mode, keys] of this.subscriptions.keysByMode()) {
          this.connection.send(buildFeedRequest('sub', keys, mode));
        }
      },
      onFrame: (frame) => this.dispatch(frame),
    });
  }

  /** Connects (or reconnects after a new sign-in); failures show in health() rather than throwing. */
  start(): Promise<void> {
    return this.connection.start();
  }

  async stop(): Promise<void> {
    this.connection.stop();
  }

  subscribe(symbols: string[], mode: FeedMode): void {
    const change = this.subscriptions.add(this.resolveAll(symbols), mode);
    if (change.subscribe.length) this.connection.send(buildFeedRequest('sub', change.subscribe, mode));
    if (change.changeMode.length)
      this.connection.send(buildFeedRequest('change_mode', change.changeMode, mode));
  }

  unsubscribe(symbols: string[]): void {
    const keys = this.subscriptions.remove(symbols);
    if (keys.length) this.connection.send(buildFeedRequest('unsub', keys));
  }

  onTick(listener: TickListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  latestQuotes(symbols: string[]): Promise<Quote[]> {
    return fetchUpstoxQuotes(this.rest, this.resolveAll(symbols));
  }

  historicalCandles(symbol: string, interval: '1m' | '1d', from: Date, to: Date): Promise<Candle[]> {
    return fetchUpstoxCandles(this.rest, this.resolveAll([symbol])[0]!, interval, from, to, this.now());
  }

  /** Frames that failed to decode since construction, for the tick-streaming error rate. */
  get decodeErrorCount(): number {
    return this.decodeErrors;
  }

  health(): ProviderHealth {
    const { connection } = this;
    let { status, message } = connection;
    const silentMs = connection.silentMs();
    const quietTooLong = silentMs >= connection.pingIntervalMs && this.subscriptions.size > 0;
    if (connection.connected && quietTooLong && this.options.isMarketOpen()) {
      status = 'stale';
      message = `No Upstox data for ${seconds(silentMs)} s while the market is open; reconnecting at ${seconds(connection.deadFeedMs)} s.`;
    }
    const signIn = status === 'auth_required' || status === 'not_configured';
    return {
      source: 'upstox',
      status,
      connected: connection.connected,
      mode: this.subscriptions.dominantMode(),
      subscribed: this.subscriptions.size,
      lastDataAt: connection.lastDataAt,
      message,
      authUrl: signIn ? (this.options.authUrl?.() ?? null) : null,
    };
  }

  private dispatch(frame: Uint8Array): void {
    try {
      this.decoder.forEachTick(frame, this.emit);
    } catch (error) {
      // One bad frame must not cost the connection; log the first of every thousand.
      if (this.decodeErrors++ % 1000 === 0) {
        this.options.logger?.warn(`Upstox frame not decoded: ${(error as Error).message}`);
      }
    }
  }

  private readonly emit = (tick: Tick): void => {
    for (const listener of this.listeners) {
      try {
        listener(tick);
      } catch (error) {
        this.options.logger?.warn(`Tick listener failed: ${(error as Error).message}`);
      }
    }
  };

  private resolveAll(symbols: string[]): ResolvedInstrument[] {
    const unknown = symbols.filter((symbol) => !this.options.resolve(symbol));
    if (unknown.length) {
      throw new MarketDataError(`Upstox has no instrument key for ${unknown.join(', ')}.`, 'unknown_symbol');
    }
    return symbols.map((symbol) => ({ symbol, instrumentKey: this.options.resolve(symbol)!.instrumentKey }));
  }
}
