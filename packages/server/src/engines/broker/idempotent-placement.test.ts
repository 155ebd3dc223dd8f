import { DuplicateIdempotencyKeyError } from '../../core/idempotency';
import { type Order, type OrderRequest, pendingOrder } from '../../core/orders';
import { IdempotencyKeyReusedError, placeOnce, placeOnceNow } from './idempotent-placement';

const request: OrderRequest = {
  account: 'paper',
  symbol: 'TCS',
  side: 'BUY',
  type: 'MARKET',
  quantity: 5,
  strategy: 'manual',
  idempotencyKey: 'k1',
};
const winner = pendingOrder(request, 'winner', 1);

/** A store whose read before the write sees nothing, as for two requests racing past it. */
function racingStore() {
  let stored: Order | undefined;
  let reads = 0;
  return {
    orderByKey: () => (reads++ === 0 ? undefined : stored),
    lose: (): Order => {
      stored = winner;
      throw new DuplicateIdempotencyKeyError('paper', 'k1');
    },
  };
}

describe('placing once per idempotency key', () => {
  it('answers the loser of a race with the winner, found after the unique index refused it', async () => {
    const store = racingStore();
    await expect(placeOnce(request, store, async () => store.lose())).resolves.toEqual({
      order: winner,
      replayed: true,
    });
  });

  it('refuses the loser of a race that asked for another order, unless told to take the original', () => {
    const store = racingStore();
    expect(() => placeOnceNow({ ...request, quantity: 6 }, store, () => store.lose())).toThrow(
      IdempotencyKeyReusedError,
    );
    const loop = racingStore();
    expect(placeOnceNow({ ...request, quantity: 6 }, loop, () => loop.lose(), 'original')).toEqual({
      order: winner,
      replayed: true,
    });
  });

  it('passes on any other failure of the placement untouched', async () => {
    const store = { orderByKey: () => undefined };
    const fault = new Error('disk full');
    await expect(
      placeOnce(request, store, async () => {
        throw fault;
      }),
    ).rejects.toBe(fault);
  });

  it('places a request without a key without reading anything', () => {
    const store = { orderByKey: jest.fn() };
    const { idempotencyKey: _none, ...keyless } = request;
    expect(placeOnceNow(keyless, store, (r) => pendingOrder(r, 'new', 2))).toMatchObject({
      order: { id: 'new' },
      replayed: false,
    });
    expect(store.orderByKey).not.toHaveBeenCalled();
  });
});
