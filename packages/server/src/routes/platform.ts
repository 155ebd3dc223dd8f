import { remoteEntrySchema, remoteNameSchema } from '@td/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isDatabaseHealthy } from '../db/database';
import { validate } from '../http/validate';
import type { AppServices } from '../services';

const useRemoteSchema = z.object({ name: remoteNameSchema, entry: remoteEntrySchema });

export async function platformRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const { config, db, registry } = services;

  app.get('/api/health', async () => ({
    success: true,
    status: 'ok',
    version: config.version,
    uptime: Math.round(process.uptime()),
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
      uptime: Math.round(process.uptime()),
    },
  }));

  app.get('/api/platform/registry', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { success: true, data: registry.read() };
  });

  app.put('/api/platform/registry', async (request) => {
    const { name, entry } = validate(useRemoteSchema, request.body);
    return { success: true, data: registry.use(name, entry) };
  });
}
