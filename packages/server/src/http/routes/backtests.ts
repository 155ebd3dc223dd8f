import { backtestStartRequestSchema } from '@td/contracts';
import type { FastifyInstance } from 'fastify';
import { validate } from '../../core/validate';
import type { BacktestService } from '../../engines/backtest';

export interface BacktestRouteDeps {
  backtests: Pick<BacktestService, 'start' | 'list' | 'get' | 'cancel'>;
}

/** The strategy lab's backtests (decision 0054): thin — validate, call the backtest service, reply. */
export async function backtestRoutes(app: FastifyInstance, { backtests }: BacktestRouteDeps) {
  app.post('/api/backtests', async (request, reply) => {
    const body = validate(backtestStartRequestSchema, request.body);
    reply.code(202);
    return { success: true, data: backtests.start(body) };
  });

  app.get('/api/backtests', async () => ({ success: true, data: { runs: backtests.list() } }));

  app.get<{ Params: { id: string } }>('/api/backtests/:id', async (request) => ({
    success: true,
    data: backtests.get(request.params.id),
  }));

  app.post<{ Params: { id: string } }>('/api/backtests/:id/cancel', async (request) => ({
    success: true,
    data: await backtests.cancel(request.params.id),
  }));
}
