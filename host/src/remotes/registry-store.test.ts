import { ApiClient } from '@td/api-client';
import { fakeJsonResponse } from '@td/platform/test-support';
import { createFakeApi } from '../test-support/fake-api';
import { RegistryStore } from './registry-store';

const registry = (infraVersion: string) => ({
  body: {
    success: true,
    data: {
      updated_at: '2026-01-05T04:00:00.000Z',
      remotes: {
        infra: {
          manifest_url: `http://cdn.test/mf-infra/${infraVersion}/mf-manifest.json`,
          version: infraVersion,
        },
        ml: { manifest_url: 'http://cdn.test/mf-ml/1.0.0/mf-manifest.json', version: '1.0.0' },
      },
    },
  },
});

function storeWith(reply: () => unknown) {
  const fake = createFakeApi({ 'GET /api/platform/registry': reply as never });
  const api = new ApiClient({ baseUrl: 'http://api.test', getToken: () => null, fetchImpl: fake.fetchImpl });
  return { store: new RegistryStore(api, 1000), fake };
}

describe('RegistryStore', () => {
  it('tells subscribers when an entry changes, and only then', async () => {
    let version = '1.0.0';
    const { store } = storeWith(() => registry(version));
    const listener = jest.fn();
    store.subscribe(listener);

    await store.refresh();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.entry('infra')?.version).toBe('1.0.0');

    await store.refresh();
    expect(listener).toHaveBeenCalledTimes(1);

    version = '1.4.3';
    await store.refresh();
    expect(listener).toHaveBeenCalledTimes(2);
    expect(store.entry('infra')?.manifest_url).toBe('http://cdn.test/mf-infra/1.4.3/mf-manifest.json');
  });

  it('keeps the last good registry when the API is briefly away', async () => {
    let down = false;
    const { store } = storeWith(() => (down ? new TypeError('offline') : registry('1.0.0')));
    await store.refresh();
    down = true;
    await store.refresh();
    expect(store.entry('infra')?.version).toBe('1.0.0');
    expect(store.lastError()).not.toBeNull();
  });

  it('reads the registry without sending the session token', async () => {
    const { store, fake } = storeWith(() => registry('1.0.0'));
    await store.refresh();
    expect(fake.calls).toEqual([expect.objectContaining({ method: 'GET', path: '/api/platform/registry' })]);
  });

  it('polls on its interval until stopped', async () => {
    jest.useFakeTimers();
    try {
      const { store, fake } = storeWith(() => registry('1.0.0'));
      store.start();
      await jest.advanceTimersByTimeAsync(3100);
      store.stop();
      await jest.advanceTimersByTimeAsync(5000);
      expect(fake.calls).toHaveLength(4);
    } finally {
      jest.useRealTimers();
    }
  });

  it('takes its first read from the answer asked for before bootstrap, then asks the API itself', async () => {
    const fake = createFakeApi({ 'GET /api/platform/registry': registry('2.0.0') as never });
    const api = new ApiClient({
      baseUrl: 'http://api.test',
      getToken: () => null,
      fetchImpl: fake.fetchImpl,
    });
    const asked: string[] = [];
    const store = new RegistryStore(api, 1000, (url) => {
      asked.push(url);
      return Promise.resolve(fakeJsonResponse(200, registry('1.0.0').body));
    });
    await store.refresh();
    expect(asked).toEqual(['http://api.test/api/platform/registry']);
    expect(fake.calls).toEqual([]);
    expect(store.entry('infra')?.version).toBe('1.0.0');
    await store.refresh();
    expect(store.entry('infra')?.version).toBe('2.0.0');
  });

  it('asks the API when the early read failed or was not a registry', async () => {
    const fake = createFakeApi({ 'GET /api/platform/registry': registry('2.0.0') as never });
    const api = new ApiClient({
      baseUrl: 'http://api.test',
      getToken: () => null,
      fetchImpl: fake.fetchImpl,
    });
    for (const early of [
      Promise.resolve(fakeJsonResponse(200, { success: false })),
      Promise.resolve(fakeJsonResponse(503, { success: false, error: 'Busy' })),
      Promise.reject(new TypeError('Failed to fetch')),
    ]) {
      fake.calls.length = 0;
      const store = new RegistryStore(api, 1000, () => early);
      await store.refresh();
      expect(fake.calls).toHaveLength(1);
      expect(store.entry('infra')?.version).toBe('2.0.0');
    }
  });
});
