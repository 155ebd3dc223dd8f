import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../http/route-deps';

/** spec part 2 §7 "GET /api/scaling-status": the phase engine's standing; 503 with a sentence when unreadable. */
export async function scalingStatusRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  app.get('/api/scaling-status', async (request, reply) => {
    try {
      return { success: true, data: services.phases.status() };
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
