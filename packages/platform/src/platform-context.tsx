import { createContext, useContext } from 'react';
import type { RemoteProps } from './remote-contract';

const PlatformContext = createContext<RemoteProps | null>(null);
export const PlatformProvider = PlatformContext.Provider;

/** Inside a remote: the props the host handed it (session, notify, trading mode, …). */
export function usePlatform(): RemoteProps {
  const props = useContext(PlatformContext);
  if (!props) throw new Error('usePlatform is only available inside a remote mounted by the host.');
  return props;
}
