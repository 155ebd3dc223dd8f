import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../core/errors';
import type { SessionInfo } from '../engines/auth/auth-service';

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionInfo | null;
  }
}

/** Routes anyone may call: health and readiness, sign-in itself, and the registry the host needs before sign-in. */
const PUBLIC_ROUTES = new Set([
  'GET /api/health',
  // Probes carry no session (Kubernetes readiness, the image's HEALTHCHECK).
  'GET /api/ready',
  'POST /api/auth/login',
  // The code step: the challenge from the password step proves the caller.
  'POST /api/auth/login/code',
  'POST /api/auth/logout',
  'POST /api/auth/validate-session',
  'POST /api/auth/set-password',
  'POST /api/auth/request-password-setup',
  'GET /api/platform/registry',
  // The stream's session arrives in its first message: browsers cannot set headers on a WebSocket.
  'GET /api/stream',
  // Upstox sends the browser back here; the single-use OAuth state proves the request.
  'GET /api/upstox/callback',
]);

/** Ops calls: the ops credential, not a browser session, proves them (routes/platform.ts checks it). */
const OPS_ROUTES = new Set(['PUT /api/platform/registry']);

export function isOpsRoute(method: string, url: string): boolean {
  return OPS_ROUTES.has(`${method} ${url.split('?')[0]}`);
}

export function isPublicRoute(method: string, url: string): boolean {
  return PUBLIC_ROUTES.has(`${method === 'HEAD' ? 'GET' : method} ${url.split('?')[0]}`);
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const token = header.slice('Bearer '.length).trim();
  return token.length > 0 && token.length <= 256 ? token : null;
}

/** What the guard asks of the sign-in engine: who a Bearer token belongs to, if anyone. */
export interface SessionVerifier {
  verifySession(token: string): SessionInfo | null;
}

/**
 * Every route but the public and ops ones needs a live session: it is put on `request.session`,
 * and a request without one is answered 401 before its route runs.
 */
export function installAuthGuard(app: FastifyInstance, { verifySession }: SessionVerifier): void {
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request) => {
    if (request.method === 'OPTIONS' || isPublicRoute(request.method, request.url)) return;
    if (isOpsRoute(request.method, request.url)) return;
    const token = bearerToken(request);
    const session = token ? verifySession(token) : null;
    if (!session)
      throw unauthorized(token ? 'Your session has expired. Sign in again.' : 'Sign in to continue.');
    request.session = session;
  });
}
