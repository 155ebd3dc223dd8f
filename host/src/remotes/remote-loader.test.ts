import { loadRemote } from '@module-federation/enhanced/runtime';
import { renderHook } from '@testing-library/react';
import { evaluatedLifecycles, loadRemoteLifecycles, registerRemote } from './remote-loader';
import { useRemoteLifecycles } from './use-remote-lifecycles';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
  preloadRemote: jest.fn(),
}));

const entry = (version: string) => ({
  manifest_url: `http://cdn.test/mf-trading/${version}/mf-manifest.json`,
  version,
});
const lifecycles = () => ({ bootstrap: jest.fn(), mount: jest.fn(), unmount: jest.fn() });

describe('lifecycles evaluated ahead of the route', () => {
  it('are kept for the manifest they came from, and forgotten when the remote is registered anew', async () => {
    const first = lifecycles();
    jest.mocked(loadRemote).mockResolvedValueOnce({ default: first });
    registerRemote('trading', entry('1.0.0'));
    await loadRemoteLifecycles('trading');
    expect(evaluatedLifecycles('trading', entry('1.0.0').manifest_url)).toBe(first);
    expect(evaluatedLifecycles('trading', entry('2.0.0').manifest_url)).toBeUndefined();

    registerRemote('trading', entry('2.0.0'));
    expect(evaluatedLifecycles('trading', entry('1.0.0').manifest_url)).toBeUndefined();
  });

  it('let the route mount in its first render, without a loading round', async () => {
    const ready = lifecycles();
    jest.mocked(loadRemote).mockResolvedValue({ default: ready });
    registerRemote('trading', entry('3.0.0'));
    await loadRemoteLifecycles('trading');
    const { result } = renderHook(() => useRemoteLifecycles('trading', entry('3.0.0')));
    expect(result.current.state).toEqual({ status: 'ready', lifecycles: ready, version: '3.0.0' });
  });

  it('are loaded by the route when nothing was evaluated for its manifest', () => {
    jest.mocked(loadRemote).mockReturnValue(new Promise(() => undefined));
    const { result } = renderHook(() => useRemoteLifecycles('trading', entry('4.0.0')));
    expect(result.current.state).toEqual({ status: 'loading' });
  });
});
