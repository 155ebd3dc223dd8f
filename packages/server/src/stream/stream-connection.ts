import type { WebSocket } from 'ws';

/** Above this many bytes waiting in a socket's buffer, the client is slow: coalesce instead of queue. */
export const SLOW_CLIENT_BYTES = 256 * 1024;

const TEXT = { binary: false, compress: false } as const;

/**
 * One client socket. While the client keeps up, frames go straight out. When it falls behind, only
 * the newest frame per topic is kept (one price per symbol), so memory stays bounded by the number
 * of topics it subscribed to, and it catches up with current values rather than stale ones.
 */
export class StreamConnection {
  readonly topics = new Set<string>();
  email: string | null = null;
  private readonly pending = new Map<string, Buffer>();
  private draining = false;
  private corked = false;
  coalesced = 0;
  delivered = 0;

  constructor(readonly socket: WebSocket) {}

  get authenticated(): boolean {
    return this.email !== null;
  }

  /** `frame` is UTF-8 JSON, sent as a text message. */
  send(topic: string, frame: Buffer): void {
    if (this.socket.readyState !== 1) return;
    if (this.pending.size === 0 && this.socket.bufferedAmount < SLOW_CLIENT_BYTES) {
      this.cork();
      this.socket.send(frame, TEXT);
      this.delivered++;
      return;
    }
    if (this.pending.has(topic)) this.coalesced++;
    this.pending.set(topic, frame);
    this.scheduleDrain();
  }

  /**
   * Holds this tick's frames in the TCP socket and writes them together once the current burst of
   * publishes is over: one syscall for many small frames instead of one each.
   */
  private cork(): void {
    if (this.corked) return;
    const tcp = (this.socket as unknown as { _socket?: { cork(): void; uncork(): void } })._socket;
    if (!tcp) return;
    this.corked = true;
    tcp.cork();
    setImmediate(() => {
      this.corked = false;
      tcp.uncork();
    });
  }

  sendControl(message: unknown): void {
    if (this.socket.readyState === 1) this.socket.send(JSON.stringify(message));
  }

  get pendingTopics(): number {
    return this.pending.size;
  }

  private scheduleDrain(): void {
    if (this.draining) return;
    this.draining = true;
    const drain = () => {
      if (this.socket.readyState !== 1) {
        this.pending.clear();
        this.draining = false;
        return;
      }
      if (this.socket.bufferedAmount >= SLOW_CLIENT_BYTES) {
        setTimeout(drain, 10);
        return;
      }
      for (const [topic, frame] of this.pending) {
        this.pending.delete(topic);
        this.socket.send(frame, TEXT);
        this.delivered++;
        if (this.socket.bufferedAmount >= SLOW_CLIENT_BYTES) break;
      }
      if (this.pending.size > 0) setTimeout(drain, 10);
      else this.draining = false;
    };
    setTimeout(drain, 10);
  }
}
