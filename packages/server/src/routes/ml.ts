import {
  autonomousLearningStatusSchema,
  enhancementsStatusSchema,
  ensembleStatusSchema,
  explainabilityStatusSchema,
  explanationParamsSchema,
  knowledgeGraphStatusSchema,
  learnedPatternsSchema,
  learningStatusSchema,
  memoryStatusSchema,
  mlIntelligenceMetricsDataSchema,
  onlineLearningStatusSchema,
  predictionExplanationSchema,
} from '@td/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { HttpError, notFound } from '../http/http-error';
import type { AppServices } from '../http/route-deps';
import { validate } from '../http/validate';
import type { MlService } from '../ml';
import { type Insight, InsightUnavailableError } from '../ml/insight';

// spec part 2 §7 "ML calls" (all but sentiment, routes/news.ts): every figure comes from the ML service
// (services.ml); a part that is not running answers 503 with a sentence, never a made-up number.

export const INSIGHT_DOWN =
  'ML insight is not running: memory, knowledge graph and patterns are not measured.';
export const FIGURES_UNREADABLE =
  'The ML service produced figures that could not be checked; they are not shown.';

const unavailable = (message: string, code: string) => new HttpError(503, message, code);

export async function mlRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const ml = (): MlService => services.ml;
  const insight = (): Insight => {
    const part = ml().insight;
    if (!part) throw unavailable(INSIGHT_DOWN, 'ml_insight_unavailable');
    return part;
  };
  /** Checks a reply against its contract (finite numbers, known fields) before it leaves. */
  const reply = async <T extends z.ZodType>(schema: T, read: () => unknown, what: string) => {
    let value: unknown;
    try {
      value = await read();
    } catch (error) {
      if (error instanceof HttpError) throw error;
      if (error instanceof InsightUnavailableError) throw unavailable(error.message, 'ml_insight_failed');
      app.log.error({ err: error, call: what }, 'ML status could not be read');
      throw unavailable(`${what} could not be read just now: try again shortly.`, 'ml_status_failed');
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      app.log.error({ call: what, issues: parsed.error.issues.slice(0, 3) }, 'ML status failed its contract');
      throw unavailable(FIGURES_UNREADABLE, 'ml_figures_invalid');
    }
    return { success: true as const, data: parsed.data as z.infer<T> };
  };

  const status = (url: string, schema: z.ZodType, read: () => unknown, what: string) =>
    app.get(url, () => reply(schema, read, what));
  /** Insight's figures: the first request after a start waits for the first build (≈ 0.2 s). */
  const insightStatus = (url: string, schema: z.ZodType, read: (part: Insight) => unknown, what: string) =>
    status(
      url,
      schema,
      async () => {
        const part = insight();
        await part.ready();
        return read(part);
      },
      what,
    );

  insightStatus('/api/ml/memory/status', memoryStatusSchema, (part) => part.memoryStatus(), 'Memory status');
  insightStatus(
    '/api/ml/knowledge-graph/status',
    knowledgeGraphStatusSchema,
    (part) => part.knowledgeGraphStatus(),
    'The knowledge graph',
  );
  insightStatus(
    '/api/ml/learning/status',
    learningStatusSchema,
    (part) => part.learningStatus(),
    'Learning status',
  );
  insightStatus(
    '/api/ml/intelligence-metrics',
    mlIntelligenceMetricsDataSchema,
    (part) => part.intelligenceMetrics(),
    'The intelligence metrics',
  );
  insightStatus(
    '/api/ml/autonomous-learning/status',
    autonomousLearningStatusSchema,
    (part) => part.autonomousLearningStatus(),
    'Autonomous learning status',
  );
  insightStatus(
    '/api/ml/autonomous-learning/patterns',
    learnedPatternsSchema,
    (part) => part.learnedPatterns(),
    'The learned patterns',
  );
  insightStatus(
    '/api/ml/enhancements/status',
    enhancementsStatusSchema,
    (part) => part.enhancementsStatus(),
    'Enhancements status',
  );
  status(
    '/api/ml/ensemble/status',
    ensembleStatusSchema,
    () => ml().models.ensembleStatus(),
    'Ensemble status',
  );
  status(
    '/api/ml/explainability/status',
    explainabilityStatusSchema,
    () => ml().models.explainabilityStatus(),
    'Explainability status',
  );
  status(
    '/api/ml/online-learning/status',
    onlineLearningStatusSchema,
    () => ml().models.onlineLearningStatus(),
    'Online learning status',
  );

  /** The newest prediction's exact additive explanation for one stock: the screen's top reasons. */
  app.get('/api/ml/explanations/:symbol', async (request) => {
    const { symbol } = validate(explanationParamsSchema, request.params, 'symbol');
    if (!services.market.isKnownSymbol(symbol))
      throw notFound(
        `${symbol} is not a stock the models follow (NIFTY 50, SENSEX and Nifty Bank members).`,
        'unknown_symbol',
      );
    const models = ml().models;
    return reply(
      predictionExplanationSchema,
      () => {
        const explanation = models.explain(symbol);
        if (explanation === null || explanation === undefined)
          throw notFound(
            `No prediction has been made for ${symbol} yet, so there is nothing to explain.`,
            'no_prediction',
          );
        return explanation;
      },
      `The explanation for ${symbol}`,
    );
  });
}
