import pino from 'pino';
import { LiveBrokerError } from '../broker/live';
import {
  type LiveBrokerHarness,
  liveBrokerHarness,
  liveOrder,
} from '../broker/live/test-support/live-broker-harness';
import { LiveVenue } from '../broker/live-venue';
import { liveHaltAccount } from './halt-accounts';

const HALTED =
  'Trading is halted (Emergency Stop by trader@example.com at 2026-01-12 10:00 IST: test). Resume it with Resume trading on the TRADING HALTED banner before placing orders.';

describe('the halt on the live account', () => {
  let h: LiveBrokerHarness;
  beforeEach(async () => {
    h = await liveBrokerHarness();
  });
  afterEach(() => h.fake.close());

  it("cancels every pending live order through Upstox's cancel", async () => {
    const first = await h.broker.submit(liveOrder({ type: 'LIMIT', limitPrice: 100_000 }));
    const second = await h.broker.submit(liveOrder({ symbol: 'TCS', type: 'LIMIT', limitPrice: 200_000 }));
    const venue = new LiveVenue({ broker: h.broker, marks: () => undefined });
    const asked = liveHaltAccount(h.broker, venue, pino({ level: 'silent' })).cancelPending();
    expect(asked).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const cancelled = h.fake
      .requestsTo('DELETE', '/v3/order/cancel')
      .map((request) => request.query.get('order_id'));
    expect(cancelled.sort()).toEqual([first.brokerOrderId, second.brokerOrderId].sort());
  });

  it('refuses every live order while halted, before Upstox is called', async () => {
    h.broker.useGate({ haltRefusal: () => HALTED });
    expect(() => h.broker.begin(liveOrder())).toThrow(new LiveBrokerError(409, HALTED, 'trading_halted'));
    await expect(h.broker.submit(liveOrder())).rejects.toThrow(HALTED);
    expect(h.fake.placed()).toEqual([]);
    // The loop's venue turns the refusal into a REJECTED order, as it promises.
    const venue = new LiveVenue({ broker: h.broker, marks: () => 250_000 });
    expect(venue.submit(liveOrder())).toMatchObject({ status: 'REJECTED', rejectReason: HALTED });
  });
});
