import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../http/route-deps';

/** spec part 2 §2.7 / §7: GET /api/auto-scaling/status, measured by the infra metrics engine. */
export async function autoScalingRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  app.get('/api/auto-scaling/status', async () => ({ success: true, data: services.infraMetrics.status() }));
}
