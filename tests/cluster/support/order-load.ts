import { clock, placeOrder } from './api';

export interface Acknowledged {
  key: string;
  id: string;
  status: string;
  /** When the acknowledgement arrived (ms since the epoch). */
  at: number;
  /** 1 when the first instance asked answered; more when the key had to be sent again. */
  attempts: number;
}

export interface FailoverLoad {
  via(name: string): string;
  names: string[];
  token: string;
  keyPrefix: string;
  keepGoing(): boolean;
  maxOrders: number;
  maxMs: number;
  /** Orders in flight at once. */
  concurrency?: number;
}

const ATTEMPTS_PER_KEY = 8;

/**
 * A client that places orders with idempotency keys, spread over the instances, and retries an
 * order nobody answered (connection refused, proxy 502, time-out) with the same key through the next
 * instance: what a trader's app does when the instance it spoke to dies. Resolves with every order an
 * instance acknowledged (201, or 422 with the stored rejected order); bounded in count and time.
 */
export async function sendOrdersThroughFailover(load: FailoverLoad): Promise<Acknowledged[]> {
  const acknowledged: Acknowledged[] = [];
  const deadline = clock() + load.maxMs;
  let next = 0;
  const worker = async () => {
    while (load.keepGoing() && next < load.maxOrders && clock() < deadline) {
      const i = next++;
      const key = `${load.keyPrefix}${i}`;
      for (let attempt = 0; attempt < ATTEMPTS_PER_KEY && clock() < deadline; attempt++) {
        const target = load.names[(i + attempt) % load.names.length]!;
        const reply = await placeOrder(load.via(target), load.token, key, 3000).catch(() => null);
        const order = reply?.body.data;
        if (reply && (reply.status === 201 || reply.status === 422) && order?.id) {
          acknowledged.push({
            key,
            id: order.id,
            status: order.status,
            at: clock(),
            attempts: attempt + 1,
          });
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  };
  await Promise.all(Array.from({ length: load.concurrency ?? 4 }, worker));
  return acknowledged;
}
