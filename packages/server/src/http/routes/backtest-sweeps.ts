import { backtestSweepRequestSchema } from '@td/contracts';
import type { FastifyInstance } from 'fastify';
import { validate } from '../../core/validate';
import type { BacktestSweepService } from '../../engines/backtest';

export interface BacktestSweepRouteDeps {
  sweeps: Pick<BacktestSweepService, 'start' | 'list' | 'get' | 'cancel'>;
}

/** The strategy lab's parameter sweeps (decision 0057): thin — validate, call the sweep service, reply. */
export async function backtestSweepRoutes(app: FastifyInstance, { sweeps }: BacktestSweepRouteDeps) {
  app.post('/api/backtests/sweeps', async (request, reply) => {
    const body = validate(backtestSweepRequestSchema, request.body);
    reply.code(202);
    return { success: true, data: sweeps.start(body) };
  });

  app.get('/api/backtests/sweeps', async () => ({ success: true, data: { sweeps: sweeps.list() } }));

  app.get<{ Params: { id: string } }>('/api/backtests/sweeps/:id', async (request) => ({
    success: true,
    data: sweeps.get(request.params.id),
  }));

  app.post<{ Params: { id: string } }>('/api/backtests/sweeps/:id/cancel', async (request) => ({
    success: true,
    data: await sweeps.cancel(request.params.id),
  }));
}
