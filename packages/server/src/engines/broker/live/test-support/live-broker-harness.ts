import type { OrderRequest } from '../../../../core/orders';
import type { UpstoxAccount } from '../../upstox-account';
import { LiveBroker } from '../live-broker';
import { OrderThrottle } from '../order-throttle';
import { UpstoxOrderClient } from '../upstox-order-client';
import { FakeClock } from './fake-clock';
import { FakeUpstoxOrders } from './fake-upstox-orders';
import { testAccount } from './signed-in-account';

export interface LiveBrokerHarness {
  fake: FakeUpstoxOrders;
  clock: FakeClock;
  account: UpstoxAccount;
  broker: LiveBroker;
}

/** 10:00 IST on Monday 12 Jan 2026; a sign-in at 09:00 IST that day lasts until 03:30 IST on the 13th. */
export const MORNING = Date.UTC(2026, 0, 12, 4, 30);
export const SIGNED_IN_AT = Date.UTC(2026, 0, 12, 3, 30);

/**
 * A LiveBroker on a real UpstoxAccount against the fake API; `signedIn: false` leaves it without a
 * session, `fetch` sees each request as the client sends it (the fake server sees it later).
 */
export async function liveBrokerHarness({
  signedIn = true,
  fetch,
  algoId,
  clock = new FakeClock(MORNING),
}: {
  signedIn?: boolean;
  fetch?: typeof globalThis.fetch;
  /** The algo identifier setting; default the broker's generic one. */
  algoId?: () => string;
  /** Default a FakeClock at MORNING whose sleeps take no time. */
  clock?: FakeClock;
} = {}): Promise<LiveBrokerHarness> {
  const fake = new FakeUpstoxOrders();
  const baseUrl = await fake.listen();
  const account = await testAccount(fake.api, baseUrl, clock, signedIn ? SIGNED_IN_AT : undefined);
  const throttle = new OrderThrottle({ clock });
  const client = new UpstoxOrderClient({
    baseUrl,
    accessToken: () => account.session()?.accessToken ?? null,
    throttle,
    fetch,
  });
  const broker = new LiveBroker({ account, client, now: () => clock.now(), algoId });
  return { fake, clock, account, broker };
}

export function liveOrder(overrides: Partial<OrderRequest> = {}): OrderRequest {
  return {
    account: 'live',
    symbol: 'RELIANCE',
    side: 'BUY',
    type: 'MARKET',
    quantity: 5,
    strategy: 'manual',
    ...overrides,
  };
}
