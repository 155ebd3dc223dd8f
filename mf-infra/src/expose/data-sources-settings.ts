import { createRemoteLifecycles } from '@td/platform';
import { DataSourcesSettings } from '../pages/settings-tabs/data-sources-settings';

/** Mounted by the Settings screen (mf-analytics) in its Data Sources tab through a RemoteSlot. */
export default createRemoteLifecycles(DataSourcesSettings, 'Data Sources');
