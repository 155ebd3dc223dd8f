import type { AddressInfo } from 'node:net';
import { STREAM_CLOSE_CODES } from '@td/contracts';
import WebSocket, { WebSocketServer } from 'ws';
import { openSignedInStream, openStream } from '../../test-support';
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
  server.on('connection', (socket, request) => {
    const address = request.headers['x-test-address'];
    hub.accept(socket, typeof address === 'string' ? address : (request.socket.remoteAddress ?? 'unknown'));
  });
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

  it('refuses a sign-in past the signed-in cap with "try again later", and admits one once a stream closes', async () => {
    const { url } = await hubServer({ maxStreams: 2 });
    const held = [await openSignedInStream(url, 'live-a'), await openSignedInStream(url, 'live-b')];
    const refused = await openStream(url);
    refused.send({ type: 'auth', token: 'live-c' });
    expect(await refused.closed).toEqual({
      code: STREAM_CLOSE_CODES.serverFull,
      reason: 'The server holds at most 2 signed-in streams; try again shortly.',
    });
    held[0]!.socket.close();
    await held[0]!.closed;
    const admitted = await openSignedInStream(url, 'live-c');
    for (const client of [held[1]!, admitted]) client.socket.close();
  });
});

describe('StreamHub streams waiting to sign in', () => {
  /** A socket that says it comes from `address` (the hub server below reads the test header). */
  const openFrom = (url: string, address: string) =>
    openStream(url, { headers: { 'x-test-address': address } });
  const stillOpen = async (client: Awaited<ReturnType<typeof openStream>>) => {
    client.send({ type: 'ping' });
    await client.next((message) => message.type === 'pong');
  };

  it('never let anonymous sockets push out or keep out a signed-in stream', async () => {
    const { url } = await hubServer({ maxStreams: 2, maxWaitingStreams: 3, maxWaitingStreamsPerAddress: 2 });
    const trader = await openSignedInStream(url, 'live-a');
    const anonymous = [];
    for (let i = 0; i < 12; i++) anonymous.push(await openFrom(url, `203.0.113.${i % 4}`));
    await stillOpen(trader);
    const secondTab = await openSignedInStream(url, 'live-a');
    await stillOpen(trader);
    const open = anonymous.filter((client) => client.socket.readyState === WebSocket.OPEN);
    expect(open.length).toBeLessThanOrEqual(3);
    for (const client of [trader, secondTab, ...anonymous]) client.socket.close();
  });

  it("closes an address's longest-waiting socket once it has its share waiting, leaving other addresses' alone", async () => {
    const { url } = await hubServer({ maxWaitingStreams: 10, maxWaitingStreamsPerAddress: 2 });
    const [a1, a2, b1] = [
      await openFrom(url, '203.0.113.1'),
      await openFrom(url, '203.0.113.1'),
      await openFrom(url, '198.51.100.1'),
    ];
    const a3 = await openFrom(url, '203.0.113.1');
    expect(await a1!.closed).toEqual({
      code: STREAM_CLOSE_CODES.serverFull,
      reason: 'Too many streams are waiting to sign in; reconnect and send the session token at once.',
    });
    for (const client of [a2!, b1!, a3]) await stillOpen(client);
    for (const client of [a2!, b1!, a3]) client.socket.close();
  });

  it('closes the longest-waiting socket of all when the waiting room is full', async () => {
    const { url } = await hubServer({ maxWaitingStreams: 3, maxWaitingStreamsPerAddress: 3 });
    const first = await openFrom(url, '203.0.113.1');
    const others = [
      await openFrom(url, '203.0.113.2'),
      await openFrom(url, '203.0.113.3'),
      await openFrom(url, '203.0.113.4'),
    ];
    expect((await first.closed).code).toBe(STREAM_CLOSE_CODES.serverFull);
    for (const client of others) await stillOpen(client);
    // A stream that signs in leaves the waiting room, so it no longer counts against the others.
    others[0]!.send({ type: 'auth', token: 'live-a' });
    await others[0]!.next((message) => message.type === 'ready');
    const late = await openFrom(url, '203.0.113.5');
    for (const client of [...others, late]) await stillOpen(client);
    for (const client of [...others, late]) client.socket.close();
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
