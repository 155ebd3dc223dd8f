import { createContext, type ReactNode, useContext } from 'react';
import type { BareRemoteProps, RemoteProps } from './remote-contract';

const PlatformContext = createContext<RemoteProps | null>(null);
// Apart, so a remote mounted by the signed-out host (BareRemoteRoot) reads its props without a cast.
const BarePlatformContext = createContext<BareRemoteProps | null>(null);

/** Full props: usePlatform and useBarePlatform both read them. */
export function PlatformProvider({ value, children }: { value: RemoteProps; children: ReactNode }) {
  return (
    <PlatformContext.Provider value={value}>
      <BarePlatformContext.Provider value={value}>{children}</BarePlatformContext.Provider>
    </PlatformContext.Provider>
  );
}

export const BarePlatformProvider = BarePlatformContext.Provider;

/** Inside a remote: the props the host handed it (session, notify, trading mode, …). */
export function usePlatform(): RemoteProps {
  const props = useContext(PlatformContext);
  if (!props) throw new Error('usePlatform is only available inside a remote mounted by the host.');
  return props;
}

/** Inside a remote that may be mounted before the signed-in shell (the sign-in page): session, location, navigate. */
export function useBarePlatform(): BareRemoteProps {
  const props = useContext(BarePlatformContext);
  if (!props) throw new Error('useBarePlatform is only available inside a remote mounted by the host.');
  return props;
}
