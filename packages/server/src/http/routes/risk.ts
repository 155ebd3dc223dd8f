import { alertIdParamsSchema, riskLimitsUpdateSchema } from '@td/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { validate } from '../../core/validate';
import { NO_PRICES_MESSAGE, type RiskEngine, RiskUnavailableError } from '../../engines/risk';
import type { SafetyService, SafetySettings } from '../../engines/safety';
import type { EngineRiskScore } from '../../engines/safety/ml-recommendations';

export interface RiskRouteDeps {
  risk: Pick<RiskEngine, 'metrics' | 'positions'>;
  /** The limits' report and the risk alerts are the safety engine's. */
  safety: Pick<SafetyService, 'riskLimits' | 'alerts' | 'acknowledge'>;
  riskLimits: Pick<SafetySettings, 'saveRiskLimits'>;
}

/**
 * spec part 1 §7 "risk calls" (api-client risk.ts): `{ success, data }`, polled every 30 s; the
 * figures answer 503 while the market has no prices. The limits and alerts come from safety.
 */
export async function riskRoutes(app: FastifyInstance, { risk, safety, riskLimits }: RiskRouteDeps) {
  const unavailable = (error: unknown, reply: FastifyReply) => {
    if (!(error instanceof RiskUnavailableError)) throw error;
    return reply.status(503).send({
      success: false,
      error: NO_PRICES_MESSAGE,
      code: 'market_prices_unavailable',
      detail: error.message,
    });
  };

  app.get('/api/risk/metrics', async (_request, reply) => {
    try {
      return { success: true, data: await risk.metrics() };
    } catch (error) {
      return unavailable(error, reply);
    }
  });

  app.get('/api/risk/positions', async (_request, reply) => {
    try {
      return { success: true, data: await risk.positions() };
    } catch (error) {
      return unavailable(error, reply);
    }
  });

  // The risk engine's score feeds ml_recommendations: one score on both tabs. Without prices the
  // engine has none (its routes answer 503), and the limits say so instead of scoring another way.
  const engineScore = (request: FastifyRequest): Promise<EngineRiskScore> =>
    risk.metrics().then(
      (metrics) => ({ score: metrics.ml_risk_score, basis: metrics.ml_risk_basis }),
      (error: unknown) => {
        if (error instanceof RiskUnavailableError) return { unavailable: NO_PRICES_MESSAGE };
        request.log.error({ err: error }, 'the risk engine failed under the risk limits');
        return {
          unavailable: 'The risk engine could not measure the positions; its error is in the server log.',
        };
      },
    );

  app.get('/api/risk/limits', async (request) => ({
    success: true,
    data: safety.riskLimits(await engineScore(request)),
  }));

  app.post('/api/risk/limits', async (request) => {
    const update = validate(riskLimitsUpdateSchema, request.body);
    riskLimits.saveRiskLimits(update);
    return {
      success: true,
      data: safety.riskLimits(await engineScore(request)),
      message: 'Risk limits saved.',
    };
  });

  app.get('/api/risk/alerts', async () => ({ success: true, data: safety.alerts() }));

  app.post('/api/risk/alerts/:id/acknowledge', async (request) => {
    const { id } = validate(alertIdParamsSchema, request.params, 'path');
    return { success: true, data: safety.acknowledge(Number(id)) };
  });
}
