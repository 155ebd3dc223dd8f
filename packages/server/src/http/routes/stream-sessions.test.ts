import type { AddressInfo } from 'node:net';
import { STREAM_CLOSE_CODES } from '@td/contracts';
import {
  buildTestApp,
  openSignedInStream,
  signInForTest,
  TEST_PASSWORD,
  type TestApp,
} from '../../test-support';

let t: TestApp;
let url: string;
let log: string;

beforeEach(async () => {
  log = '';
  t = await buildTestApp({ logStream: { write: (line: string) => (log += line) } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/stream`;
});
afterEach(() => t.close());

const post = (path: string, token?: string, payload?: object) =>
  t.app.inject({
    method: 'POST',
    url: path,
    payload,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

describe('streams end with their session', () => {
  it('closes an open stream as signed out when its session signs out, and leaves other sessions open', async () => {
    const mine = await signInForTest(t);
    const other = await signInForTest(t);
    const stream = await openSignedInStream(url, mine.token);
    const otherStream = await openSignedInStream(url, other.token);

    await post('/api/auth/logout', mine.token);

    expect(await stream.closed).toEqual({ code: STREAM_CLOSE_CODES.sessionEnded, reason: 'Session ended' });
    expect(stream.messages).toContainEqual({
      type: 'error',
      error: 'Your session has ended. Sign in again.',
    });
    otherStream.send({ type: 'ping' });
    expect(await otherStream.next((m) => m.type === 'pong')).toEqual({ type: 'pong' });
    otherStream.socket.close();
  });

  it('signs out everywhere: every session of the account ends and every stream closes', async () => {
    const laptop = await signInForTest(t);
    const phone = await signInForTest(t);
    const laptopStream = await openSignedInStream(url, laptop.token);
    const phoneStream = await openSignedInStream(url, phone.token);

    const reply = await post('/api/auth/logout-all', laptop.token);

    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({
      success: true,
      message: 'Signed out on every device. Sign in again to continue.',
      ended_sessions: 2,
    });
    expect((await laptopStream.closed).code).toBe(STREAM_CLOSE_CODES.sessionEnded);
    expect((await phoneStream.closed).code).toBe(STREAM_CLOSE_CODES.sessionEnded);
    for (const token of [laptop.token, phone.token]) {
      expect((await post('/api/auth/validate-session', token)).statusCode).toBe(401);
    }
  });

  it('refuses sign out everywhere without a session', async () => {
    const reply = await post('/api/auth/logout-all');
    expect(reply.statusCode).toBe(401);
    expect(reply.json().error).toBe('Sign in to continue.');
  });

  it('closes the streams of every older session when the password changes', async () => {
    const before = await signInForTest(t);
    const stream = await openSignedInStream(url, before.token);
    await post('/api/auth/request-password-setup', undefined, { email: t.config.traderEmail });
    const link = log
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line))
      .filter((entry) => typeof entry.setupLink === 'string')
      .at(-1).setupLink as string;
    const tempToken = new URL(link).searchParams.get('setup_token');

    const reply = await post('/api/auth/set-password', undefined, {
      temp_token: tempToken,
      new_password: `${TEST_PASSWORD}-new`,
    });

    expect(reply.statusCode).toBe(200);
    expect((await stream.closed).code).toBe(STREAM_CLOSE_CODES.sessionEnded);
  });
});
