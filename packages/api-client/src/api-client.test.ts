import { z } from 'zod';
import { ApiClient } from './api-client';
import { ApiError } from './api-error';
import { retryDelay } from './query-client';

const ok = z.object({ success: z.literal(true), value: z.number() });

function clientWith(
  respond: (url: string, init: RequestInit) => Promise<Response>,
  token: string | null = 'tok',
) {
  const onUnauthorized = jest.fn();
  const fetchImpl = jest.fn(respond) as unknown as typeof fetch;
  const client = new ApiClient({
    baseUrl: 'http://api.test',
    getToken: () => token,
    onUnauthorized,
    fetchImpl,
    timeoutMs: 50,
  });
  return { client, fetchImpl: fetchImpl as unknown as jest.Mock, onUnauthorized };
}

const json = (status: number, body: unknown) =>
  Promise.resolve({ ok: status < 400, status, headers: new Headers(), json: async () => body } as Response);

describe('ApiClient', () => {
  it('sends the session as a Bearer header and returns the validated reply', async () => {
    const { client, fetchImpl } = clientWith(() => json(200, { success: true, value: 3 }));
    await expect(client.get('/api/x', ok)).resolves.toEqual({ success: true, value: 3 });
    expect(fetchImpl.mock.calls[0][1].headers.Authorization).toBe('Bearer tok');
  });

  it('tells a network failure from a refusal by the server', async () => {
    const offline = clientWith(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await offline.client.get('/api/x', ok).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'network', status: null, isDisconnected: true });

    const refused = clientWith(() =>
      json(409, { success: false, error: 'Live trading needs Upstox.', code: 'live_unavailable' }),
    );
    const refusal = await refused.client.get('/api/x', ok).catch((e: unknown) => e);
    expect(refusal).toMatchObject({
      kind: 'http',
      status: 409,
      code: 'live_unavailable',
      message: 'Live trading needs Upstox.',
    });
    expect((refusal as ApiError).isDisconnected).toBe(false);
  });

  it('reads a 503 as a disconnected data source', async () => {
    const { client } = clientWith(() => json(503, { success: false, error: 'Data source not connected' }));
    const error = (await client.get('/api/x', ok).catch((e: unknown) => e)) as ApiError;
    expect(error.isDisconnected).toBe(true);
    expect(error.status).toBe(503);
  });

  it('gives up after its timeout with a timeout error', async () => {
    const { client } = clientWith(
      (_url, init) =>
        new Promise((_resolve, reject) =>
          init.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
        ),
    );
    await expect(client.get('/api/slow', ok)).rejects.toMatchObject({ kind: 'timeout' });
  });

  it('reports a reply of the wrong shape instead of passing it on', async () => {
    const { client } = clientWith(() => json(200, { success: true, value: 'three' }));
    await expect(client.get('/api/x', ok)).rejects.toMatchObject({ kind: 'invalid_response' });
  });

  it('announces a lost session once when a call with a token gets 401', async () => {
    const { client, onUnauthorized } = clientWith(() =>
      json(401, { success: false, error: 'Your session has expired.' }),
    );
    await expect(client.get('/api/x', ok)).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('sends no token on anonymous calls such as sign-in', async () => {
    const { client, fetchImpl } = clientWith(() => json(200, { success: true, value: 1 }));
    await client.post('/api/auth/login', ok, { email: 'a@b.c' }, { anonymous: true });
    expect(fetchImpl.mock.calls[0][1].headers.Authorization).toBeUndefined();
  });
});

describe('ApiClient.getBlob', () => {
  const csv = new Blob(['id,symbol\r\n'], { type: 'text/csv' });
  const file = (blob: Blob) =>
    Promise.resolve({
      ok: true,
      status: 200,
      blob: async () => blob,
      json: async () => {
        throw new SyntaxError('not JSON');
      },
    } as unknown as Response);

  it('fetches a file with the session header and returns its body as a Blob', async () => {
    const { client, fetchImpl } = clientWith(() => file(csv));
    await expect(client.getBlob('/api/trades/export?status=FILLED')).resolves.toBe(csv);
    expect(fetchImpl.mock.calls[0][0]).toBe('http://api.test/api/trades/export?status=FILLED');
    expect(fetchImpl.mock.calls[0][1]).toMatchObject({
      method: 'GET',
      headers: { Authorization: 'Bearer tok', Accept: '*/*' },
    });
  });

  it('maps refusals, lost sessions and silence to the same errors as JSON calls', async () => {
    const refused = clientWith(() => json(400, { success: false, error: 'Invalid range: range must be …' }));
    await expect(refused.client.getBlob('/api/x')).rejects.toMatchObject({
      kind: 'http',
      status: 400,
      message: 'Invalid range: range must be …',
    });

    const expired = clientWith(() => json(401, { success: false, error: 'Your session has expired.' }));
    await expect(expired.client.getBlob('/api/x')).rejects.toMatchObject({ status: 401 });
    expect(expired.onUnauthorized).toHaveBeenCalledTimes(1);

    const offline = clientWith(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(offline.client.getBlob('/api/x')).rejects.toMatchObject({ kind: 'network' });
  });
});

describe('retry delays', () => {
  it('double from 1 s and stop growing at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});

describe('a read the server shed as busy', () => {
  const busy = (retryAfter: string | null) =>
    Promise.resolve({
      ok: false,
      status: 503,
      headers: new Headers(retryAfter === null ? {} : { 'Retry-After': retryAfter }),
      json: async () => ({ success: false, error: 'The server is busy; try again in a second.' }),
    } as Response);

  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('is asked again after the Retry-After it names and answers the caller', async () => {
    let calls = 0;
    const { client, fetchImpl } = clientWith(() =>
      ++calls === 1 ? busy('1') : json(200, { success: true, value: 7 }),
    );
    const answer = client.get('/api/market/candles/RELIANCE', ok);
    await jest.advanceTimersByTimeAsync(999);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1);
    await expect(answer).resolves.toEqual({ success: true, value: 7 });
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it('gives up after three retries with the server’s sentence, and never retries a write', async () => {
    const reads = clientWith(() => busy('1'));
    const answer = reads.client.get('/api/x', ok);
    const settled = expect(answer).rejects.toMatchObject({
      status: 503,
      message: expect.stringContaining('busy'),
    });
    await jest.advanceTimersByTimeAsync(3000);
    await settled;
    expect(reads.fetchImpl).toHaveBeenCalledTimes(4);

    const writes = clientWith(() => busy('1'));
    await expect(writes.client.post('/api/orders', ok, {})).rejects.toMatchObject({ status: 503 });
    expect(writes.fetchImpl).toHaveBeenCalledTimes(1);
  });

  it('is not retried without a short Retry-After (an outage, not a burst)', async () => {
    for (const header of [null, '120', 'soon']) {
      const { client, fetchImpl } = clientWith(() => busy(header));
      await expect(client.get('/api/x', ok)).rejects.toMatchObject({ status: 503 });
      expect(fetchImpl).toHaveBeenCalledTimes(1);
    }
  });
});

describe('an answer asked for before the client existed', () => {
  it('is checked as a fetched one, without asking again', async () => {
    const { client, fetchImpl } = clientWith(() => json(200, { success: true, value: 1 }));
    const answer = json(200, { success: true, value: 7 });
    await expect(client.get('/api/x', ok, { answer })).resolves.toEqual({ success: true, value: 7 });
    const wrong = json(200, { success: true, value: 'seven' });
    await expect(client.get('/api/x', ok, { answer: wrong })).rejects.toMatchObject({
      kind: 'invalid_response',
    });
    const refused = json(404, { success: false, error: 'No such thing.' });
    await expect(client.get('/api/x', ok, { answer: refused })).rejects.toMatchObject({
      kind: 'http',
      message: 'No such thing.',
    });
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('is given up on after the timeout, and a failed one reads as a network failure', async () => {
    const { client } = clientWith(() => json(200, { success: true, value: 1 }));
    const never = new Promise<Response>(() => undefined);
    await expect(client.get('/api/x', ok, { answer: never })).rejects.toMatchObject({ kind: 'timeout' });
    const failed = Promise.reject(new TypeError('Failed to fetch'));
    await expect(client.get('/api/x', ok, { answer: failed })).rejects.toMatchObject({ kind: 'network' });
  });
});
