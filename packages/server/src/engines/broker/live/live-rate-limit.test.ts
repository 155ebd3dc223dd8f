import { orderIdFromTag } from './order-tag';
import { FakeClock } from './test-support/fake-clock';
import {
  type LiveBrokerHarness,
  liveBrokerHarness,
  liveOrder,
  MORNING,
} from './test-support/live-broker-harness';
import type { UpstoxPlaceOrderBody } from './upstox-order-shapes';

/** A FakeClock whose waits last until the test opens the gate: the throttle's next second comes when the test says. */
class GatedClock extends FakeClock {
  private open!: () => void;
  private readonly gate = new Promise<void>((resolve) => {
    this.open = resolve;
  });

  openGate(): void {
    this.open();
  }

  override async sleep(ms: number): Promise<void> {
    await this.gate;
    await super.sleep(ms);
  }
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

/** Upstox's answer over its order rate: HTTP 429 with UDAPI10005. */
const tooMany = {
  status: 429,
  body: { status: 'error', errors: [{ errorCode: 'UDAPI10005', message: 'Too Many Request Sent' }] },
};

describe('live orders against Upstox answering 429 UDAPI10005 (fake Upstox over HTTP)', () => {
  let h: LiveBrokerHarness;
  let algoId: string;
  /** The tags of place calls in the order the client sent them (the fake server may see them otherwise). */
  let sentTags: string[];
  let clock: GatedClock;

  beforeEach(async () => {
    algoId = 'GENERIC';
    sentTags = [];
    clock = new GatedClock(MORNING);
    const fetch: typeof globalThis.fetch = (input, init) => {
      if (String(input).endsWith('/v3/order/place')) sentTags.push(JSON.parse(String(init?.body)).tag);
      return globalThis.fetch(input, init);
    };
    h = await liveBrokerHarness({ algoId: () => algoId, fetch, clock });
  });
  afterEach(() => h.fake.close());

  /** Refuses the first `refusals` place calls (taking the order anyway when `tookIt`), then places as Upstox does. */
  const answerPlace = (refusals: number, { tookIt = false } = {}) => {
    let calls = 0;
    h.fake.api.route('POST', /^\/v3\/order\/place$/, (request) => {
      const body = JSON.parse(request.body) as UpstoxPlaceOrderBody;
      calls++;
      if (calls <= refusals) {
        if (tookIt) h.fake.add(body.tag);
        return tooMany;
      }
      const orderId = h.fake.add(body.tag);
      return { status: 200, body: { status: 'success', data: { order_ids: [orderId] } } };
    });
  };

  it('places the order once after a 429 then a 200, carrying the algo id and our order id', async () => {
    answerPlace(1);
    clock.openGate();
    const placed = await h.broker.submit(liveOrder());
    const bodies = h.fake.placed();
    expect(bodies).toHaveLength(2); // the refused attempt and the one that went through
    expect(h.fake.book.size).toBe(1);
    expect(bodies[1]!.tag).toBe(`GENERIC${placed.id}`);
    expect(orderIdFromTag(bodies[1]!.tag)).toBe(placed.id);
    expect(placed.brokerOrderId).toBe([...h.fake.book.keys()][0]);
    expect(placed.algoId).toBe('GENERIC');
  });

  it('does not send a retry when Upstox took the order despite its 429: the tag finds it', async () => {
    answerPlace(1, { tookIt: true });
    clock.openGate();
    const placed = await h.broker.submit(liveOrder());
    expect(h.fake.placed()).toHaveLength(1);
    expect(h.fake.book.size).toBe(1);
    expect(placed.brokerOrderId).toBe([...h.fake.book.keys()][0]);
  });

  it('retries a refused order of a burst ahead of the orders still queued behind it', async () => {
    answerPlace(1);
    // Twelve at once: ten go out together (the first is refused), the last two wait for the next second.
    const submitted = Promise.all(
      Array.from({ length: 12 }, (_, n) => h.broker.submit(liveOrder({ quantity: n + 1 }))),
    );
    // The next second comes once the refused order has asked the order book (it is back in the queue).
    await until(() => h.fake.requestsTo('GET', '/v2/order/retrieve-all').length > 0);
    clock.openGate();
    const placed = await submitted;
    const ids = placed.map((order) => order.id);
    expect(h.fake.book.size).toBe(12);
    const sent = sentTags.map(orderIdFromTag);
    // Ten in arrival order; the one Upstox refused (whichever reached it first) goes again before the
    // two that waited; the nine sent with it were in flight already.
    expect(sent.slice(0, 10)).toEqual(ids.slice(0, 10));
    expect(ids.slice(0, 10)).toContain(sent[10]);
    expect(sent.slice(11)).toEqual([ids[10], ids[11]]);
  });

  it('tags each order with the algo id set when it was placed', async () => {
    algoId = '24719';
    clock.openGate();
    const placed = await h.broker.submit(liveOrder());
    expect(h.fake.placed()[0]!.tag).toBe(`24719${placed.id}`);
    expect(placed.algoId).toBe('24719');
  });
});
