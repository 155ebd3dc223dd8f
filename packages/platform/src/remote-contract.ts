import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@td/api-client';
import type { RemoteName, TradingMode, User } from '@td/contracts';
import type { Theme } from '@td/ui';

/** What the signed-in (or not yet signed-in) session looks like to a remote. */
export interface PlatformSession {
  user: User | null;
  isAuthenticated: boolean;
  getToken(): string | null;
  /** spec part 1 §4 "Login": stores the token, sets the user; the host then routes to /dashboard. */
  signIn(token: string, user: User): void;
  /** spec part 1 §4 "Logout": clears locally even when the server call fails. */
  signOut(): Promise<void>;
}

export interface PlatformLocation {
  pathname: string;
  search: string;
  hash: string;
}

export interface NavigateOptions {
  replace?: boolean;
}

export type NotifyKind = 'success' | 'error' | 'info' | 'loading';

/** A realtime message on one topic of the server's stream (`ticks:RELIANCE`, `portfolio`, …). */
export type StreamHandler = (payload: unknown) => void;

/**
 * What a remote rendered before the signed-in shell exists is handed: the sign-in page, which the
 * host mounts signed out without a router, a query cache or the stream, none of which it downloads
 * then (docs/decisions/0053). Every RemoteProps is one too, so such a remote also mounts in the shell.
 */
export interface BareRemoteProps {
  remote: RemoteName;
  /** The remote's build version, as the registry names it. */
  version: string;
  session: PlatformSession;
  api: ApiClient;
  location: PlatformLocation;
  navigate(to: string, options?: NavigateOptions): void;
  theme: Theme;
}

/**
 * The props the host hands every remote it mounts. This is the whole seam: a remote reads nothing
 * else from the host, and the host knows nothing of a remote but its lifecycles.
 */
export interface RemoteProps extends BareRemoteProps {
  queryClient: QueryClient;
  tradingMode: TradingMode | null;
  subscribe(topic: string, handler: StreamHandler): () => void;
  notify(kind: NotifyKind, message: string): void;
  openDiagnostics(): void;
}

/** What every remote exposes as `./app`: single-spa parcel lifecycles built by createRemoteLifecycles. */
export interface RemoteLifecycles {
  bootstrap: (props: unknown) => Promise<unknown>;
  mount: (props: unknown) => Promise<unknown>;
  unmount: (props: unknown) => Promise<unknown>;
  update?: (props: unknown) => Promise<unknown>;
  /**
   * True when the lifecycles need only BareRemoteProps (createBareRemoteLifecycles). The signed-out
   * host mounts nothing else: a remote rolled back to a build from before the bare contract would
   * read a query cache and a router it is not given (docs/decisions/0053).
   */
  mountsWithBareProps?: true;
}

export interface RemoteModule {
  default: RemoteLifecycles;
}
