import { type AlgoIdState, algoIdSettingSchema, type OrderRate } from '@td/contracts';
import type { FastifyInstance } from 'fastify';
import { validate } from '../../core/validate';
import type { AlgoIdSetting } from '../../engines/broker/live/algo-id-setting';
import type { OrderThrottle } from '../../engines/broker/live/order-throttle';

export interface OrderRateRouteDeps {
  /** The live account's one order throttle. */
  throttle: Pick<OrderThrottle, 'usage' | 'shared'>;
  algoId: Pick<AlgoIdSetting, 'state' | 'save'>;
}

/**
 * SEBI's retail algo rules in the order path (api-client order-rate.ts): the live account's order
 * rate against each limit (Tick Streaming screen), and the algo identifier every live order carries
 * (Settings → Connectivity). Signed in only.
 */
export async function orderRateRoutes(app: FastifyInstance, { throttle, algoId }: OrderRateRouteDeps) {
  app.get('/api/orders/rate', async (): Promise<{ success: true; data: OrderRate }> => {
    const windows = throttle.usage().map((use) => ({
      window_ms: use.windowMs,
      limit: use.limit,
      sent: use.sent,
      share_percent: Math.round((use.sent / use.limit) * 1000) / 10,
    }));
    return { success: true, data: { windows, shared: throttle.shared } };
  });

  app.get(
    '/api/settings/algo-id',
    async (): Promise<{ success: true; data: AlgoIdState }> => ({
      success: true,
      data: algoId.state(),
    }),
  );

  app.post('/api/settings/algo-id', async (request) => {
    const { algo_id } = validate(algoIdSettingSchema, request.body);
    return { success: true, data: algoId.save(algo_id), message: 'Algo ID saved: new live orders carry it.' };
  });
}
