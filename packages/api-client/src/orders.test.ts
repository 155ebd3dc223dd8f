import { ApiClient } from './api-client';
import { ApiError } from './api-error';
import { placeOrder } from './orders';

const filled = {
  id: 'o1',
  symbol: 'TCS',
  side: 'BUY',
  type: 'MARKET',
  quantity: 5,
  status: 'FILLED',
  rejectReason: null,
  filledQuantity: 5,
  averagePrice: 350_000,
  chargesPaise: 2_360,
};
const reply = (status: number, body: unknown) =>
  Promise.resolve({ ok: status < 400, status, json: async () => body } as Response);

function clientAnswering(...answers: (() => Promise<Response>)[]) {
  const fetchImpl = jest.fn((_url: string, _init: RequestInit) => answers.shift()!());
  const api = new ApiClient({
    baseUrl: 'http://api.test',
    getToken: () => 'tok',
    fetchImpl: fetchImpl as unknown as typeof fetch,
    timeoutMs: 50,
  });
  const keys = () =>
    fetchImpl.mock.calls.map(([, init]) => (init.headers as Record<string, string>)['Idempotency-Key']);
  return { api, fetchImpl, keys };
}

describe('placeOrder', () => {
  const order = { symbol: 'TCS', side: 'BUY' as const, quantity: 5 };

  it('resends an order whose answer was lost with the same key, so the server places it once', async () => {
    const { api, keys, fetchImpl } = clientAnswering(
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => reply(503, { success: false, error: 'disk did not confirm', code: 'write_unconfirmed' }),
      () => reply(201, { success: true, data: filled }),
    );
    await expect(placeOrder(api, order, { newKey: () => 'action-1' })).resolves.toMatchObject({ id: 'o1' });
    expect(keys()).toEqual(['action-1', 'action-1', 'action-1']);
    expect(fetchImpl.mock.calls[0]![1].headers).toMatchObject({ Authorization: 'Bearer tok' });
    expect(JSON.parse(fetchImpl.mock.calls[0]![1].body as string)).toEqual(order);
  });

  it('gives each action its own key', async () => {
    const { api, keys } = clientAnswering(
      () => reply(201, { success: true, data: filled }),
      () => reply(201, { success: true, data: { ...filled, id: 'o2' } }),
    );
    let n = 0;
    const newKey = () => `action-${++n}`;
    await placeOrder(api, order, { newKey });
    await placeOrder(api, order, { newKey });
    expect(keys()).toEqual(['action-1', 'action-2']);
  });

  it('never resends a refusal, and stops after the retries it was given', async () => {
    const refused = clientAnswering(() =>
      reply(422, { success: false, error: 'Not enough cash', code: 'order_rejected' }),
    );
    await expect(placeOrder(refused.api, order)).rejects.toMatchObject({
      status: 422,
      code: 'order_rejected',
    });
    expect(refused.fetchImpl).toHaveBeenCalledTimes(1);

    const offline = clientAnswering(
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => Promise.reject(new TypeError('Failed to fetch')),
    );
    const error = await placeOrder(offline.api, order, { retries: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(offline.fetchImpl).toHaveBeenCalledTimes(2);
    const [first, second] = offline.keys();
    expect(first).toMatch(/^[0-9a-f-]{36}$/); // a random UUID by default
    expect(second).toBe(first);
  });
});
