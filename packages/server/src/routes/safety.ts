import {
  alertIdParamsSchema,
  emergencyStopRequestSchema,
  notificationSettingsSchema,
  resumeRequestSchema,
  riskLimitsUpdateSchema,
  scenarioRequestSchema,
} from '@td/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppServices } from '../http/route-deps';
import { validate } from '../http/validate';
import { NO_PRICES_MESSAGE, RiskUnavailableError } from '../risk';
import type { EngineRiskScore } from '../safety/ml-recommendations';

const who = (request: FastifyRequest) => request.session?.email ?? 'unknown';

/**
 * Trading safety (issue 14): the Emergency Stop and resume, the risk limits, the risk alerts, the
 * simulator's market scenarios and the alert e-mails' settings. Thin: validate, call safety, reply.
 */
export async function safetyRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const { safety } = services;

  app.get('/api/risk/halt', async () => ({ success: true, data: safety.haltState() }));

  app.post('/api/risk/emergency-stop', async (request) => {
    const body = validate(emergencyStopRequestSchema, request.body);
    const data = safety.emergencyStop(body.reason, body.close_positions, who(request));
    request.log.warn(
      { by: who(request), cancelled: data.cancelled_orders, closed: data.closed_positions },
      'emergency stop',
    );
    return { success: true, data };
  });

  app.post('/api/risk/resume', async (request) => {
    const body = validate(resumeRequestSchema, request.body ?? {});
    const data = safety.resume(who(request), body.reason ?? null);
    request.log.warn({ by: who(request) }, 'trading resumed');
    return { success: true, data };
  });

  // The risk engine's score feeds ml_recommendations: one score on both tabs. Without prices the
  // engine has none (its routes answer 503), and the limits say so instead of scoring another way.
  const engineScore = (request: FastifyRequest): Promise<EngineRiskScore> =>
    services.risk.metrics().then(
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
    safety.parts.limits.save(update);
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

  app.get('/api/simulator/scenario', async () => ({ success: true, data: safety.scenarioState() }));

  app.post('/api/simulator/scenario', async (request) => {
    const body = validate(scenarioRequestSchema, request.body);
    return { success: true, data: safety.startScenario(body.scenario, body.minutes) };
  });

  app.get('/api/settings/notifications', async () => ({
    success: true,
    data: safety.parts.notifications.get(),
  }));

  app.post('/api/settings/notifications', async (request) => {
    const settings = validate(notificationSettingsSchema, request.body);
    return {
      success: true,
      data: safety.parts.notifications.save(settings),
      message: 'Notification settings saved.',
    };
  });
}
