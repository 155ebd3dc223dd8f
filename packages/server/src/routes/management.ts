import { RESTART_MESSAGES } from '@td/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppServices } from '../http/route-deps';
import type { RestartKind } from '../ops/restart';

/**
 * spec part 1 §7: POST /api/management/server/restart (drain, then exit for the supervisor) and
 * POST /api/admin/restart (the fallback: exit as soon as the reply is sent). Both need a session
 * (the app's session hook) and share one rate limit. GET /api/status and
 * /api/management/server/status live in routes/platform.ts beside /api/health.
 */
export async function managementRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const { restart } = services;
  // The requests whose restart was accepted: their onResponse starts it, after the reply has left.
  const accepted = new WeakMap<FastifyRequest, RestartKind>();

  const restartRoute = (path: string, kind: RestartKind) =>
    app.post(
      path,
      {
        onResponse: async (request) => {
          const acceptedKind = accepted.get(request);
          if (acceptedKind) setImmediate(() => void restart.perform(acceptedKind));
        },
      },
      async (request) => {
        restart.accept(kind, request.session?.email ?? 'unknown');
        accepted.set(request, kind);
        return {
          success: true,
          message: RESTART_MESSAGES.initiated,
          data: { kind, drains_requests: kind === 'graceful' },
        };
      },
    );

  restartRoute('/api/management/server/restart', 'graceful');
  restartRoute('/api/admin/restart', 'forceful');
}
