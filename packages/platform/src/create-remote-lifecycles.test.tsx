import { ApiClient, createQueryClient } from '@td/api-client';
import { theme } from '@td/ui';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { Link, Route, Routes } from 'react-router-dom';
import { createRemoteLifecycles } from './create-remote-lifecycles';
import { ParcelMount } from './parcel-mount';
import { usePlatform } from './platform-context';
import type { RemoteLifecycles, RemoteProps } from './remote-contract';

function Boom(): never {
  throw new Error('kaboom');
}

let shouldThrow = true;
function Flaky() {
  if (shouldThrow) throw new Error('first render fails');
  return <p>Recovered screen</p>;
}

function LiveTicks() {
  const { subscribe } = usePlatform();
  useEffect(() => subscribe('ticks:RELIANCE', () => undefined), [subscribe]);
  return <p>Live ticks</p>;
}

function Screens() {
  const { session } = usePlatform();
  return (
    <Routes>
      <Route
        path="/tick-streaming"
        element={
          <div>
            <p>Tick streaming for {session.user?.email}</p>
            <Link to="/auto-scaling">Auto-scaling</Link>
          </div>
        }
      />
      <Route path="/auto-scaling" element={<p>Auto-scaling screen</p>} />
      <Route path="/live" element={<LiveTicks />} />
      <Route path="/boom" element={<Boom />} />
      <Route path="/flaky" element={<Flaky />} />
    </Routes>
  );
}

const unsubscribe = jest.fn();
const subscribe = jest.fn(() => unsubscribe);

function propsFor(pathname: string, navigate: RemoteProps['navigate']): RemoteProps {
  return {
    remote: 'infra',
    version: '1.0.0',
    session: {
      user: { email: 'trader@example.com' },
      isAuthenticated: true,
      getToken: () => 'token',
      signIn: jest.fn(),
      signOut: jest.fn(),
    },
    api: new ApiClient({ baseUrl: 'http://api.test', getToken: () => 'token' }),
    queryClient: createQueryClient(),
    location: { pathname, search: '', hash: '' },
    navigate,
    tradingMode: 'paper',
    theme,
    subscribe,
    notify: jest.fn(),
    openDiagnostics: jest.fn(),
  };
}

/** How many parcels mounted, and single-spa's unmount of each, which settles after the host is gone. */
let parcels = { mounted: 0, unmounts: [] as Promise<unknown>[] };

function counted(lifecycles: RemoteLifecycles): RemoteLifecycles {
  return {
    ...lifecycles,
    mount: (props) => {
      parcels.mounted += 1;
      return lifecycles.mount(props);
    },
    unmount: (props) => {
      const done = lifecycles.unmount(props);
      parcels.unmounts.push(done);
      return done;
    },
  };
}

/**
 * The host unmounts at once, its parcel a few promise turns later: both happen inside act, so React
 * sees the whole unmount as part of the test.
 */
async function unmountHost(unmount: () => void): Promise<void> {
  await act(async () => {
    unmount();
    while (parcels.unmounts.length < parcels.mounted) await new Promise((resolve) => setTimeout(resolve, 0));
    await Promise.allSettled(parcels.unmounts);
  });
}

/** A stand-in for the host: owns the URL, mounts the remote as a parcel, hands it props. */
function FakeHost({ start, onError = jest.fn() }: { start: string; onError?: (error: unknown) => void }) {
  const [pathname, setPathname] = useState(start);
  const [lifecycles] = useState(() => counted(createRemoteLifecycles(Screens, 'Infrastructure')));
  return (
    <div>
      <p>Host shell at {pathname}</p>
      <ParcelMount
        lifecycles={lifecycles}
        props={propsFor(pathname, (to) => setPathname(to))}
        onError={onError}
      />
    </div>
  );
}

describe('a remote mounted as a parcel', () => {
  // Declared here so it runs before the library's own cleanup, which would unmount outside act.
  afterEach(async () => {
    await unmountHost(cleanup);
    parcels = { mounted: 0, unmounts: [] };
  });

  it('renders the route for the host location with the host session', async () => {
    render(<FakeHost start="/tick-streaming" />);
    expect(await screen.findByText('Tick streaming for trader@example.com')).toBeInTheDocument();
  });

  it("navigates through the host, so the host's URL stays the one truth", async () => {
    render(<FakeHost start="/tick-streaming" />);
    await userEvent.click(await screen.findByRole('link', { name: 'Auto-scaling' }));
    expect(await screen.findByText('Auto-scaling screen')).toBeInTheDocument();
    expect(screen.getByText('Host shell at /auto-scaling')).toBeInTheDocument();
  });

  it('keeps a crash inside the remote and leaves the host rendering', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<FakeHost start="/boom" />);
    expect(await screen.findByText('Infrastructure stopped working')).toBeInTheDocument();
    expect(screen.getByText('Host shell at /boom')).toBeInTheDocument();
  });

  it('renders the section afresh when Retry is pressed after a crash', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    shouldThrow = true;
    render(<FakeHost start="/flaky" />);
    await screen.findByText('Infrastructure stopped working');
    shouldThrow = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Recovered screen')).toBeInTheDocument();
  });

  it("ends the remote's stream subscriptions when the host unmounts it", async () => {
    const { unmount } = render(<FakeHost start="/live" />);
    await screen.findByText('Live ticks');
    expect(subscribe).toHaveBeenCalledWith('ticks:RELIANCE', expect.any(Function));
    expect(unsubscribe).not.toHaveBeenCalled();
    await unmountHost(unmount);
    expect(unsubscribe).toHaveBeenCalledTimes(1);
  });
});
