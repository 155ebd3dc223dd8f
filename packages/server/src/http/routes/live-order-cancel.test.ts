import type { OrderRequest } from '../../core/orders';
import { type LiveTestApp, liveTestApp } from '../../engines/broker/live/test-support/live-test-app';

const order: OrderRequest = {
  account: 'live',
  symbol: 'RELIANCE',
  side: 'BUY',
  type: 'LIMIT',
  quantity: 5,
  limitPrice: 240_000,
  strategy: 'manual',
};

describe('POST /api/orders/:id/cancel on a live order', () => {
  let live: LiveTestApp;
  beforeEach(async () => {
    live = await liveTestApp();
  });
  afterEach(() => live.close());

  const cancel = (id: string) =>
    live.testApp.app.inject({ method: 'POST', url: `/api/orders/${id}/cancel`, headers: live.headers });

  it("cancels at Upstox and answers CANCELLED once Upstox's order shows it cancelled", async () => {
    const placed = await live.testApp.services.liveBroker.submit(order);
    const response = await cancel(placed.id);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ id: placed.id, status: 'CANCELLED' });
    const asked = live.fake.requestsTo('DELETE', '/v3/order/cancel');
    expect(asked.map((request) => request.query.get('order_id'))).toEqual([placed.brokerOrderId]);
    expect(live.fake.book.get(placed.brokerOrderId!)?.status).toBe('cancelled');
  });

  it('stays PENDING with cancel requested until Upstox confirms, then reads CANCELLED', async () => {
    const placed = await live.testApp.services.liveBroker.submit(order);
    live.fake.api.route('DELETE', /^\/v3\/order\/cancel$/, (request) => {
      live.fake.update(request.query.get('order_id')!, { status: 'cancel pending' });
      return { status: 200, body: { status: 'success', data: { order_id: placed.brokerOrderId } } };
    });
    const response = await cancel(placed.id);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toMatchObject({
      data: { id: placed.id, status: 'PENDING' },
      message:
        'Cancel requested at Upstox: the order stays PENDING until Upstox confirms the cancel (or reports it filled).',
    });
    expect(live.testApp.services.liveBroker.cancelRequested(placed.id)).toBe(true);

    live.fake.update(placed.brokerOrderId!, { status: 'cancelled' });
    await live.testApp.services.liveBroker.cancelsSettled();
    expect(live.testApp.services.ledger.order(placed.id)?.status).toBe('CANCELLED');
  });

  it("answers 409 with Upstox's reason when Upstox will not cancel, and the order is not marked cancelled", async () => {
    live.fake.placedStatus = () => 'complete';
    const placed = await live.testApp.services.liveBroker.submit(order);
    const response = await cancel(placed.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe(
      `Upstox would not cancel order ${placed.id}: Upstox error: Order ${placed.brokerOrderId} is already completed and cannot be cancelled. (UDAPI100040).`,
    );
    // It filled before the cancel: the ledger now says so.
    expect(live.testApp.services.ledger.order(placed.id)?.status).toBe('FILLED');
  });

  it('cancels an order Upstox has not confirmed yet as soon as Upstox answers with its id', async () => {
    live.fake.placeAnswerDelayMs = 200;
    const { order: started, placed } = live.testApp.services.liveBroker.begin(order);
    while (live.fake.placed().length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const response = await cancel(started.id);
    expect(response.statusCode).toBe(202);
    expect(response.json().data.status).toBe('PENDING');
    const confirmed = await placed;
    await live.testApp.services.liveBroker.cancelsSettled();
    expect(live.fake.book.get(confirmed.brokerOrderId!)?.status).toBe('cancelled');
    expect(live.testApp.services.ledger.order(started.id)?.status).toBe('CANCELLED');
  });
});
