import { newsQuerySchema } from '@td/contracts';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../core/errors';
import { validate } from '../../core/validate';
import type { MlService } from '../../engines/ml';

export interface NewsRouteDeps {
  /** Read on each request: the pipeline is null while it could not be built. */
  ml: Pick<MlService, 'news'>;
}

function newsPipeline(ml: NewsRouteDeps['ml']) {
  const news = ml.news;
  if (!news) throw new HttpError(503, 'The news and sentiment service is not running.', 'news_unavailable');
  return news;
}

/**
 * spec part 1 §7 (the pipeline card) and part 2 §7 (ML Enhancements), api-client news.ts: news and
 * its sentiment.
 */
export async function newsRoutes(app: FastifyInstance, { ml }: NewsRouteDeps) {
  app.get('/api/news', async (request) => {
    const query = validate(newsQuerySchema, request.query, 'query');
    return { success: true, data: newsPipeline(ml).headlines(query) };
  });

  app.get('/api/ml/sentiment/market', async () => ({
    success: true,
    sentiment: newsPipeline(ml).marketSentiment(),
  }));

  app.get('/api/ml/sentiment/status', async () => ({
    success: true,
    data: newsPipeline(ml).status(),
  }));
}
