import type { AddressInfo } from 'node:net';
import { STREAM_CLOSE_CODES } from '@td/contracts';
import WebSocket from 'ws';
import { MAX_STREAMS } from '../../engines/stream/stream-hub';
import {
  buildTestApp,
  openSignedInStream,
  openStream,
  signInForTest,
  type TestApp,
} from '../../test-support';

let testApp: TestApp;
afterEach(() => testApp.close());

describe('/api/stream under a flood of anonymous sockets', () => {
  it(`lets the trader's stream in after ${MAX_STREAMS} unauthenticated sockets, and keeps it open`, async () => {
    testApp = await buildTestApp();
    const { token } = await signInForTest(testApp);
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `ws://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}/api/stream`;

    const before = await openSignedInStream(url, token);
    const flood = [];
    for (let i = 0; i < MAX_STREAMS; i++) flood.push(await openStream(url));
    const after = await openSignedInStream(url, token);
    for (const client of [before, after]) {
      client.send({ type: 'ping' });
      await client.next((message) => message.type === 'pong');
    }
    // All from one address: only a handful wait at once, the rest were told to try again later.
    const waiting = flood.filter((client) => client.socket.readyState === WebSocket.OPEN);
    expect(waiting.length).toBeLessThanOrEqual(4);
    expect((await flood[0]!.closed).code).toBe(STREAM_CLOSE_CODES.serverFull);
    for (const client of [before, after, ...flood]) client.socket.close();
  });
});
