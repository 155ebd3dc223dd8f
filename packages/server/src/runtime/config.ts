import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { allowedHostNames, allowedRemoteOrigins, trustedProxies } from './network-allow-lists';

const port = (fallback: number) => z.coerce.number().int().min(1).max(65535).default(fallback);
const list = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value) =>
      value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
    );

/** Every setting comes from the environment and has a default, so `npm start` needs none. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  API_HOST: z.string().default('127.0.0.1'),
  API_PORT: port(8082),
  DATA_DIR: z.string().default(path.resolve(process.cwd(), 'data')),
  TRADER_EMAIL: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'TRADER_EMAIL must be an email address' }))
    .default('trader@example.com'),
  TRADER_NAME: z.string().default('Trader'),
  PUBLIC_HOST: z.string().default('localhost'),
  HOST_PORT: port(3000),
  HOST_ORIGINS: z.string().optional(),
  /** Extra host names the API answers to (besides localhost, 127.0.0.1, [::1] and PUBLIC_HOST). */
  ALLOWED_HOSTS: list(''),
  /**
   * Reverse proxies whose X-Forwarded-For names the client: off (none), on (one on this machine), or
   * their addresses or CIDR ranges, comma-separated.
   */
  TRUST_PROXY: z
    .string()
    .default('off')
    .transform((value) => value.trim())
    .pipe(
      z.union(
        [
          z.enum(['off', 'on']),
          z
            .string()
            .transform((value) => value.split(',').map((item) => item.trim()))
            .pipe(z.array(z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()]))),
        ],
        { error: "TRUST_PROXY must be off, on, or the proxies' addresses (e.g. 10.0.0.5,172.16.0.0/12)" },
      ),
    ),
  REMOTE_AUTH_PORT: port(3001),
  REMOTE_TRADING_PORT: port(3002),
  REMOTE_ANALYTICS_PORT: port(3003),
  REMOTE_ML_PORT: port(3004),
  REMOTE_INFRA_PORT: port(3005),
  SMTP_URL: z.string().optional(),
  SMTP_FROM: z.string().default('Trading Dashboard <no-reply@localhost>'),
  SETUP_LINK_BASE: z.string().optional(),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).default(12),
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(256 * 1024),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  EXTRA_REMOTE_ORIGINS: list('').pipe(
    z.array(
      z.url({
        protocol: /^https?$/,
        error: 'EXTRA_REMOTE_ORIGINS must be comma-separated http(s) origins, e.g. https://cdn.example.com',
      }),
    ),
  ),
  OPS_TOKEN: z.string().min(32, 'OPS_TOKEN must be at least 32 characters').optional(),
  UPSTOX_CLIENT_ID: z.string().optional(),
  UPSTOX_CLIENT_SECRET: z.string().optional(),
  UPSTOX_REDIRECT_URI: z.url({ error: 'UPSTOX_REDIRECT_URI must be a URL' }).optional(),
  UPSTOX_API_BASE_URL: z.url().optional(),
  UPSTOX_STATIC_IP: z
    .string()
    .refine(
      (value) => isIP(value) !== 0,
      'UPSTOX_STATIC_IP must be an IPv4 or IPv6 address, like 203.0.113.10',
    )
    .optional(),
  YAHOO_ENABLED: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  YAHOO_BASE_URL: z.url().optional(),
  /** Lets data-source checks reach 127.0.0.0/8 and ::1: only for tests and the e2e stack's local server. */
  DATA_SOURCES_ALLOW_LOOPBACK: z
    .enum(['0', '1'])
    .default('0')
    .transform((value) => value === '1'),
  SECRETS_KEY: z.string().optional(),
  /** postgres://user:password@host:port/db selects the shared PostgreSQL store; without it, the embedded SQLite file. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  TRADING_LOOP: z
    .enum(['on', 'off'])
    .default('on')
    .transform((value) => value === 'on'),
  REPLAY_HISTORY: z
    .enum(['on', 'off'])
    .default('on')
    .transform((value) => value === 'on'),
  /** The ML ensemble's walk-forward over the simulator's past sessions at start (docs/decisions/0017). */
  ML_WALK_FORWARD: z
    .enum(['on', 'off'])
    .default('on')
    .transform((value) => value === 'on'),
  /** Set by scripts/supervise-api.ts: a restart exit code brings the server back (ops/restart). */
  API_SUPERVISED: z
    .enum(['1', '0'])
    .default('0')
    .transform((value) => value === '1'),
  /** Set by the supervisor on each start: the restarts before this process, for the diagnostics. */
  API_SUPERVISOR_RESTARTS: z.coerce.number().int().min(0).default(0),
  API_SUPERVISOR_LAST_RESTART_AT: z.coerce.number().int().min(0).optional(),
  API_SUPERVISOR_LAST_RESTART_REASON: z.string().max(500).optional(),
  /** The shortest time between two restarts asked for over the API. */
  RESTART_MIN_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  // The annual risk-free rate Sharpe and Sortino use; the default is about the 91-day T-bill yield.
  RISK_FREE_RATE_PERCENT: z.coerce
    .number({ error: 'RISK_FREE_RATE_PERCENT must be a number of percent points, e.g. 6.5' })
    .min(0, 'RISK_FREE_RATE_PERCENT must be between 0 and 50')
    .max(50, 'RISK_FREE_RATE_PERCENT must be between 0 and 50')
    .default(6.5),
  /** always: this instance leads (one machine); lease: instances sharing the database elect one (0033). Default: lease with DATABASE_URL, always without. */
  LEADER_ELECTION: z.enum(['always', 'lease']).optional(),
  /** The name this instance holds the leader lease under; hostname:pid when unset. */
  INSTANCE_ID: z.string().trim().min(1).max(200).optional(),
  /** Set on every instance of a multi-instance deployment: the bus and the shared counters (decision 0032). */
  REDIS_URL: z
    .url({ protocol: /^rediss?$/, error: 'REDIS_URL must be a redis:// or rediss:// URL' })
    .optional(),
  /** Starts every Redis key and channel, so deployments sharing one Redis stay apart. */
  REDIS_PREFIX: z.string().min(1).default('td:'),
  /** Set by Kubernetes in every pod; the Auto-Scaling screen then reads the HPA below. */
  KUBERNETES_SERVICE_HOST: z.string().optional(),
  KUBERNETES_SERVICE_PORT: port(443),
  HPA_NAME: z.string().default('trading-dashboard'),
  /** From the downward API (deploy/k8s): the pod's name and namespace. */
  POD_NAME: z.string().optional(),
  POD_NAMESPACE: z.string().optional(),
  SIMULATOR_SEED: z.coerce.number().int().default(20261122),
  SIMULATOR_TICKS_PER_SECOND: z.coerce.number().min(0).max(100_000).default(200),
  SIMULATOR_HISTORY_SESSIONS: z.coerce.number().int().min(1).max(500).default(60),
  SIMULATOR_CONTINUOUS_SESSION: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  /** Heavy reads (candles, analytics, risk, research, ML) answered at once; more get 503 (0042). */
  HEAVY_ROUTES_MAX_IN_FLIGHT: z.coerce.number().int().min(0).default(8),
  /** Event loop this far behind (ms): heavy reads get 503 until it catches up; 0: no such check (0042, 0051). */
  HEAVY_ROUTES_MAX_LOOP_DELAY_MS: z.coerce.number().min(0).default(5),
  /** While an order or a halt is answered, reads get 503 once the loop has worked this long (ms); 0: off (0051). */
  HEAVY_ROUTES_MAX_WORK_WHILE_ORDERS_MS: z.coerce.number().min(0).default(3),
  /** The loop guard refuses only once more reads than this arrived since its last beat (0051). */
  HEAVY_ROUTES_MIN_READS_TO_SHED: z.coerce.number().int().min(0).default(12),
});

