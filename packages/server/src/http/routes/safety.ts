import { emergencyStopRequestSchema, resumeRequestSchema, scenarioRequestSchema } from '@td/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { validate } from '../../core/validate';
import type { SafetyService } from '../../engines/safety';

export interface SafetyRouteDeps {
  safety: Pick<SafetyService, 'haltState' | 'emergencyStop' | 'resume' | 'scenarioState' | 'startScenario'>;
}

const who = (request: FastifyRequest) => request.session?.email ?? 'unknown';

/**
 * Trading safety (api-client safety.ts): the Emergency Stop and resume, and the simulator's market
 * scenarios. Thin: validate, call safety, reply. Risk limits and alerts are in routes/risk.ts, the
 * alert e-mails' settings in routes/settings.ts.
 */
export async function safetyRoutes(app: FastifyInstance, { safety }: SafetyRouteDeps) {
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

  app.get('/api/simulator/scenario', async () => ({ success: true, data: safety.scenarioState() }));

  app.post('/api/simulator/scenario', async (request) => {
    const body = validate(scenarioRequestSchema, request.body);
    return { success: true, data: safety.startScenario(body.scenario, body.minutes) };
  });
}
