import { createRemoteLifecycles } from '@td/platform';
import { App } from '../app';

/** What the host mounts as a parcel: single-spa lifecycles around this remote's routes. */
export default createRemoteLifecycles(App, 'Sign-in');
