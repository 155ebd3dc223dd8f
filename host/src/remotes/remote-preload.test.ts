import { preloadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteEntry, RemoteName } from '@td/contracts';
import type { RegistryStore } from './registry-store';
import { createRemotePreloader, preloadOnStart, preloadPlan } from './remote-preload';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
  preloadRemote: jest.fn(),
}));

describe('preloadPlan', () => {
  it.each([
    ['/dashboard', ['trading']],
    ['/', ['trading']],
    ['/dashboard/', ['trading']],
    ['/performance', ['analytics']],
    ['/ml-intelligence', ['ml']],
    ['/tick-streaming', ['infra']],
    ['/login', ['trading']],
    ['/no-such-screen', ['trading']],
  ])('signed in, %s needs %j now and nothing next', (path, now) => {
    expect(preloadPlan(path, true)).toEqual({ now, next: [] });
  });

  it('signed out, any page preloads sign-in only: the screen behind it waits for the session', () => {
    expect(preloadPlan('/login', false)).toEqual({ now: ['auth'], next: [] });
    expect(preloadPlan('/risk', false)).toEqual({ now: ['auth'], next: [] });
  });
});

const manifest = (remote: string, version = '1.0.0') => ({
  manifest_url: `http://cdn.test/mf-${remote}/${version}/mf-manifest.json`,
  version,
});

function fakeRegistry(entries: Partial<Record<RemoteName, RemoteEntry>>) {
  return { entry: (remote: RemoteName) => entries[remote] } as unknown as RegistryStore;
}

describe('createRemotePreloader', () => {
  beforeEach(() => jest.mocked(registerRemotes).mockClear());

  it("registers each planned remote's manifest and preloads its app expose, the page's own first", async () => {
    const order: string[] = [];
    let releaseNow: () => void = () => undefined;
    const preload = jest.fn((args: { nameOrAlias: string }[]) => {
      const nameOrAlias = args[0]!.nameOrAlias;
      order.push(nameOrAlias);
      return nameOrAlias === 'mf_auth' ? new Promise<void>((r) => (releaseNow = r)) : Promise.resolve();
    });
    const run = createRemotePreloader(
      fakeRegistry({ auth: manifest('auth'), trading: manifest('trading') }),
      preload,
    )({ now: ['auth'], next: ['trading'] });
    await Promise.resolve();
    expect(order).toEqual(['mf_auth']);
    releaseNow();
    await run;
    expect(order).toEqual(['mf_auth', 'mf_trading']);
    expect(preload).toHaveBeenCalledWith([{ nameOrAlias: 'mf_trading', exposes: ['app'] }]);
    expect(registerRemotes).toHaveBeenCalledWith(
      [{ name: 'mf_trading', entry: manifest('trading').manifest_url }],
      expect.anything(),
    );
  });

  it('preloads a manifest once, skips remotes the registry does not name, and swallows failures', async () => {
    const preload = jest.fn().mockRejectedValue(new Error('offline'));
    const preloader = createRemotePreloader(fakeRegistry({ trading: manifest('trading', '2.0.0') }), preload);
    await preloader({ now: ['trading', 'ml'], next: [] });
    await preloader({ now: ['trading'], next: [] });
    expect(preload).toHaveBeenCalledTimes(1);
  });
});

describe('evaluating the page being opened', () => {
  it('evaluates a remote the page needs now once it is preloaded, and not one it leads to next', async () => {
    const order: string[] = [];
    const preload = jest.fn(async (args: { nameOrAlias: string }[]) => {
      order.push(`preload ${args[0]!.nameOrAlias}`);
    });
    const evaluate = jest.fn(async (remote: RemoteName) => {
      order.push(`evaluate ${remote}`);
    });
    await createRemotePreloader(
      fakeRegistry({ auth: manifest('auth'), trading: manifest('trading') }),
      preload,
      evaluate,
    )({ now: ['auth'], next: ['trading'] });
    expect(order).toEqual(['preload mf_auth', 'evaluate auth', 'preload mf_trading']);
  });

  it('leaves a failed evaluation to the route, which reports it with its fallback', async () => {
    const evaluate = jest.fn().mockRejectedValue(new Error('no lifecycles'));
    const preloader = createRemotePreloader(
      fakeRegistry({ trading: manifest('trading') }),
      jest.fn(),
      evaluate,
    );
    await expect(preloader({ now: ['trading'], next: [] })).resolves.toBeUndefined();
  });
});

describe('preloadOnStart', () => {
  it("preloads the opened page's remote once the registry names it, and only once", async () => {
    jest.mocked(preloadRemote).mockClear().mockResolvedValue(undefined);
    const entries: Partial<Record<RemoteName, RemoteEntry>> = {};
    const listeners: (() => void)[] = [];
    const registry = {
      entry: (remote: RemoteName) => entries[remote],
      subscribe: (listener: () => void) => listeners.push(listener),
    } as unknown as RegistryStore;

    preloadOnStart(registry, '/performance', true);
    expect(preloadRemote).not.toHaveBeenCalled();

    entries.analytics = manifest('analytics');
    for (const listener of listeners) listener();
    for (const listener of listeners) listener();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(preloadRemote).toHaveBeenCalledTimes(1);
    expect(preloadRemote).toHaveBeenCalledWith([{ nameOrAlias: 'mf_analytics', exposes: ['app'] }]);
  });
});
