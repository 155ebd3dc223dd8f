import type { FastifyInstance } from 'fastify';
import type { PhaseService } from '../../engines/strategy/phase-engine';

export interface ScalingRouteDeps {
  phases: Pick<PhaseService, 'status'>;
}

/**
 * spec part 2 §7 "GET /api/scaling-status" (api-client scaling.ts): the phase engine's standing; 503
 * with a sentence when unreadable.
 */
export async function scalingRoutes(app: FastifyInstance, { phases }: ScalingRouteDeps) {
  app.get('/api/scaling-status', async (request, reply) => {
    try {
      return { success: true, data: phases.status() };
    } catch (error) {
      request.log.error({ err: error }, 'scaling status failed');
      return reply.status(503).send({
        success: false,
        error:
          "The scaling status needs the traded account's equity, which cannot be read right now. Try again in a minute.",
      });
    }
  });
}
