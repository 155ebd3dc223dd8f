import { createBareRemoteLifecycles } from '@td/platform';
import { App } from '../app';

/**
 * What the host mounts as a parcel: single-spa lifecycles around the sign-in page, without a router or
 * a query cache, so the signed-out host can mount it before it has either (docs/decisions/0053).
 */
export default createBareRemoteLifecycles(App, 'Sign-in');
