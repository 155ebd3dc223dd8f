export { createRemoteLifecycles } from './create-remote-lifecycles';
export { ParcelMount } from './parcel-mount';
export { PlatformProvider, usePlatform } from './platform-context';
export type * from './remote-contract';
export { RemoteRoot, withRemoteRoot } from './remote-root';
export { RemoteVersion } from './remote-version';
export { ScreenNotBuilt } from './screen-not-built';
export { StreamClient } from './stream-client';
export { useLatestFromStream, useLivePrices, useStreamTopic } from './use-stream';
