import { performanceQuerySchema } from '@td/contracts';
import type { FastifyInstance } from 'fastify';
import { validate } from '../../core/validate';
import type { PerformanceAnalyticsService } from '../../engines/analytics/performance-analytics-service';

/** The runtime's one analytics instance: risk and allocation read the same cache. */
export interface AnalyticsRouteDeps {
  analytics: Pick<PerformanceAnalyticsService, 'replyWhenReady'>;
}

/**
 * spec part 2 §2.3 and §8 (api-client analytics.ts): performance figures and series of the account
 * the trading mode names.
 */
export async function analyticsRoutes(app: FastifyInstance, { analytics }: AnalyticsRouteDeps) {
  // Both reply with JSON text the engine may have kept from an identical request (same ledger, same prices).
  app.get('/api/performance/analytics', async (request, reply) => {
    const query = validate(performanceQuerySchema, request.query, 'query');
    return reply
      .type('application/json; charset=utf-8')
      .send(await analytics.replyWhenReady('analytics', query));
  });

  app.get('/api/performance/returns', async (request, reply) => {
    const query = validate(performanceQuerySchema, request.query, 'query');
    return reply
      .type('application/json; charset=utf-8')
      .send(await analytics.replyWhenReady('returns', query));
  });
}
