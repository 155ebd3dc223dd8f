import {
  enhancementsStatusSchema,
  ensembleStatusSchema,
  explainabilityStatusSchema,
  explanationParamsSchema,
  onlineLearningStatusSchema,
  predictionExplanationSchema,
} from '@td/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { notFound } from '../../core/errors';
import { validate } from '../../core/validate';
import { insightStatusRoute, type MlStatusSource, mlStatusReply } from './ml-status-reply';

export interface MlEnhancementsRouteDeps {
  ml: MlStatusSource;
  market: { isKnownSymbol(symbol: string): boolean };
}

/**
 * spec part 2 §7 "ML calls" (api-client ml-enhancements.ts): the ensemble, explainability and
 * online learning, and each stock's newest prediction explained.
 */
export async function mlEnhancementsRoutes(app: FastifyInstance, { ml, market }: MlEnhancementsRouteDeps) {
  const status = (url: string, schema: z.ZodType, read: () => unknown, what: string) =>
    app.get(url, () => mlStatusReply(app, schema, read, what));

  insightStatusRoute(
    app,
    ml,
    '/api/ml/enhancements/status',
    enhancementsStatusSchema,
    (part) => part.enhancementsStatus(),
    'Enhancements status',
  );
  status(
    '/api/ml/ensemble/status',
    ensembleStatusSchema,
    () => ml.models.ensembleStatus(),
    'Ensemble status',
  );
  status(
    '/api/ml/explainability/status',
    explainabilityStatusSchema,
    () => ml.models.explainabilityStatus(),
    'Explainability status',
  );
  status(
    '/api/ml/online-learning/status',
    onlineLearningStatusSchema,
    () => ml.models.onlineLearningStatus(),
    'Online learning status',
  );

  /** The newest prediction's exact additive explanation for one stock: the screen's top reasons. */
  app.get('/api/ml/explanations/:symbol', async (request) => {
    const { symbol } = validate(explanationParamsSchema, request.params, 'symbol');
    if (!market.isKnownSymbol(symbol))
      throw notFound(
        `${symbol} is not a stock the models follow (NIFTY 50, SENSEX and Nifty Bank members).`,
        'unknown_symbol',
      );
    const models = ml.models;
    return mlStatusReply(
      app,
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
