import { dataSourceEditSchema, dataSourceFormSchema, dataSourceToggleSchema } from '@td/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppServices } from '../http/route-deps';
import { validate } from '../http/validate';

const idParams = z.object({ id: z.string().min(1).max(80, 'id is at most 80 characters') });

/** spec part 2 §2.1 / §7: the data-source registry. */
export async function dataSourceRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const { dataSources } = services;

  app.get('/api/data-sources', async () => ({ success: true, data: dataSources.list() }));

  app.post('/api/data-sources/validate', async (request) => {
    const form = validate(dataSourceFormSchema, request.body);
    return { success: true, data: await dataSources.validate(form) };
  });

  app.post('/api/data-sources/add', async (request, reply) => {
    const form = validate(dataSourceFormSchema, request.body);
    reply.code(201);
    return { success: true, data: await dataSources.add(form) };
  });

  app.put('/api/data-sources/:id', async (request) => {
    const { id } = validate(idParams, request.params, 'params');
    const form = validate(dataSourceEditSchema, request.body);
    return { success: true, data: await dataSources.edit(id, form) };
  });

  app.post('/api/data-sources/:id/toggle', async (request) => {
    const { id } = validate(idParams, request.params, 'params');
    const { enabled } = validate(dataSourceToggleSchema, request.body);
    return { success: true, data: await dataSources.toggle(id, enabled) };
  });

  app.post('/api/data-sources/:id/refresh', async (request) => {
    const { id } = validate(idParams, request.params, 'params');
    return { success: true, data: await dataSources.refresh(id) };
  });
}
