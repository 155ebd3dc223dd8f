import { newsQuerySchema } from '@td/contracts';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http/http-error';
import type { AppServices } from '../http/route-deps';
import { validate } from '../http/validate';

function newsPipeline(services: AppServices) {
  const news = services.ml?.news;
  if (!news) throw new HttpError(503, 'The news and sentiment service is not running.', 'news_unavailable');
  return news;
}

/** spec part 1 §7 (the pipeline card) and part 2 §7 (ML Enhancements): news and its sentiment. */
export async function newsRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  app.get('/api/news', async (request) => {
    const query = validate(newsQuerySchema, request.query, 'query');
    return { success: true, data: newsPipeline(services).headlines(query) };
  });

  app.get('/api/ml/sentiment/market', async () => ({
    success: true,
    sentiment: newsPipeline(services).marketSentiment(),
  }));

  app.get('/api/ml/sentiment/status', async () => ({
    success: true,
    data: newsPipeline(services).status(),
  }));
}
