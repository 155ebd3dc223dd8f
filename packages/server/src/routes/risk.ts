import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../http/route-deps';
import { NO_PRICES_MESSAGE, RiskUnavailableError } from '../risk';

/** spec part 1 §7 "risk calls": `{ success, data }`, polled every 30 s; 503 while the market has no prices. */
export async function riskRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const unavailable = (error: unknown, reply: { status(code: number): { send(body: unknown): unknown } }) => {
    if (!(error instanceof RiskUnavailableError)) throw error;
    return reply.status(503).send({
      success: false,
      error: NO_PRICES_MESSAGE,
      code: 'market_prices_unavailable',
      detail: error.message,
    });
  };

  app.get('/api/risk/metrics', async (_request, reply) => {
    try {
      return { success: true, data: await services.risk.metrics() };
    } catch (error) {
      return unavailable(error, reply);
    }
  });

  app.get('/api/risk/positions', async (_request, reply) => {
    try {
      return { success: true, data: await services.risk.positions() };
    } catch (error) {
      return unavailable(error, reply);
    }
  });
}
