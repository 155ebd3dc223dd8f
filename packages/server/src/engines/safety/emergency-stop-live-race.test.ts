import type { OrderRequest } from '../../core/orders';
import { orderIdFromTag } from '../broker/live/order-tag';
import { type LiveTestApp, liveTestApp } from '../broker/live/test-support/live-test-app';

const ORDERS = 25;
const STOP_AFTER_MS = 150;

const loopOrder = (i: number): OrderRequest => ({
  account: 'live',
  symbol: ['RELIANCE', 'TCS', 'INFY', 'HDFCBANK', 'ITC'][i % 5]!,
  side: 'BUY',
  type: 'MARKET',
  quantity: 1 + i,
  strategy: 'momentum',
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('Emergency Stop with live orders queued for Upstox', () => {
  let live: LiveTestApp;
  afterEach(() => live.close());

  it('sends no place call after its acknowledgement: only orders already on their way reach Upstox, each cancelled there', async () => {
    live = await liveTestApp({ mode: 'live' });
    const { testApp, fake, headers } = live;
    const { liveBroker, ledger } = testApp.services;
    // A slow Upstox: the orders sent before the stop are still unconfirmed when it lands.
    fake.placeAnswerDelayMs = 300;
    // A whole run's orders handed over at once, as the live venue does; the throttle lets 10 a second out.
    const started = Array.from({ length: ORDERS }, (_, i) => liveBroker.begin(loopOrder(i)));
    await pause(STOP_AFTER_MS);

    const stop = await testApp.app.inject({
      method: 'POST',
      url: '/api/risk/emergency-stop',
      headers,
      payload: { reason: 'Market looks wrong', close_positions: false },
    });
    expect(stop.statusCode).toBe(200);
    const ack = stop.json().data;
    // Sent before the stop (handed to the HTTP client; some may reach Upstox a moment after the ack):
    // the rest were still queued in the throttle and are never sent.
    const sentBeforeStop = ack.chasing_orders as number;
    expect(sentBeforeStop).toBeGreaterThan(0);
    expect(sentBeforeStop).toBeLessThan(ORDERS);
    expect(fake.placed().length).toBeLessThanOrEqual(sentBeforeStop);
    expect(ack).toMatchObject({ halted: true, cancelled_orders: ORDERS - sentBeforeStop, filled_orders: 0 });

    const settled = await Promise.allSettled(started.map((order) => order.placed));
    await liveBroker.cancelsSettled();
    expect(settled.every((result) => result.status === 'fulfilled')).toBe(true);
    expect(fake.placed()).toHaveLength(sentBeforeStop);
    // Every order that reached Upstox was cancelled there; none is left open.
    expect(fake.withStatus('cancelled')).toHaveLength(sentBeforeStop);
    expect(fake.withStatus('open')).toEqual([]);
    expect(ledger.orders({ account: 'live', status: 'PENDING', limit: 100, offset: 0 }).total).toBe(0);
    const neverSent = ledger.orders({ account: 'live', status: 'CANCELLED', limit: 100, offset: 0 }).orders;
    expect(neverSent).toHaveLength(ORDERS);
    expect(
      neverSent.filter(
        (order) => order.rejectReason === 'Cancelled by the trading halt. It was never sent to Upstox.',
      ),
    ).toHaveLength(ORDERS - sentBeforeStop);

    const halt = (await testApp.app.inject({ method: 'GET', url: '/api/risk/halt', headers })).json().data;
    expect(halt).toMatchObject({ cancelled_orders: ORDERS, chasing_orders: 0, filled_orders: 0 });
  });

  it('cancels pending live orders at Upstox in paper mode too, and counts one already filled', async () => {
    live = await liveTestApp({ mode: 'paper' });
    const { testApp, fake, headers } = live;
    const { liveBroker, ledger } = testApp.services;
    fake.placedStatus = (tag) => (orderIdFromTag(tag) === filledTag ? 'complete' : 'open');
    let filledTag = '';
    const open = await liveBroker.submit(loopOrder(0));
    const filled = liveBroker.begin(loopOrder(1));
    filledTag = filled.order.id;
    await filled.placed;

    const stop = await testApp.app.inject({
      method: 'POST',
      url: '/api/risk/emergency-stop',
      headers,
      payload: { reason: 'Leaving the desk', close_positions: false },
    });
    expect(stop.json().data).toMatchObject({ cancelled_orders: 0, chasing_orders: 2 });
    await liveBroker.cancelsSettled();

    expect(fake.book.get(open.brokerOrderId!)?.status).toBe('cancelled');
    expect(ledger.order(open.id)?.status).toBe('CANCELLED');
    expect(ledger.order(filled.order.id)?.status).toBe('FILLED');
    const halt = (await testApp.app.inject({ method: 'GET', url: '/api/risk/halt', headers })).json().data;
    expect(halt).toMatchObject({ cancelled_orders: 1, filled_orders: 1, chasing_orders: 0 });
  });
});
