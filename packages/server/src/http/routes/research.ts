import type { FastifyInstance } from 'fastify';
import { type ResearchService, ResearchUnavailableError } from '../../engines/research';

export interface ResearchRouteDeps {
  research: Pick<ResearchService, 'analysis'>;
}

/** spec part 1 §8 "Research": the 503's words are the screen's. */
export const RESEARCH_DISCONNECTED = 'Data source not connected - Check Upstox connection';

/** spec part 1 §3 "Research analysis": 503 means the data source has no prices, nothing else. */
export async function researchRoutes(app: FastifyInstance, { research }: ResearchRouteDeps) {
  app.get('/api/research/analysis', async (_request, reply) => {
    try {
      return { success: true, data: await research.analysis() };
    } catch (error) {
      if (!(error instanceof ResearchUnavailableError)) throw error;
      return reply.status(503).send({
        success: false,
        error: RESEARCH_DISCONNECTED,
        code: 'data_source_disconnected',
        detail: error.message,
      });
    }
  });
}
