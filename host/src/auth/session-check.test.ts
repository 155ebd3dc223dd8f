import { ApiClient } from '@td/api-client';
import { createFakeApi } from '../test-support/fake-api';
import { startSessionCheck, takeSessionCheck } from './session-check';

// What the answer holds is the auth provider's business; here only who asks, and how often.
const SESSION = { body: { success: true } };

function client() {
  const fake = createFakeApi({ 'POST /api/auth/validate-session': SESSION });
  return {
    fake,
    api: new ApiClient({ baseUrl: 'http://api.test', getToken: () => 't1', fetchImpl: fake.fetchImpl }),
  };
}

describe('session check started from bootstrap', () => {
  it('is asked once and handed to the first taker for the same client and token', async () => {
    const { fake, api } = client();
    startSessionCheck(api, 't1');
    const first = takeSessionCheck(api, 't1');
    expect(fake.calls).toHaveLength(1);
    await first.catch(() => undefined);
    // Taken: a later provider (another mount) asks again rather than reuse a stale answer.
    void takeSessionCheck(api, 't1').catch(() => undefined);
    expect(fake.calls).toHaveLength(2);
  });

  it('is not handed over for another token: that one is checked on its own', () => {
    const { fake, api } = client();
    startSessionCheck(api, 't1');
    void takeSessionCheck(api, 't2').catch(() => undefined);
    expect(fake.calls).toHaveLength(2);
  });
});
