import WebSocket from 'ws';
import { type FeedStatus, MarketDataError } from '../../market-types';
import { type BackoffOptions, reconnectDelay } from './reconnect-backoff';
import { UpstoxAuthError, UpstoxRateLimitError } from './upstox-errors';
import type { UpstoxRestClient } from './upstox-rest-client';
import { sessionExpiry, type UpstoxSession } from './upstox-token-expiry';

/** What the connection needs of a socket: `ws`'s WebSocket, or a test double. */
export type FeedSocket = Pick<WebSocket, 'on' | 'send' | 'ping' | 'close' | 'terminate'>;

export interface FeedTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export interface FeedConnectionOptions {
  rest: UpstoxRestClient;
  session: () => UpstoxSession | null;
  isMarketOpen: () => boolean;
  /** Silence is only suspicious when something is subscribed. */
  hasSubscriptions: () => boolean;
  /** Called on every new connection, to (re)send the subscriptions. */
  onOpen: () => void;
  onFrame: (frame: Uint8Array) => void;
  now: () => number;
  timers?: FeedTimers;
  WebSocket?: new (url: string) => FeedSocket;
  pingIntervalMs?: number;
  deadFeedMs?: number;
  backoff?: BackoffOptions;
  logger?: { info(msg: string): void; warn(msg: string): void };
}

const EXPIRED = 'Upstox session expired at 03:30 IST. Sign in to Upstox again to resume live prices.';
const REJECTED = 'Upstox rejected the access token. Sign in to Upstox again to resume live prices.';
const NOT_CONFIGURED =
  'Upstox is not connected: add your API key and sign in to Upstox to stream live prices.';

export const seconds = (ms: number) => Number((ms / 1000).toFixed(1));

const realTimers: FeedTimers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms).unref(),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
  setInterval: (callback, ms) => setInterval(callback, ms).unref(),
  clearInterval: (handle) => clearInterval(handle as NodeJS.Timeout),
};

/**
 * One logical connection to the Upstox V3 feed, kept alive across sockets. Each socket authorises
 * afresh (the wss URL is single-use), pings every 30 s and is declared dead after 120 s without
 * data while the market is open (architecture: the silent feed after the 03:30 IST rollover).
 * Reconnects back off from 1 s to 60 s; an expired or rejected token stops retrying.
 */
export class UpstoxFeedConnection {
  status: FeedStatus = 'disconnected';
  message = 'Upstox feed not started.';
  connected = false;
  lastDataAt: number | null = null;
  readonly pingIntervalMs: number;
  readonly deadFeedMs: number;
  private connectedAt = 0;
  private running = false;
  private socket: FeedSocket | null = null;
  /** Bumped per socket, so events from an abandoned socket are ignored. */
  private generation = 0;
  private lastError: string | null = null;
  private attempt = 0;
  private reconnectTimer: unknown = null;
  private intervals: unknown[] = [];
  private readonly timers: FeedTimers;

  constructor(private readonly options: FeedConnectionOptions) {
    this.timers = options.timers ?? realTimers;
    this.pingIntervalMs = options.pingIntervalMs ?? 30_000;
    this.deadFeedMs = options.deadFeedMs ?? 120_000;
  }

  /** Connects; after auth_required or not_configured, tries again (a new sign-in). */
  async start(): Promise<void> {
    if (this.running && this.status !== 'auth_required' && this.status !== 'not_configured') return;
    this.running = true;
    this.attempt = 0;
    await this.connect();
  }

  stop(): void {
    this.running = false;
    this.dropSocket();
    this.setState('disconnected', 'Upstox feed stopped.');
  }

  send(request: Buffer): void {
    if (this.connected) this.socket?.send(request);
  }

  /** How long the open socket has gone without data. */
  silentMs(): number {
    return this.options.now() - Math.max(this.lastDataAt ?? 0, this.connectedAt);
  }

