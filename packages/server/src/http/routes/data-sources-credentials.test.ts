import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildTestApp, signInForTest, type TestApp } from '../../test-support';

interface Hit {
  url?: string;
  authorization?: string;
  team?: string;
}

/** A quotes endpoint on 127.0.0.1 that records what each request carried. */
async function quotesServer() {
  const hits: Hit[] = [];
  const server = http.createServer((request, response) => {
    hits.push({
      url: request.url,
      authorization: request.headers.authorization,
      team: request.headers['x-team'] as string | undefined,
    });
    response.end('{"NIFTY":24000}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, hits, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe('editing a custom source to another site', () => {
  // Two ports are two origins, as two hosts would be.
  let first: Awaited<ReturnType<typeof quotesServer>>;
  let second: Awaited<ReturnType<typeof quotesServer>>;
  let testApp: TestApp;
  let headers: { authorization: string };
  let id: string;

  const form = (endpoint: string, extra: object = {}) => ({
    name: 'My quotes',
    endpoint,
    type: 'Market Data API',
    description: 'Quotes from my own server',
    ...extra,
  });
  const edit = (payload: object) =>
    testApp.app.inject({ method: 'PUT', url: `/api/data-sources/${id}`, headers, payload });

  beforeAll(async () => {
    first = await quotesServer();
    second = await quotesServer();
  });
  afterAll(async () => {
    await first.close();
    await second.close();
  });
  beforeEach(async () => {
    testApp = await buildTestApp({
      services: (services) => {
        // DATA_SOURCES_ALLOW_LOOPBACK: the two sites here are servers on 127.0.0.1.
        (services.dataSources as unknown as { deps: { allowLoopback: boolean } }).deps.allowLoopback = true;
        return {};
      },
    });
    ({ headers } = await signInForTest(testApp));
    const added = await testApp.app.inject({
      method: 'POST',
      url: '/api/data-sources/add',
      headers,
      payload: form(`${first.origin}/quotes`, {
        apiKey: 'sk_live_first_site',
        headers: { 'X-Team': 'alpha' },
      }),
    });
    expect(added.statusCode).toBe(201);
    id = added.json().data.id;
    first.hits.length = 0;
    second.hits.length = 0;
  });
  afterEach(() => testApp.close());

  it('asks for the key again with a sentence, and sends the stored one nowhere', async () => {
    const response = await edit(form(`${second.origin}/quotes`));
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toBe(
      `The endpoint moves from ${first.origin} to ${second.origin}: enter the API key again or remove the stored key (an empty apiKey removes it). ` +
        `The stored key is only ever sent to ${first.origin}.`,
    );
    expect(second.hits).toEqual([]);
    expect(first.hits).toEqual([]);
  });

  it('drops the stored key and headers when an empty key is given', async () => {
    const response = await edit(form(`${second.origin}/quotes`, { apiKey: '' }));
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ api_key_masked: null, header_names: [] });
    expect(second.hits).toEqual([{ url: '/quotes', authorization: undefined, team: undefined }]);
    await testApp.app.inject({ method: 'POST', url: `/api/data-sources/${id}/refresh`, headers });
    expect(second.hits.every((hit) => hit.authorization === undefined && hit.team === undefined)).toBe(true);
  });

  it('sends a new key to the new site, and keeps the stored key and headers on the same site', async () => {
    const moved = await edit(form(`${second.origin}/quotes`, { apiKey: 'sk_live_second_site' }));
    expect(moved.statusCode).toBe(200);
    expect(second.hits.at(-1)).toEqual({
      url: '/quotes',
      authorization: 'Bearer sk_live_second_site',
      team: undefined,
    });
    const samePlace = await edit(form(`${second.origin}/quotes?v=2`));
    expect(samePlace.statusCode).toBe(200);
    expect(second.hits.at(-1)?.authorization).toBe('Bearer sk_live_second_site');
    expect(first.hits).toEqual([]);
  });
});
