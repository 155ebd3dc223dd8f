import { TRADING_MODE_LABELS, tradingModeRequestSchema } from '@td/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../http/route-deps';
import { validate } from '../http/validate';

export async function tradingModeRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const { tradingMode } = services;

  app.get('/api/trading/mode', async () => ({ success: true, data: tradingMode.state() }));

  app.post('/api/trading/mode', async (request) => {
    const { mode } = validate(tradingModeRequestSchema, request.body);
    const current = tradingMode.change(mode);
    request.log.info({ mode: current }, 'trading mode changed');
    return {
      success: true,
      data: { current_mode: current, current_mode_label: TRADING_MODE_LABELS[current] },
    };
  });
}
