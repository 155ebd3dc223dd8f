import { remoteEntrySchema, remoteNameSchema } from '@td/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { badRequest, HttpError, unauthorized } from '../../core/errors';
import { validate } from '../../core/validate';
import type { AuthService } from '../../engines/auth/auth-service';
import type { RemoteRegistryStore } from '../../engines/registry/remote-registry-store';
import { loadOpsToken, OPS_TOKEN_HEADER, opsTokenMatches } from '../../storage/secrets/ops-token';
import { bearerToken } from '../auth-guard';

const useRemoteSchema = z.object({ name: remoteNameSchema, entry: remoteEntrySchema });

export interface PlatformRouteDeps {
  registry: Pick<RemoteRegistryStore, 'read' | 'originRefusal' | 'use'>;
  auth: Pick<AuthService, 'verifySession'>;
  config: { dataDir: string; opsToken?: string };
}

/** The remote registry the shell loads its screens from: read by the host, written by ops. */
export async function platformRoutes(app: FastifyInstance, { registry, auth, config }: PlatformRouteDeps) {
  // Created on first start (DATA_DIR/ops.token, owner-only) unless OPS_TOKEN is set.
  const opsToken = loadOpsToken(config.dataDir, config.opsToken);

  /** Registry writes are an ops action: a signed-in browser session alone may not change what the shell loads. */
  const requireOpsToken = async (request: FastifyRequest) => {
    if (opsTokenMatches(opsToken, request.headers[OPS_TOKEN_HEADER])) return;
    const how = `send the ops token (DATA_DIR/ops.token, or OPS_TOKEN) in the ${OPS_TOKEN_HEADER} header, as \`pnpm remote:use\` does`;
    if (request.headers[OPS_TOKEN_HEADER] !== undefined)
      throw unauthorized(`The ops token is not valid: ${how}.`);
    const session = bearerToken(request);
    if (session && auth.verifySession(session))
      throw new HttpError(403, `Changing the remote registry is an ops action: ${how}.`, 'forbidden');
    throw unauthorized(`Changing the remote registry needs the ops token: ${how}.`);
  };

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