  private async connect(): Promise<void> {
    this.reconnectTimer = null;
    if (!this.running || !this.sessionUsable()) return;
    this.setState(
      'connecting',
      this.attempt ? `Reconnecting to Upstox (attempt ${this.attempt})…` : 'Connecting to Upstox…',
    );
    let url: string;
    try {
      url = await this.options.rest.authorizeMarketDataFeed();
    } catch (error) {
      if (error instanceof UpstoxAuthError) return this.stopFor('auth_required', REJECTED);
      if (error instanceof MarketDataError && error.code === 'not_configured')
        return this.stopFor('not_configured', NOT_CONFIGURED);
      const wait = error instanceof UpstoxRateLimitError ? error.retryAfterMs : 0;
      return this.scheduleReconnect((error as Error).message, wait);
    }
    if (this.running && this.status === 'connecting') this.open(url);
  }

  private open(url: string): void {
    const generation = ++this.generation;
    const current = () => generation === this.generation;
    const socket = new (this.options.WebSocket ?? WebSocket)(url);
    this.socket = socket;
    socket.on('open', () => current() && this.onOpen());
    socket.on('message', (data: WebSocket.RawData) => {
      if (!current()) return;
      this.lastDataAt = this.options.now();
      this.options.onFrame(
        Array.isArray(data) ? Buffer.concat(data) : data instanceof ArrayBuffer ? new Uint8Array(data) : data,
      );
    });
    socket.on('error', (error: Error) => {
      if (current()) this.lastError = error.message;
    });
    socket.on('close', () => {
      if (!current()) return;
      const reason = this.lastError ?? 'connection closed';
      this.dropSocket();
      this.scheduleReconnect(reason, 0);
    });
  }

  private onOpen(): void {
    this.connected = true;
    this.connectedAt = this.options.now();
    this.attempt = 0;
    this.lastError = null;
    this.setState('connected', 'Live prices from the Upstox market data feed.');
    this.options.onOpen();
    this.intervals = [
      this.timers.setInterval(() => this.socket?.ping(), this.pingIntervalMs),
      this.timers.setInterval(() => this.watchdog(), Math.min(5000, this.deadFeedMs / 4)),
    ];
  }

  private watchdog(): void {
    if (!this.sessionUsable()) return;
    const silentMs = this.silentMs();
    if (!this.options.hasSubscriptions() || !this.options.isMarketOpen() || silentMs < this.deadFeedMs)
      return;
    this.lastError = `no data for ${seconds(silentMs)} s while the market is open`;
    this.options.logger?.warn(`Upstox feed dead: ${this.lastError}; reconnecting`);
    this.socket?.terminate(); // 'close' follows and schedules the reconnect
  }

  private scheduleReconnect(reason: string, minimumWaitMs: number): void {
    if (!this.running || this.reconnectTimer !== null || !this.sessionUsable()) return;
    this.attempt++;
    const delay = Math.max(minimumWaitMs, reconnectDelay(this.attempt, this.options.backoff));
    this.setState(
      'connecting',
      `Upstox feed lost (${reason}); reconnecting in ${Math.ceil(delay / 1000)} s.`,
    );
    this.options.logger?.info(`Upstox feed reconnect ${this.attempt} in ${delay} ms: ${reason}`);
    this.reconnectTimer = this.timers.setTimeout(() => void this.connect(), delay);
  }

  /** False (and sign-in is asked for) without a token or once it passed its 03:30 IST expiry. */
  private sessionUsable(): boolean {
    const session = this.options.session();
    if (!session?.accessToken) {
      this.stopFor('not_configured', NOT_CONFIGURED);
      return false;
    }
    const expiry = sessionExpiry(session);
    if (expiry !== null && this.options.now() >= expiry) {
      this.stopFor('auth_required', EXPIRED);
      return false;
    }
    return true;
  }

  private stopFor(status: 'auth_required' | 'not_configured', message: string): void {
    this.dropSocket();
    if (status === 'auth_required' && this.status !== status)
      this.options.logger?.warn(`Upstox feed stopped: ${message}`);
    this.setState(status, message);
  }

  private dropSocket(): void {
    this.generation++;
    for (const interval of this.intervals) this.timers.clearInterval(interval);
    if (this.reconnectTimer !== null) this.timers.clearTimeout(this.reconnectTimer);
    this.intervals = [];
    this.reconnectTimer = null;
    this.socket?.terminate(); // no close handshake: Upstox ends the session on its side anyway
    this.socket = null;
    this.connected = false;
  }

  private setState(status: FeedStatus, message: string): void {
    this.status = status;
    this.message = message;
  }
}
