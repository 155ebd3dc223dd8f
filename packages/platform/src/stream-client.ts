import { STREAM_CLOSE_CODES } from '@td/contracts';
import type { StreamHandler } from './remote-contract';

interface StreamClientOptions {
  /** ws:// or wss:// URL of the server's /api/stream. */
  url: string;
  getToken(): string | null;
  /** The server closed the stream because the session ended (sign-out, expiry, new password). */
  onSessionEnded?: () => void;
  /** Test seam: the WebSocket constructor. */
  createSocket?: (url: string) => WebSocket;
}

const MAX_BACKOFF_MS = 30_000;

/**
 * One WebSocket per page, shared by every remote through `subscribe(topic, handler)`. It connects on
 * the first subscription, authenticates with the session token in its first message (never in the
 * URL, which proxies log), re-subscribes after a reconnect and backs off while the server is away.
 */
export class StreamClient {
  private socket: WebSocket | null = null;
  private readonly handlers = new Map<string, Set<StreamHandler>>();
  private attempts = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  /** The token the server ended; never sent again, so a signed-out page does not knock forever. */
  private endedToken: string | null = null;

  constructor(private readonly options: StreamClientOptions) {}

  subscribe = (topic: string, handler: StreamHandler): (() => void) => {
    let set = this.handlers.get(topic);
    if (!set) {
      set = new Set();
      this.handlers.set(topic, set);
      this.send({ type: 'subscribe', topics: [topic] });
    }
    set.add(handler);
    this.connect();
    return () => {
      const current = this.handlers.get(topic);
      current?.delete(handler);
      if (current && current.size === 0) {
        this.handlers.delete(topic);
        this.send({ type: 'unsubscribe', topics: [topic] });
      }
      if (this.handlers.size === 0) this.close();
    };
  };

  close(): void {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    const socket = this.socket;
    this.socket = null;
    socket?.close();
  }

  private connect(): void {
    if (this.socket || this.reconnectTimer || this.handlers.size === 0) return;
    const token = this.options.getToken();
    if (!token || token === this.endedToken) return;
    const socket = (this.options.createSocket ?? ((url) => new WebSocket(url)))(this.options.url);
    this.socket = socket;
    socket.onopen = () => {
      this.attempts = 0;
      socket.send(JSON.stringify({ type: 'auth', token }));
      socket.send(JSON.stringify({ type: 'subscribe', topics: [...this.handlers.keys()] }));
    };
    socket.onmessage = (event) => this.dispatch(event.data);
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (event?.code === STREAM_CLOSE_CODES.sessionEnded) {
        // Signed out: wait for a new sign-in (the next subscribe) instead of retrying the dead token.
        this.endedToken = token;
        this.options.onSessionEnded?.();
        return;
      }
      this.scheduleReconnect();
    };
  }

  private scheduleReconnect(): void {
    if (this.handlers.size === 0) return;
    const delay = Math.min(1000 * 2 ** this.attempts, MAX_BACKOFF_MS);
    this.attempts += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connect();
    }, delay);
  }

  private send(message: unknown): void {
    if (this.socket?.readyState === 1) this.socket.send(JSON.stringify(message));
  }

  /** A message is one `{ topic, data }` or, for a burst, an array of them. */
  private dispatch(raw: unknown): void {
    if (typeof raw !== 'string') return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      return;
    }
    for (const message of Array.isArray(parsed) ? parsed : [parsed]) {
      const { topic, data } = (message ?? {}) as { topic?: unknown; data?: unknown };
      if (typeof topic !== 'string') continue;
      for (const handler of this.handlers.get(topic) ?? []) handler(data);
    }
  }
}
