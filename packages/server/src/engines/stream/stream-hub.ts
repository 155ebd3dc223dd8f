import { STREAM_CLOSE_CODES, streamClientMessageSchema } from '@td/contracts';
import type { WebSocket } from 'ws';
import { SessionChecks } from './session-checks';
import { signInRefusal, WaitingStreams } from './stream-admission';
import { StreamConnection } from './stream-connection';
import { StreamTopics } from './stream-topics';

/** Open streams one session may hold (one per browser tab). */
export const MAX_STREAMS_PER_SESSION = 10;
/** Signed-in streams the server holds in all; streams still waiting to sign in have their own cap (stream-admission.ts). */
export const MAX_STREAMS = 200;
export { SESSION_CHECK_MS } from './session-checks';

const SESSION_ENDED = 'Your session has ended. Sign in again.';

export interface StreamHubOptions {
  /** Resolves a session token to the signed-in email, or null (counts as activity on the session). */
  verifyToken(token: string): string | null;
  /** Whether the session is still live, without counting as activity; defaults to verifyToken. */
  isSessionLive?(token: string): boolean;
  /** Whether a symbol in a ticks:/candles:/book: topic exists. */
  isKnownSymbol(symbol: string): boolean;
  authTimeoutMs?: number;
  maxTopicsPerClient?: number;
  maxStreamsPerSession?: number;
  maxStreams?: number;
  maxWaitingStreams?: number;
  maxWaitingStreamsPerAddress?: number;
  sessionCheckMs?: number;
}

/**
 * The one realtime stream. Clients authenticate in their first message, then subscribe to topics
 * (stream-topics.ts); signed-in streams' sessions are re-checked on a timer (session-checks.ts).
 */
export class StreamHub {
  private readonly topics = new StreamTopics();
  private readonly connections = new Set<StreamConnection>();
  private readonly waiting: WaitingStreams<StreamConnection>;
  private readonly sessionChecks: SessionChecks;
  private shuttingDown = false;

  constructor(private readonly options: StreamHubOptions) {
    this.waiting = new WaitingStreams(options.maxWaitingStreams, options.maxWaitingStreamsPerAddress);
    this.sessionChecks = new SessionChecks(() => this.recheckSessions(), options.sessionCheckMs);
  }

  /**
   * Admits a socket from `address` (the client's, as the request sees it) to wait for its sign-in.
   * Null while shutting down. A full waiting room closes its longest-waiting socket, never a signed-in one.
   */
  accept(socket: WebSocket, address = 'unknown'): StreamConnection | null {
    if (this.shuttingDown) {
      socket.close(1001, 'Server shutting down');
      return null;
    }
    const connection = new StreamConnection(socket);
    this.connections.add(connection);
    const displaced = this.waiting.admit(connection, address);
    if (displaced) {
      this.drop(displaced);
      displaced.socket.close(
        STREAM_CLOSE_CODES.serverFull,
        'Too many streams are waiting to sign in; reconnect and send the session token at once.',
      );
    }
    const authTimer = setTimeout(() => {
      if (!connection.authenticated) socket.close(4401, 'Authenticate with {"type":"auth","token":…} first');
    }, this.options.authTimeoutMs ?? 5000);
    socket.on('message', (raw, isBinary) => this.onMessage(connection, isBinary ? null : raw.toString()));
    socket.on('close', () => {
      clearTimeout(authTimer);
      this.drop(connection);
    });
    socket.on('error', () => this.drop(connection));
    return connection;
  }

  hasSubscribers(topic: string): boolean {
    return this.topics.hasSubscribers(topic);
  }

  /** Sends `data` to everyone subscribed to `topic`, serialising it once. */
  publish(topic: string, data: unknown): void {
    this.topics.publish(topic, data);
  }

  stats() {
    let coalesced = 0;
    let delivered = 0;
    let pending = 0;
    for (const connection of this.connections) {
      coalesced += connection.coalesced;
      delivered += connection.delivered;
      pending += connection.pendingTopics;
    }
    return {
      clients: this.connections.size,
      topics: this.topics.size,
      broadcasts: this.topics.broadcastCount,
      delivered,
      coalesced,
      pending,
    };
  }

