import { createRemoteLifecycles } from '@td/platform';
import { ConnectivitySettings } from '../pages/settings-tabs/connectivity-settings';

/** Mounted by the Settings screen (mf-analytics) in its Connectivity tab through a RemoteSlot. */
export default createRemoteLifecycles(ConnectivitySettings, 'Connectivity');
