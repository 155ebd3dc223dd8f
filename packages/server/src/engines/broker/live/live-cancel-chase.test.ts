import { CancelChase } from './live-cancel-chase';
import type { LiveOrder } from './upstox-order-mapping';

const order: LiveOrder = {
  id: 'LV1',
  account: 'live',
  symbol: 'RELIANCE',
  side: 'BUY',
  type: 'MARKET',
  quantity: 5,
  limitPrice: null,
  status: 'PENDING',
  rejectReason: null,
  strategy: 'manual',
  product: 'D',
  simulatedReplay: false,
  filledQuantity: 0,
  averagePrice: null,
  chargesPaise: 0,
  realisedPnlPaise: 0,
  createdAt: 0,
  updatedAt: 0,
  brokerOrderId: 'B1',
};

describe('CancelChase', () => {
  it('keeps chasing when a round fails, reporting the error, and ends once Upstox shows the order cancelled', async () => {
    const errors: unknown[] = [];
    let current = { ...order };
    let books = 0;
    const chase = new CancelChase({
      client: {
        cancelOrder: async () => 'B1',
        orderBook: async () => {
          books += 1;
          return [{ order_id: 'B1', status: books === 1 ? 'open' : 'cancelled', tag: 'LV1' } as never];
        },
      },
      order: () => current,
      awaitingAnswer: () => false,
      store: (next) => {
        if (books === 1) throw new Error('the database is busy');
        current = next;
        return next;
      },
      canReachUpstox: () => true,
      now: () => 1,
      onError: (error) => errors.push(error),
      firstDelayMs: 1,
    });
    const ended: string[] = [];
    chase.want('LV1', { onEnd: (o) => ended.push(o.status) });
    await chase.idle();
    expect(errors).toEqual([new Error('the database is busy')]);
    expect(ended).toEqual(['CANCELLED']);
    expect(chase.size()).toBe(0);
  });
});
