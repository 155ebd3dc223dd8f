import WebSocket from 'ws';

export interface StreamTestClient {
  socket: WebSocket;
  messages: Record<string, unknown>[];
  /** The first message (already received or arriving within a second) that matches. */
  next(predicate: (message: Record<string, unknown>) => boolean): Promise<Record<string, unknown>>;
  /** Resolves with the close code and reason once the server or the client closes the socket. */
  closed: Promise<{ code: number; reason: string }>;
  send(message: unknown): void;
}

/** Opens a WebSocket to `url` (with `options`, e.g. headers) and records every message it receives. */
export async function openStream(url: string, options?: WebSocket.ClientOptions): Promise<StreamTestClient> {
  const socket = new WebSocket(url, options);
  const messages: Record<string, unknown>[] = [];
  socket.on('message', (raw) => messages.push(JSON.parse(raw.toString())));
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  const next = async (predicate: (message: Record<string, unknown>) => boolean) => {
    for (let i = 0; i < 100; i++) {
      const found = messages.find(predicate);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`no matching message; got ${JSON.stringify(messages)}`);
  };
  return { socket, messages, next, closed, send: (message) => socket.send(JSON.stringify(message)) };
}

/** Opens a stream and authenticates it with `token`, waiting for the server's `ready`. */
export async function openSignedInStream(url: string, token: string): Promise<StreamTestClient> {
  const client = await openStream(url);
  client.send({ type: 'auth', token });
  await client.next((message) => message.type === 'ready');
  return client;
}
