import cors from '@fastify/cors';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import helmet from 'helmet';
import type { Logger } from 'pino';
import type { SessionInfo } from './auth/auth-service';
import { installErrorHandling } from './http/error-handler';
import { createHostGuard } from './http/host-guard';
import { unauthorized } from './http/http-error';
import type { AppServices } from './http/route-deps';
import { recordRequestLatency } from './ops/metrics';
import { allocationRoutes } from './routes/allocation';
import { authRoutes } from './routes/auth';
import { autoScalingRoutes } from './routes/auto-scaling';
import { dataSourceRoutes } from './routes/data-sources';
import { managementRoutes } from './routes/management';
import { marketRoutes } from './routes/market';
import { mlRoutes } from './routes/ml';
import { newsRoutes } from './routes/news';
import { paperTradingRoutes } from './routes/paper-trading';
import { performanceRoutes } from './routes/performance';
import { platformRoutes } from './routes/platform';
import { portfolioRoutes } from './routes/portfolio';
import { profileRoutes } from './routes/profile';
import { researchRoutes } from './routes/research';
import { riskRoutes } from './routes/risk';
import { safetyRoutes } from './routes/safety';
import { scalingStatusRoutes } from './routes/scaling-status';
import { streamRoutes } from './routes/stream';
import { tradingModeRoutes } from './routes/trading-mode';
import { upstoxRoutes } from './routes/upstox';

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionInfo | null;
  }
}

/** Routes anyone may call: health, sign-in itself, and the registry the host needs before sign-in. */
const PUBLIC_ROUTES = new Set([
  'GET /api/health',
  'POST /api/auth/login',
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

/**
 * helmet's security headers, its middleware built once. (@fastify/helmet builds a new one, parsing
 * the policy again, on every request: about 20 µs of each order.) The API serves JSON only: nothing
 * it sends may run script or be framed.
 */
const securityHeaders = helmet({
  contentSecurityPolicy: { directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
  crossOriginResourcePolicy: { policy: 'same-site' },
});

/**
 * One log line per request, written when it ends, instead of Fastify's two (in and out): method,
 * path, status and time. The path without its query: a query may carry a single-use code (the
 * Upstox callback's). A request that failed is logged at error with its error, as before.
 *
 * The line holds only those four fields and the request id, so it goes through a child logger
 * without the redaction pass, which walks every redacted path on every line (≈ 15 µs a line here,
 * 0009). Every other line, the errored request's included, is redacted as before.
 */
class OneLinePerRequest extends LogController {
  private readonly lines: FastifyBaseLogger;

  constructor(logger: Logger) {
    super();
    this.lines = logger.child({}, { redact: [] }) as FastifyBaseLogger;
  }

  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = {
      method: request.method,
      path: request.url.split('?', 1)[0],
      statusCode: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 100) / 100,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else this.lines.info({ reqId: request.id, ...line }, 'request');
  }
}

export async function buildApp(services: AppServices): Promise<FastifyInstance> {
  const { config } = services;
  const app = Fastify({
    loggerInstance: services.logger as FastifyBaseLogger,
    bodyLimit: config.bodyLimit,
    // TRUST_PROXY: the listed proxies' X-Forwarded-For names the client (request.ip); off: the socket's peer.
    trustProxy: config.trustProxy,
    logController: new OneLinePerRequest(services.logger),
  });

  installErrorHandling(app);
  recordRequestLatency(app, services.infraMetrics.latency);
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
  const checkHostAndOrigin = createHostGuard(config.allowedHosts, config.hostOrigins);
  app.addHook('onRequest', async (request) => checkHostAndOrigin(request));
  // A refused WebSocket upgrade has no HTTP server behind its socket to close it once answered.
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode >= 400 && request.headers.upgrade) reply.raw.socket?.destroy();
  });
  await app.register(cors, {
    origin: config.hostOrigins,
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type'],
    maxAge: 600,
  });

  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request) => {
    if (request.method === 'OPTIONS' || isPublicRoute(request.method, request.url)) return;
    if (isOpsRoute(request.method, request.url)) return;
    const token = bearerToken(request);
    const session = token ? services.auth.verifySession(token) : null;
    if (!session)
      throw unauthorized(token ? 'Your session has expired. Sign in again.' : 'Sign in to continue.');
    request.session = session;
  });

  await app.register(authRoutes, { services });
  await app.register(platformRoutes, { services });
  await app.register(tradingModeRoutes, { services });
  await app.register(streamRoutes, { services });
  await app.register(marketRoutes, { services });
  await app.register(upstoxRoutes, { services });
  await app.register(dataSourceRoutes, { services });
  await app.register(portfolioRoutes, { services });
  await app.register(paperTradingRoutes, { services });
  await app.register(performanceRoutes, { services });
  await app.register(researchRoutes, { services });
  await app.register(allocationRoutes, { services });
  await app.register(riskRoutes, { services });
  await app.register(safetyRoutes, { services });
  await app.register(scalingStatusRoutes, { services });
  await app.register(profileRoutes, { services });
  await app.register(newsRoutes, { services });
  await app.register(mlRoutes, { services });
  await app.register(managementRoutes, { services });
  await app.register(autoScalingRoutes, { services });
  return app;
}