export type AppConfig = ReturnType<typeof loadConfig>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  const hostOrigin = `http://${e.PUBLIC_HOST}:${e.HOST_PORT}`;
  const hostOrigins = e.HOST_ORIGINS
    ? e.HOST_ORIGINS.split(',').map((origin) => origin.trim())
    : [hostOrigin, `http://127.0.0.1:${e.HOST_PORT}`, `http://localhost:${e.HOST_PORT}`];
  const remotePorts = {
    auth: e.REMOTE_AUTH_PORT,
    trading: e.REMOTE_TRADING_PORT,
    analytics: e.REMOTE_ANALYTICS_PORT,
    ml: e.REMOTE_ML_PORT,
    infra: e.REMOTE_INFRA_PORT,
  } as const;
  return {
    env: e.NODE_ENV,
    host: e.API_HOST,
    port: e.API_PORT,
    dataDir: path.resolve(e.DATA_DIR),
    traderEmail: e.TRADER_EMAIL,
    traderName: e.TRADER_NAME,
    publicHost: e.PUBLIC_HOST,
    hostOrigins: [...new Set(hostOrigins)],
    allowedHosts: allowedHostNames(e.PUBLIC_HOST, e.UPSTOX_REDIRECT_URI, e.ALLOWED_HOSTS),
    /** false, or the proxy addresses Fastify trusts for X-Forwarded-For (TRUST_PROXY=on: this machine's). */
    trustProxy: trustedProxies(e.TRUST_PROXY),
    remotePorts,
    /** Where remote builds may be loaded from: the stack's own remote servers plus EXTRA_REMOTE_ORIGINS. */
    allowedRemoteOrigins: allowedRemoteOrigins(e.PUBLIC_HOST, remotePorts, e.EXTRA_REMOTE_ORIGINS),
    opsToken: e.OPS_TOKEN,
    smtpUrl: e.SMTP_URL,
    smtpFrom: e.SMTP_FROM,
    setupLinkBase: e.SETUP_LINK_BASE ?? `${hostOrigin}/login`,
    sessionIdleMs: e.SESSION_IDLE_MINUTES * 60_000,
    sessionAbsoluteMs: e.SESSION_ABSOLUTE_HOURS * 3_600_000,
    loginMaxFailures: e.LOGIN_MAX_FAILURES,
    loginWindowMs: e.LOGIN_WINDOW_MINUTES * 60_000,
    bodyLimit: e.BODY_LIMIT_BYTES,
    logLevel: e.LOG_LEVEL,
    version: '1.0.0',
    secretsKey: e.SECRETS_KEY,
    databaseUrl: e.DATABASE_URL,
    tradingLoop: e.TRADING_LOOP,
    replayHistory: e.REPLAY_HISTORY,
    mlWalkForward: e.ML_WALK_FORWARD,
    restart: {
      supervised: e.API_SUPERVISED,
      minIntervalMs: e.RESTART_MIN_INTERVAL_SECONDS * 1000,
      supervisorRestarts: {
        restarts: e.API_SUPERVISOR_RESTARTS,
        lastRestartAt: e.API_SUPERVISOR_LAST_RESTART_AT ?? null,
        lastRestartReason: e.API_SUPERVISOR_LAST_RESTART_REASON || null,
      },
    },
    /** Annual, percent points (6.5 = 6.5 %). */
    riskFreeRatePercent: e.RISK_FREE_RATE_PERCENT,
    upstox: {
      clientId: e.UPSTOX_CLIENT_ID,
      clientSecret: e.UPSTOX_CLIENT_SECRET,
      redirectUri: e.UPSTOX_REDIRECT_URI ?? `http://${e.PUBLIC_HOST}:${e.API_PORT}/api/upstox/callback`,
      baseUrl: e.UPSTOX_API_BASE_URL,
      // Optional in the type too: tests that set their own Upstox need not name it.
      ...(e.UPSTOX_STATIC_IP ? { staticIp: e.UPSTOX_STATIC_IP } : {}),
    } as {
      clientId?: string;
      clientSecret?: string;
      redirectUri: string;
      baseUrl?: string;
      staticIp?: string;
    },
    yahoo: { enabled: e.YAHOO_ENABLED, baseUrl: e.YAHOO_BASE_URL },
    redisUrl: e.REDIS_URL,
    kubernetes: {
      serviceHost: e.KUBERNETES_SERVICE_HOST,
      servicePort: e.KUBERNETES_SERVICE_PORT,
      hpaName: e.HPA_NAME,
      namespace: e.POD_NAMESPACE,
      podName: e.POD_NAME,
    },
    /** null: one instance, everything in this process as before. */
    redis: e.REDIS_URL ? { url: e.REDIS_URL, prefix: e.REDIS_PREFIX } : null,
    instanceId: e.INSTANCE_ID,
    dataSources: { allowLoopback: e.DATA_SOURCES_ALLOW_LOOPBACK },
    leadership: {
      // Instances sharing PostgreSQL elect one leader; the embedded file has one instance, which leads.
      election: e.LEADER_ELECTION ?? (e.DATABASE_URL ? 'lease' : 'always'),
      instanceId: e.INSTANCE_ID,
    },
    market: {
      seed: e.SIMULATOR_SEED,
      ticksPerSecond: e.SIMULATOR_TICKS_PER_SECOND,
      historySessions: e.SIMULATOR_HISTORY_SESSIONS,
      continuousSession: e.SIMULATOR_CONTINUOUS_SESSION,
    },
    heavyRoutes: {
      maxInFlight: e.HEAVY_ROUTES_MAX_IN_FLIGHT,
      maxLoopDelayMs: e.HEAVY_ROUTES_MAX_LOOP_DELAY_MS,
      maxWorkWhileOrdersMs: e.HEAVY_ROUTES_MAX_WORK_WHILE_ORDERS_MS,
      minReadsToShed: e.HEAVY_ROUTES_MIN_READS_TO_SHED,
      retryAfterSeconds: 1,
    },
  };
}