  /**
   * Closes every stream whose session is no longer live with `sessionEnded`. Runs every
   * SESSION_CHECK_MS, and at once after a sign-out or a password change.
   */
  recheckSessions(): number {
    const isLive =
      this.options.isSessionLive ?? ((token: string) => this.options.verifyToken(token) !== null);
    let ended = 0;
    for (const connection of [...this.connections]) {
      if (connection.token === null || isLive(connection.token)) continue;
      connection.sendControl({ type: 'error', error: SESSION_ENDED });
      connection.token = null;
      connection.email = null;
      this.drop(connection);
      connection.socket.close(STREAM_CLOSE_CODES.sessionEnded, 'Session ended');
      ended++;
    }
    return ended;
  }

  closeAll(): void {
    // From here on the database may close: no message or check may reach the session store again.
    this.shuttingDown = true;
    this.sessionChecks.stop();
    for (const connection of this.connections) connection.socket.close(1001, 'Server shutting down');
  }

  private onMessage(connection: StreamConnection, text: string | null): void {
    if (this.shuttingDown) return;
    let parsed: unknown;
    try {
      parsed = text === null ? null : JSON.parse(text);
    } catch {
      connection.sendControl({
        type: 'error',
        error: 'Messages must be JSON text, e.g. {"type":"subscribe","topics":["indices"]}.',
      });
      return;
    }
    const message = streamClientMessageSchema.safeParse(parsed);
    if (!message.success) {
      const issue = message.error.issues[0];
      connection.sendControl({
        type: 'error',
        error: `Message not understood: ${issue?.path.join('.') || 'type'} ${issue?.message ?? ''}`.trim(),
      });
      return;
    }
    const data = message.data;
    if (data.type === 'ping') {
      connection.sendControl({ type: 'pong' });
      return;
    }
    if (data.type === 'auth') {
      this.authenticate(connection, data.token);
      return;
    }
    if (!connection.authenticated) {
      connection.sendControl({
        type: 'error',
        error: 'Authenticate first: send {"type":"auth","token":"<session token>"}.',
      });
      return;
    }
    if (data.type === 'unsubscribe') {
      for (const topic of data.topics) this.topics.leave(connection, topic);
      return;
    }
    const unknown = data.topics.filter(
      (topic) => topic.includes(':') && !this.options.isKnownSymbol(topic.split(':')[1]!),
    );
    if (unknown.length) {
      connection.sendControl({
        type: 'error',
        error: `Unknown symbol in ${unknown.join(', ')}: use NSE symbols such as RELIANCE.`,
      });
      return;
    }
    const limit = this.options.maxTopicsPerClient ?? 500;
    const fresh = data.topics.filter((topic) => !connection.topics.has(topic));
    if (connection.topics.size + fresh.length > limit) {
      connection.sendControl({
        type: 'error',
        error: `At most ${limit} topics per connection; unsubscribe from some first.`,
      });
      return;
    }
    for (const topic of fresh) this.topics.join(connection, topic);
    connection.sendControl({ type: 'subscribed', topics: [...connection.topics] });
  }

  private authenticate(connection: StreamConnection, token: string): void {
    const email = this.options.verifyToken(token);
    if (!email) {
      connection.sendControl({ type: 'error', error: 'Your session has expired. Sign in again.' });
      connection.socket.close(STREAM_CLOSE_CODES.sessionEnded, 'Session not valid');
      return;
    }
    const refusal = signInRefusal(
      [...this.connections].filter((other) => other !== connection),
      token,
      {
        perSession: this.options.maxStreamsPerSession ?? MAX_STREAMS_PER_SESSION,
        signedIn: this.options.maxStreams ?? MAX_STREAMS,
      },
    );
    if (refusal) {
      connection.sendControl({ type: 'error', error: refusal.error });
      connection.socket.close(refusal.code, refusal.error);
      return;
    }
    this.waiting.remove(connection);
    connection.token = token;
    connection.email = email;
    this.sessionChecks.start();
    connection.sendControl({ type: 'ready', email });
  }

  private drop(connection: StreamConnection): void {
    this.waiting.remove(connection);
    if (!this.connections.delete(connection)) return;
    this.topics.leaveAll(connection);
    if (this.connections.size === 0) this.sessionChecks.stop();
  }
}
