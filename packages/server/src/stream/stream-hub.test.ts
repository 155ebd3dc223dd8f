import type { AddressInfo } from 'node:net';
import { STREAM_CLOSE_CODES } from '@td/contracts';
import { WebSocketServer } from 'ws';
import { openSignedInStream, openStream } from '../test-support';
import { StreamHub, type StreamHubOptions } from './stream-hub';

const servers: WebSocketServer[] = [];
afterAll(() => {
  for (const server of servers) server.close();
});

/** A hub behind a real WebSocket server; every token of the form `live-…` is a session while `live` holds. */
async function hubServer(options: Partial<StreamHubOptions> = {}) {
  const sessions = { live: true };
  const hub = new StreamHub({
    verifyToken: (token) => (sessions.live && token.startsWith('live-') ? 'trader@example.com' : null),
    isKnownSymbol: () => true,
    ...options,
  });
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  servers.push(server);
  server.on('connection', (socket) => hub.accept(socket));
  await new Promise((resolve) => server.once('listening', resolve));
  return { hub, sessions, url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe('StreamHub sessions', () => {
  it('closes a stream as signed out at the next periodic check once its session has expired', async () => {
    const { sessions, url } = await hubServer({ sessionCheckMs: 20 });
    const client = await openSignedInStream(url, 'live-1');
    sessions.live = false; // expired with no request to notice it
    expect(await client.closed).toEqual({ code: STREAM_CLOSE_CODES.sessionEnded, reason: 'Session ended' });
    expect(client.messages).toContainEqual({
      type: 'error',
      error: 'Your session has ended. Sign in again.',
    });
  });

  it('checks open streams every minute by default', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
    try {
      const checked: string[] = [];
      const hub = new StreamHub({
        verifyToken: () => 'trader@example.com',
        isSessionLive: (token) => {
          checked.push(token);
          return true;
        },
        isKnownSymbol: () => true,
      });
      const socket = { readyState: 1, bufferedAmount: 0, on: jest.fn(), send: jest.fn(), close: jest.fn() };
      hub.accept(socket as never);
      const onMessage = socket.on.mock.calls.find(([event]) => event === 'message')![1];
      onMessage(Buffer.from(JSON.stringify({ type: 'auth', token: 'live-1' })), false);
      jest.advanceTimersByTime(59_999);
      expect(checked).toEqual([]);
      jest.advanceTimersByTime(1);
      expect(checked).toEqual(['live-1']);
      hub.closeAll();
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('StreamHub caps', () => {
  it('refuses a stream past the per-session cap with its close code and a reason, and counts sessions apart', async () => {
    const { url } = await hubServer({ maxStreamsPerSession: 2 });
    const first = await openSignedInStream(url, 'live-a');
    const second = await openSignedInStream(url, 'live-a');
    const third = await openStream(url);
    third.send({ type: 'auth', token: 'live-a' });
    expect(await third.closed).toEqual({
      code: STREAM_CLOSE_CODES.tooManyForSession,
      reason: 'At most 2 live streams per sign-in; close other dashboard tabs first.',
    });
    const otherSession = await openSignedInStream(url, 'live-b');
    for (const client of [first, second, otherSession]) client.socket.close();
  });

  it('refuses a stream past the total cap with "try again later", before it authenticates', async () => {
    const { url } = await hubServer({ maxStreams: 2 });
    const held = [await openStream(url), await openStream(url)];
    const refused = await openStream(url);
    expect(await refused.closed).toEqual({
      code: STREAM_CLOSE_CODES.serverFull,
      reason: 'The server holds at most 2 streams; try again shortly.',
    });
    held[0]!.socket.close();
    await held[0]!.closed;
    const admitted = await openSignedInStream(url, 'live-c');
    for (const client of [held[1]!, admitted]) client.socket.close();
  });
});

describe('StreamHub shutdown', () => {
  it('after closeAll, neither admits a stream nor reads a message, so nothing reaches a closed session store', async () => {
    const verifyToken = jest.fn(() => 'trader@example.com');
    const { hub, url } = await hubServer({ verifyToken });
    const client = await openStream(url);
    hub.closeAll();
    client.send({ type: 'auth', token: 'live-1' });
    expect((await client.closed).code).toBe(1001);
    const late = await openStream(url);
    expect((await late.closed).code).toBe(1001);
    expect(verifyToken).not.toHaveBeenCalled();
  });
});
