import { createBareRemoteLifecycles } from './create-bare-remote-lifecycles';
import { createRemoteLifecycles } from './create-remote-lifecycles';

const Page = () => <p>Sign-in page</p>;

describe('the bare contract marker', () => {
  it('is declared by bare lifecycles, which the signed-out host may mount with BareRemoteProps', () => {
    const lifecycles = createBareRemoteLifecycles(Page, 'Sign-in');
    expect(lifecycles.mountsWithBareProps).toBe(true);
    expect(typeof lifecycles.mount).toBe('function');
  });

  it('is absent from full lifecycles, which read a query cache and a router the signed-out host lacks', () => {
    expect(createRemoteLifecycles(Page, 'Sign-in').mountsWithBareProps).toBeUndefined();
  });
});
