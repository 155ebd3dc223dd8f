import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { act, cleanup, screen } from '@testing-library/react';
import { createRemoteLifecycles } from './create-remote-lifecycles';
import { RemoteSlot } from './remote-slot';
import { renderRemote, reply } from './test-support';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
}));

const mockedLoadRemote = loadRemote as jest.MockedFunction<typeof loadRemote>;
const mockedRegisterRemotes = registerRemotes as jest.MockedFunction<typeof registerRemotes>;

const registry = (version: string) =>
  reply(200, {
    success: true,
    data: {
      updated_at: '2026-01-05T04:00:00.000Z',
      remotes: {
        infra: { manifest_url: `http://cdn.test/mf-infra/${version}/mf-manifest.json`, version },
      },
    },
  });

function DataSources() {
  return <p>Data sources from infra</p>;
}
function Broken(): never {
  throw new Error('infra tab crashed');
}

function Screen() {
  return (
    <div>
      <h1>Settings</h1>
      <RemoteSlot remote="infra" module="DataSourcesSettings" section="Data Sources" />
    </div>
  );
}

const render = () =>
  renderRemote(<Screen />, {
    url: '/settings',
    ownPaths: ['/settings'],
    remote: 'analytics',
    signedIn: true,
    replies: { 'GET /api/platform/registry': registry('1.4.3') },
  });

describe('RemoteSlot', () => {
  // Before the library's own cleanup: a parcel unmounts a few promise turns after its host, inside act.
  afterEach(async () => {
    await act(async () => {
      cleanup();
      for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setTimeout(resolve, 0));
    });
    jest.clearAllMocks();
  });

  it("mounts the other remote's exposed module, found through the runtime registry", async () => {
    mockedLoadRemote.mockResolvedValue({ default: createRemoteLifecycles(DataSources, 'Data Sources') });
    const view = render();
    expect(screen.getByRole('status')).toHaveTextContent('Loading Data Sources...');
    expect(await screen.findByText('Data sources from infra')).toBeInTheDocument();
    expect(mockedRegisterRemotes).toHaveBeenCalledWith(
      [{ name: 'mf_infra', entry: 'http://cdn.test/mf-infra/1.4.3/mf-manifest.json' }],
      expect.anything(),
    );
    expect(mockedLoadRemote).toHaveBeenCalledWith('mf_infra/DataSourcesSettings');
    // The registry is public: read without the session token, as the host reads it.
    const registryCall = view.requests.find((request) => request.path === '/api/platform/registry');
    expect(registryCall?.headers.Authorization).toBeUndefined();
  });

  it('shows only the slot as unavailable when the remote is down, and Retry loads it once it is back', async () => {
    mockedLoadRemote.mockRejectedValueOnce(new Error('Failed to fetch mf-manifest.json'));
    const { user } = render();
    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent('Data Sources is unavailable');
    expect(failure).toHaveTextContent('Failed to fetch mf-manifest.json');
    expect(screen.getByRole('heading', { name: 'Settings' })).toBeInTheDocument();

    mockedLoadRemote.mockResolvedValue({ default: createRemoteLifecycles(DataSources, 'Data Sources') });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Data sources from infra')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("keeps a crash inside the other remote's content to the slot", async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockedLoadRemote.mockResolvedValue({ default: createRemoteLifecycles(Broken, 'Data Sources') });
    render();
    expect(await screen.findByText('Data Sources stopped working')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Settings' })).toBeInTheDocument();
    consoleError.mockRestore();
  });

  it('swaps to the build the registry names next, re-registering the remote with force', async () => {
    let version = '1.4.3';
    mockedLoadRemote.mockImplementation(async () => {
      const shown = version;
      return { default: createRemoteLifecycles(() => <p>Data sources {shown}</p>, 'Data Sources') };
    });
    const view = renderRemote(<Screen />, {
      url: '/settings',
      ownPaths: ['/settings'],
      remote: 'analytics',
      signedIn: true,
      replies: { 'GET /api/platform/registry': () => registry(version) },
    });
    expect(await screen.findByText('Data sources 1.4.3')).toBeInTheDocument();

    version = '1.5.0';
    await act(() => view.props().queryClient.invalidateQueries({ queryKey: ['platform', 'registry'] }));
    expect(await screen.findByText('Data sources 1.5.0')).toBeInTheDocument();
    expect(mockedRegisterRemotes).toHaveBeenLastCalledWith(
      [{ name: 'mf_infra', entry: 'http://cdn.test/mf-infra/1.5.0/mf-manifest.json' }],
      { force: true },
    );
  });

  it('says so when the module is not parcel lifecycles', async () => {
    mockedLoadRemote.mockResolvedValue({ default: { nothing: true } });
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The infra remote does not expose DataSourcesSettings as parcel lifecycles.',
    );
  });
});
