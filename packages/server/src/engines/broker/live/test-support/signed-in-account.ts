import type { SettingsRepository } from '../../../../core/ports/repositories/settings';
import { SecretBox } from '../../../../storage/secrets/secret-box';
import type { FakeUpstoxApi } from '../../../market/providers/upstox/test-support/fake-upstox-api';
import { UpstoxAccount } from '../../upstox-account';
import type { FakeClock } from './fake-clock';

export const TEST_ACCESS_TOKEN = 'eyJ0eXAiOiJKV1QifQ.e30.live-order-secret-signature';

/** Settings kept in a Map: the account only reads and writes one sealed value. */
function memorySettings(): SettingsRepository {
  const values = new Map<string, unknown>();
  return {
    get: <T>(key: string) => values.get(key) as T | undefined,
    set: (key: string, value: unknown) => values.set(key, value),
  } as unknown as SettingsRepository;
}

/**
 * A real UpstoxAccount on the fake API. With `signedInAt` it goes through the OAuth code exchange, the
 * way the trader does, and then forgets that request so tests count only their own calls.
 */
export async function testAccount(
  api: FakeUpstoxApi,
  baseUrl: string,
  clock: FakeClock,
  signedInAt?: number,
): Promise<UpstoxAccount> {
  const account = new UpstoxAccount(
    { clientId: 'key-1', clientSecret: 'secret-1', redirectUri: 'http://localhost:3000/cb', baseUrl },
    memorySettings(),
    SecretBox.forTests(),
    () => clock.now(),
  );
  if (signedInAt === undefined) return account;
  api.route('POST', /^\/v2\/login\/authorization\/token$/, () => ({
    status: 200,
    body: {
      email: 'trader@example.in',
      user_id: 'AB1234',
      user_name: 'Trader',
      access_token: TEST_ACCESS_TOKEN,
    },
  }));
  const state = new URL(account.authorizationUrl()).searchParams.get('state')!;
  const saved = clock.t;
  clock.t = signedInAt;
  await account.completeAuthorization('code-1', state);
  clock.t = saved;
  api.requests.length = 0;
  return account;
}
