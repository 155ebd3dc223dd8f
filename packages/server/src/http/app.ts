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
import { recordRequestLatency } from '../engines/ops/metrics';
import { safetySettings } from '../engines/safety';
import { installAuthGuard } from './auth-guard';
import { type ErrorMapping, installErrorHandling } from './error-registry';
import { DEFAULT_HEAVY_ROUTE_LIMIT, installHeavyRouteLimit } from './heavy-route-limit';
import { createHostGuard } from './host-guard';
import type { AppServices } from './route-deps';
import { allocationRoutes } from './routes/allocation';
import { analyticsRoutes } from './routes/analytics';
import { authRoutes } from './routes/auth';
import { backtestSweepRoutes } from './routes/backtest-sweeps';
import { backtestRoutes } from './routes/backtests';
import { dataSourceRoutes } from './routes/data-sources';
import { historyRoutes } from './routes/history';
import { infraMonitoringRoutes } from './routes/infra-monitoring';
import { managementRoutes } from './routes/management';
import { marketRoutes } from './routes/market';
import { mlEnhancementsRoutes } from './routes/ml-enhancements';
import { mlOverviewRoutes } from './routes/ml-overview';
import { newsRoutes } from './routes/news';
import { orderAuditRoutes } from './routes/order-audit';
import { orderRateRoutes } from './routes/order-rate';
import { paperTradingRoutes } from './routes/paper-trading';
import { platformRoutes } from './routes/platform';
import { portfolioRoutes } from './routes/portfolio';
import { researchRoutes } from './routes/research';
import { riskRoutes } from './routes/risk';
import { safetyRoutes } from './routes/safety';
import { scalingRoutes } from './routes/scaling';
import { secondFactorRoutes } from './routes/second-factor';
import { settingsRoutes } from './routes/settings';
import { shellRoutes } from './routes/shell';
import { streamRoutes } from './routes/stream';
import { tradesRoutes } from './routes/trades';

/**
 * helmet's security headers, its middleware built once. (@fastify/helmet builds a new one, parsing
 * the policy again, on every request: about 20 µs of each order.) The API serves JSON only: nothing
 * it sends may run script or be framed.
 */
const securityHeaders = helmet({
  contentSecurityPolicy: { directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
  crossOriginResourcePolicy: { policy: 'same-site' },
});

/** Probes poll every few seconds and answer the same: a line each buries the requests worth reading (0042). */
const UNLOGGED_PROBES = new Set(['/api/health', '/api/ready']);

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
    else if (line.statusCode < 400 && UNLOGGED_PROBES.has(line.path!)) return;
    else this.lines.info({ reqId: request.id, ...line }, 'request');
  }
}

export interface BuildAppOptions {
  /** The engines' error mappings; the services' list unless a test brings its own. */
  errors?: readonly ErrorMapping[];
}

export async function buildApp(
  services: AppServices,
  options: BuildAppOptions = {},
): Promise<FastifyInstance> {
  const { config } = services;
  const app = Fastify({
    loggerInstance: services.logger as FastifyBaseLogger,
    bodyLimit: config.bodyLimit,
    // TRUST_PROXY: the listed proxies' X-Forwarded-For names the client (request.ip); off: the socket's peer.
    trustProxy: config.trustProxy,
    logController: new OneLinePerRequest(services.logger),
  });

  installErrorHandling(app, options.errors ?? services.errorMappings);
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
  // Before the session lookup, so a refusal under load costs little; after CORS, so browsers read it.
  installHeavyRouteLimit(app, config.heavyRoutes ?? DEFAULT_HEAVY_ROUTE_LIMIT);

  installAuthGuard(app, { verifySession: (token) => services.auth.verifySession(token) });

  await registerRoutes(app, services);
  return app;
}

/** Each route file gets only the members it uses; its file is named after the api-client file calling it. */
async function registerRoutes(app: FastifyInstance, services: AppServices): Promise<void> {
  const { auth, stream, market, trading, safety, ml } = services;
  const settings = safetySettings(safety);
  await app.register(authRoutes, { auth, stream });
  await app.register(platformRoutes, { registry: services.registry, auth, config: services.config });
  await app.register(managementRoutes, {
    restart: services.restart,
    storageHealthy: services.storageHealthy,
    runtimeStarted: services.runtimeStarted,
    market,
    config: services.config,
  });
  await app.register(shellRoutes, {
    tradingMode: services.tradingMode,
    trading,
    engineStatus: services.engineStatus,
  });
  await app.register(streamRoutes, { stream });
  await app.register(marketRoutes, { market, feedSubscriptions: services.feedSubscriptions });
  await app.register(dataSourceRoutes, {
    dataSources: services.dataSources,
    upstoxAccount: services.upstoxAccount,
    market,
    selectFeed: services.selectFeed,
  });
  await app.register(portfolioRoutes, { trading });
  await app.register(tradesRoutes, { trading, clock: market.clock });
  await app.register(orderAuditRoutes, { orderAudit: services.orderAudit });
  await app.register(historyRoutes, { history: services.history, upstoxHistory: services.upstoxHistory });
  await app.register(paperTradingRoutes, {
    trading,
    ledger: services.ledger,
    market,
    paperPreparation: services.paperPreparation,
    paperBroker: services.paperBroker,
    liveBroker: services.liveBroker,
  });
  await app.register(analyticsRoutes, { analytics: services.analytics });
  await app.register(researchRoutes, { research: services.research });
  await app.register(allocationRoutes, { allocation: services.allocation });
  await app.register(backtestRoutes, { backtests: services.backtests });
  await app.register(backtestSweepRoutes, { sweeps: services.backtestSweeps });
  await app.register(riskRoutes, { risk: services.risk, safety, riskLimits: settings });
  await app.register(safetyRoutes, { safety });
  await app.register(settingsRoutes, { auth, stream, notifications: settings });
  await app.register(secondFactorRoutes, { secondFactor: auth.secondFactor });
  await app.register(scalingRoutes, { phases: services.phases });
  await app.register(newsRoutes, { ml });
  await app.register(mlOverviewRoutes, { ml });
  await app.register(mlEnhancementsRoutes, { ml, market });
  await app.register(infraMonitoringRoutes, {
    autoScaling: services.autoScaling,
    tickDashboard: services.tickDashboard,
  });
  await app.register(orderRateRoutes, { throttle: services.liveBroker.throttle, algoId: services.algoId });
}
