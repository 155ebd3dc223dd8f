import { STREAM_CLOSE_CODES } from '@td/contracts';
import type { WebSocket } from 'ws';

/** Above this many bytes waiting in a socket's buffer, the client is slow: coalesce instead of queue. */
export const SLOW_CLIENT_BYTES = 256 * 1024;
/**
 * No write goes out while this many bytes wait unread on a socket: a client that lets replies pile
 * up this far (pings or subscriptions it never reads) is closed with `tooFarBehind`. Ticks never get
 * here on their own, since they wait below SLOW_CLIENT_BYTES.
 */
export const MAX_BUFFERED_BYTES = 1024 * 1024;

const TEXT = { binary: false, compress: false } as const;

const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');

/** Several JSON frames as one JSON array message: `[{"topic":…},{"topic":…}]`. */
function joinFrames(frames: Buffer[]): Buffer {
  if (frames.length === 1) return frames[0]!;
  const parts: Buffer[] = [OPEN];
  frames.forEach((frame, i) => {
    if (i > 0) parts.push(COMMA);
    parts.push(frame);
  });
  parts.push(CLOSE);
  return Buffer.concat(parts);
}

/**
 * One client socket. Frames published in the same moment (a burst of ticks) leave as one message,
 * a JSON array, so neither side pays per-message costs 100 × 1,500 times a second. When the client
 * falls behind, only the newest frame per topic is kept (one price per symbol), so memory stays
 * bounded by its subscriptions and it catches up with current values rather than stale ones.
 */
export class StreamConnection {
  readonly topics = new Set<string>();
  email: string | null = null;
  /** The session token the client authenticated with; null before auth and after its session ends. */
  token: string | null = null;
  private readonly pending = new Map<string, Buffer>();
  private batch: Buffer[] = [];
  private draining = false;
  coalesced = 0;
  delivered = 0;

  constructor(readonly socket: WebSocket) {}

  get authenticated(): boolean {
    return this.token !== null;
  }

  /** `frame` is one UTF-8 JSON `{ topic, data }`. */
  send(topic: string, frame: Buffer): void {
    if (this.socket.readyState !== 1) return;
    if (this.pending.size === 0 && this.socket.bufferedAmount < SLOW_CLIENT_BYTES) {
      this.batch.push(frame);
      this.delivered++;
      if (this.batch.length === 1) setImmediate(() => this.flushBatch());
      return;
    }
    if (this.pending.has(topic)) this.coalesced++;
    this.pending.set(topic, frame);
    this.scheduleDrain();
  }

  private flushBatch(): void {
    const frames = this.batch;
    this.batch = [];
    if (frames.length > 0) this.write(joinFrames(frames));
  }

  /** Acknowledgements, pongs and errors: bounded by the same per-socket limit as topic data. */
  sendControl(message: unknown): void {
    this.write(Buffer.from(JSON.stringify(message)));
  }

  /** Every outgoing message passes here, so no socket holds more than MAX_BUFFERED_BYTES unread. */
  private write(message: Buffer): boolean {
    if (this.socket.readyState !== 1) return false;
    if (this.socket.bufferedAmount >= MAX_BUFFERED_BYTES) {
      this.socket.close(
        STREAM_CLOSE_CODES.tooFarBehind,
        'Too much unread data on this stream (over 1 MiB); reconnect to catch up.',
      );
      return false;
    }
    this.socket.send(message, TEXT);
    return true;
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
      const frames = [...this.pending.values()];
      this.pending.clear();
      if (this.write(joinFrames(frames))) this.delivered += frames.length;
      this.draining = false;
    };
    setTimeout(drain, 10);
  }
}
