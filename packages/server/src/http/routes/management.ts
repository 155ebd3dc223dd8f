import { RESTART_MESSAGES } from '@td/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MarketDataService } from '../../engines/market/market-data-service';
import type { RestartKind, RestartService } from '../../engines/ops/restart';
import { serverUptimeSeconds } from '../../engines/ops/restart/server-uptime';
import type { RestartRecord } from '../../engines/ops/restart/supervisor';

export interface ManagementRouteDeps {
  restart: Pick<RestartService, 'accept' | 'perform'>;
  /** Whether the database answers a trivial query now. */
  storageHealthy(): boolean;
  /** Whether every engine has started and none has begun stopping (readiness). */
  runtimeStarted(): boolean;
  market: Pick<MarketDataService, 'health' | 'activeProvider'>;
  config: {
    version: string;
    restart: { supervised: boolean; supervisorRestarts: RestartRecord };
  };
}

/**
 * The Management screen (api-client management.ts): health, status, the server's diagnostics, and
 * POST /api/management/server/restart (drain, then exit for the supervisor) and POST /api/admin/restart
 * (the fallback: exit as soon as the reply is sent). The restarts need a session (the session
 * guard) and share one rate limit; /api/health and /api/ready are public.
 */
export async function managementRoutes(
  app: FastifyInstance,
  { restart, storageHealthy, runtimeStarted, market, config }: ManagementRouteDeps,
) {
  // Liveness: the process answers. A failing database must not get it restarted, so this asks nothing more.
  app.get('/api/health', async () => ({
    success: true,
    status: 'ok',
    version: config.version,
    uptime: serverUptimeSeconds(),
  }));

  // Readiness (Kubernetes, the image's proxy): send traffic only once the engines run and storage answers.
  app.get('/api/ready', async (_request, reply) => {
    const started = runtimeStarted();
    const storage = started && storageHealthy();
    const ready = started && storage;
    return reply.code(ready ? 200 : 503).send({
      success: ready,
      status: ready ? 'ready' : 'not_ready',
      checks: { runtime_started: started, storage_answers: storage },
    });
  });

  app.get('/api/status', async () => ({
    success: true,
    data: {
      database_connected: storageHealthy(),
      upstox_connected: market.health('upstox')?.connected ?? false,
      yahoo_finance_connected: market.health('yahoo')?.connected ?? false,
      data_source: market.activeProvider.source,
    },
  }));

  app.get('/api/management/server/status', async () => ({
    success: true,
    data: {
      main_server_healthy: storageHealthy(),
      main_server_pid: process.pid,
      uptime: serverUptimeSeconds(),
      supervisor: supervisorRestarts(config.restart),
    },
  }));

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

function supervisorRestarts({
  supervised,
  supervisorRestarts: record,
}: ManagementRouteDeps['config']['restart']) {
  return {
    supervised,
    restarts: record.restarts,
    last_restart_at: record.lastRestartAt === null ? null : new Date(record.lastRestartAt).toISOString(),
    last_restart_reason: record.lastRestartReason,
  };
}
