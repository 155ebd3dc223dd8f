import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { buildTestApp, openStream, signInForTest, type TestApp } from '../../test-support';

let testApp: TestApp;
let url: string;
let token: string;

beforeAll(async () => {
  testApp = await buildTestApp();
  ({ token } = await signInForTest(testApp));
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  url = `ws://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}/api/stream`;
});
afterAll(() => testApp.close());

const open = () => openStream(url);

describe('/api/stream', () => {
  it('refuses a client whose first message carries no valid session, and closes it', async () => {
    const client = await open();
    client.send({ type: 'auth', token: 'not-a-session' });
    expect(await client.next((m) => m.type === 'error')).toMatchObject({
      error: 'Your session has expired. Sign in again.',
    });
    expect((await client.closed).code).toBe(4401);
  });

  it('refuses subscriptions before authentication', async () => {
    const client = await open();
    client.send({ type: 'subscribe', topics: ['indices'] });
    expect(await client.next((m) => m.type === 'error')).toMatchObject({
      error: expect.stringMatching(/Authenticate first/),
    });
    client.socket.close();
  });

  it('delivers published data only to subscribers of the topic', async () => {
    const a = await open();
    const b = await open();
    for (const client of [a, b]) client.send({ type: 'auth', token });
    await a.next((m) => m.type === 'ready');
    await b.next((m) => m.type === 'ready');
    a.send({ type: 'subscribe', topics: ['ticks:RELIANCE'] });
    b.send({ type: 'subscribe', topics: ['indices'] });
    await a.next((m) => m.type === 'subscribed');
    await b.next((m) => m.type === 'subscribed');
    testApp.services.stream.publish('ticks:RELIANCE', { ltp: 250000 });
    expect(await a.next((m) => m.topic === 'ticks:RELIANCE')).toEqual({
      topic: 'ticks:RELIANCE',
      data: { ltp: 250000 },
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(b.messages.some((m) => m.topic === 'ticks:RELIANCE')).toBe(false);
    a.socket.close();
    b.socket.close();
  });

  it('answers malformed messages with a clear error and keeps the socket and the server up', async () => {
    const client = await open();
    client.send({ type: 'auth', token });
    await client.next((m) => m.type === 'ready');
    client.socket.send('{not json');
    expect(await client.next((m) => m.type === 'error')).toMatchObject({
      error: expect.stringMatching(/must be JSON/),
    });
    client.send({ type: 'subscribe', topics: ['prices-of-everything'] });
    await client.next((m) => typeof m.error === 'string' && (m.error as string).includes('Topics are'));
    client.send({ type: 'launch-missiles' });
    await client.next(
      (m) => typeof m.error === 'string' && (m.error as string).startsWith('Message not understood'),
    );
    client.send({ type: 'ping' });
    expect(await client.next((m) => m.type === 'pong')).toEqual({ type: 'pong' });
    const health = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    client.socket.close();
  });

  it('closes a client that never authenticates', async () => {
    // The app's hub waits 5 s for the session; a hub with a short timeout shows the rule quickly.
    const { StreamHub } = await import('../../engines/stream/stream-hub');
    const hub = new StreamHub({ verifyToken: () => null, isKnownSymbol: () => true, authTimeoutMs: 50 });
    const { WebSocketServer } = await import('ws');
    const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    server.on('connection', (socket) => hub.accept(socket));
    await new Promise((resolve) => server.once('listening', resolve));
    const socket = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`);
    const code = await new Promise<number>((resolve) => socket.once('close', (c) => resolve(c)));
    expect(code).toBe(4401);
    server.close();
  });
});
