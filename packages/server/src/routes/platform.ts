import { remoteEntrySchema, remoteNameSchema } from '@td/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { bearerToken } from '../app';
import { isDatabaseHealthy } from '../db/database';
import { badRequest, HttpError, unauthorized } from '../http/http-error';
import type { AppServices } from '../http/route-deps';
import { validate } from '../http/validate';
import { serverUptimeSeconds } from '../ops/restart/server-uptime';
import { loadOpsToken, OPS_TOKEN_HEADER, opsTokenMatches } from '../security/ops-token';

const useRemoteSchema = z.object({ name: remoteNameSchema, entry: remoteEntrySchema });

export async function platformRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const { config, db, registry } = services;
  // Created on first start (DATA_DIR/ops.token, owner-only) unless OPS_TOKEN is set.
  const opsToken = loadOpsToken(config.dataDir, config.opsToken);

  /** Registry writes are an ops action: a signed-in browser session alone may not change what the shell loads. */
  const requireOpsToken = async (request: FastifyRequest) => {
    if (opsTokenMatches(opsToken, request.headers[OPS_TOKEN_HEADER])) return;
    const how = `send the ops token (DATA_DIR/ops.token, or OPS_TOKEN) in the ${OPS_TOKEN_HEADER} header, as \`pnpm remote:use\` does`;
    if (request.headers[OPS_TOKEN_HEADER] !== undefined)
      throw unauthorized(`The ops token is not valid: ${how}.`);
    const session = bearerToken(request);
    if (session && services.auth.verifySession(session))
      throw new HttpError(403, `Changing the remote registry is an ops action: ${how}.`, 'forbidden');
    throw unauthorized(`Changing the remote registry needs the ops token: ${how}.`);
  };

  app.get('/api/health', async () => ({
    success: true,
    status: 'ok',
    version: config.version,
    uptime: serverUptimeSeconds(),
  }));

  app.get('/api/status', async () => ({
    success: true,
    data: {
      database_connected: isDatabaseHealthy(db),
      upstox_connected: services.market.health('upstox')?.connected ?? false,
      yahoo_finance_connected: services.market.health('yahoo')?.connected ?? false,
      data_source: services.market.activeProvider.source,
    },
  }));

  app.get('/api/management/server/status', async () => ({
    success: true,
    data: {
      main_server_healthy: isDatabaseHealthy(db),
      main_server_pid: process.pid,
      uptime: serverUptimeSeconds(),
      supervisor: supervisorRestarts(services.config.restart),
    },
  }));

  app.get('/api/platform/registry', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { success: true, data: registry.read() };
  });

  app.put('/api/platform/registry', { onRequest: requireOpsToken }, async (request) => {
    const { name, entry } = validate(useRemoteSchema, request.body);
    // The shell's CSP allows exactly these origins: a manifest anywhere else would not load anyway.
    const refusal = registry.originRefusal(name, entry);
    if (refusal) throw badRequest(refusal, 'remote_origin_not_allowed');
    return { success: true, data: registry.use(name, entry) };
  });
}

function supervisorRestarts({ supervised, supervisorRestarts: record }: AppServices['config']['restart']) {
  return {
    supervised,
    restarts: record.restarts,
    last_restart_at: record.lastRestartAt === null ? null : new Date(record.lastRestartAt).toISOString(),
    last_restart_reason: record.lastRestartReason,
  };
}
