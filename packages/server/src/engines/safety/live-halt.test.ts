import pino from 'pino';
import { LiveBrokerError } from '../broker/live';
import { LiveVenue } from '../broker/live/live-venue';
import {
  type LiveBrokerHarness,
  liveBrokerHarness,
  liveOrder,
} from '../broker/live/test-support/live-broker-harness';
import { liveHaltAccount } from './halt-accounts';

const HALTED =
  'Trading is halted (Emergency Stop by trader@example.com at 2026-01-12 10:00 IST: test). Resume it with Resume trading on the TRADING HALTED banner before placing orders.';

describe('the halt on the live account', () => {
  let h: LiveBrokerHarness;
  beforeEach(async () => {
    h = await liveBrokerHarness();
  });
  afterEach(() => h.fake.close());

  const haltAccount = () =>
    liveHaltAccount(
      h.broker,
      new LiveVenue({ broker: h.broker, marks: () => undefined }),
      pino({ level: 'silent' }),
    );

  /** Runs the halt's cancel on the live account and collects how each chased order ended. */
  const cancelPending = () => {
    const ended: string[] = [];
    const counts = haltAccount().cancelPending((outcome) => ended.push(outcome));
    return { counts, ended };
  };

  const fakeHasPlaceCalls = async (count: number) => {
    while (h.fake.placed().length < count) await new Promise((resolve) => setTimeout(resolve, 5));
  };

  it("cancels every confirmed pending live order through Upstox's cancel and follows it to CANCELLED", async () => {
    const first = await h.broker.submit(liveOrder({ type: 'LIMIT', limitPrice: 100_000 }));
    const second = await h.broker.submit(liveOrder({ symbol: 'TCS', type: 'LIMIT', limitPrice: 200_000 }));
    const { counts, ended } = cancelPending();
    expect(counts).toEqual({ cancelled: 0, chasing: 2 });
    await h.broker.cancelsSettled();
    const cancelled = h.fake
      .requestsTo('DELETE', '/v3/order/cancel')
      .map((request) => request.query.get('order_id'));
    expect(cancelled.sort()).toEqual([first.brokerOrderId, second.brokerOrderId].sort());
    expect(ended).toEqual(['cancelled', 'cancelled']);
    expect(h.broker.pendingOrders()).toEqual([]);
  });

  it('never sends an order still queued for Upstox when the halt lands: it ends CANCELLED with the halt as reason', async () => {
    const queued = [1, 2, 3].map(() => h.broker.begin(liveOrder()));
    const { counts } = cancelPending();
    expect(counts).toEqual({ cancelled: 3, chasing: 0 });
    const settled = await Promise.all(queued.map((order) => order.placed));
    for (const order of settled) {
      expect(order).toMatchObject({
        status: 'CANCELLED',
        rejectReason: 'Cancelled by the trading halt. It was never sent to Upstox.',
      });
    }
    expect(h.fake.placed()).toEqual([]);
  });

  it('cancels an order sent but not yet confirmed as soon as Upstox answers with its id', async () => {
    h.fake.placeAnswerDelayMs = 150;
    const { placed } = h.broker.begin(liveOrder());
    await fakeHasPlaceCalls(1);
    const { counts, ended } = cancelPending();
    expect(counts).toEqual({ cancelled: 0, chasing: 1 });
    const order = await placed;
    await h.broker.cancelsSettled();
    expect(h.fake.book.get(order.brokerOrderId!)?.status).toBe('cancelled');
    expect(h.broker.order(order.id)).toMatchObject({ status: 'CANCELLED' });
    expect(ended).toEqual(['cancelled']);
  });

  it('finds an order whose placement went unanswered in the order book by its tag, and cancels it', async () => {
    let brokerOrderId = '';
    h.fake.api.route('POST', /^\/v3\/order\/place$/, (request) => {
      brokerOrderId = h.fake.add((JSON.parse(request.body) as { tag: string }).tag);
      return { status: 503, body: { status: 'error', errors: [] } };
    });
    const { order, placed } = h.broker.begin(liveOrder());
    await expect(placed).rejects.toThrow(/did not confirm/);
    const { counts, ended } = cancelPending();
    expect(counts).toEqual({ cancelled: 0, chasing: 1 });
    await h.broker.cancelsSettled();
    expect(h.fake.book.get(brokerOrderId)?.status).toBe('cancelled');
    expect(h.broker.order(order.id)).toMatchObject({ status: 'CANCELLED', brokerOrderId });
    expect(ended).toEqual(['cancelled']);
  });

  it('asks the halt again inside the throttle: an order begun before the halt is not sent after it', async () => {
    let halted = false;
    h.broker.useGate({ haltRefusal: () => (halted ? HALTED : null) });
    const { placed } = h.broker.begin(liveOrder());
    halted = true; // lands while the order waits for its turn, before anything cancels it
    expect(await placed).toMatchObject({
      status: 'CANCELLED',
      rejectReason: `Not sent to Upstox: ${HALTED}`,
    });
    expect(h.fake.placed()).toEqual([]);
  });

  it("sends the halt's own closing sale, and a second stop does not cancel it", async () => {
    h.broker.useGate({ haltRefusal: (order) => (order.side === 'SELL' ? null : HALTED) });
    const sale = h.broker.begin(liveOrder({ side: 'SELL' }), { haltSale: true });
    h.broker.useGate({ haltRefusal: () => HALTED });
    expect(cancelPending().counts).toEqual({ cancelled: 0, chasing: 0 });
    expect(await sale.placed).toMatchObject({ status: 'PENDING', brokerOrderId: expect.any(String) });
    expect(h.fake.placed()).toHaveLength(1);
  });

  it('reports an order Upstox had already filled as filled, not cancelled', async () => {
    h.fake.placedStatus = () => 'complete';
    await h.broker.submit(liveOrder());
    const { counts, ended } = cancelPending();
    expect(counts).toEqual({ cancelled: 0, chasing: 1 });
    await h.broker.cancelsSettled();
    expect(ended).toEqual(['filled']);
    expect(h.broker.pendingOrders()).toEqual([]);
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
