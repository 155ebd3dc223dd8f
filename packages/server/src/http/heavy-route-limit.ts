import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Reads that compute over series (candles, analytics, risk over a year of closes, research, ML):
 * each may take milliseconds of the event loop, or a worker's time, and a dashboard sends several
 * at once. Matched on the route's pattern, by prefix.
 */
export const HEAVY_ROUTE_PREFIXES: readonly string[] = [
  '/api/market/candles/',
  '/api/performance/',
  '/api/risk/metrics',
  '/api/risk/positions',
  '/api/research/',
  '/api/allocation/ai-recommendation',
  '/api/ml/',
  '/api/trades/export',
];

/** What must answer even when everything else waits: the probes, orders and the halt, and sign-in. */
export const NEVER_LIMITED: readonly string[] = [
  '/api/health',
  '/api/ready',
  '/api/orders',
  '/api/risk/emergency-stop',
  '/api/risk/resume',
  '/api/auth/',
];

export interface HeavyRouteLimitOptions {
  /** Heavy requests admitted and not yet answered; the next one gets 503. */
  maxInFlight: number;
  /** The event loop this far behind (ms): heavy requests get 503 until it catches up; 0: not checked. */
  maxLoopDelayMs: number;
  retryAfterSeconds: number;
  /** How far behind the event loop is now, ms; a timer-driven probe unless a test brings its own. */
  loopDelay?: LoopDelayProbe;
}

export interface LoopDelayProbe {
  behindMs(): number;
  stop(): void;
}

/** 8 heavy reads at once (two dashboards' worth) and a 20 ms stall; figures in docs/decisions/0042. */
export const DEFAULT_HEAVY_ROUTE_LIMIT: HeavyRouteLimitOptions = {
  maxInFlight: 8,
  maxLoopDelayMs: 20,
  retryAfterSeconds: 1,
};

const BEAT_MS = 10;

/**
 * A timer that should fire every 10 ms: how late it is, or how long since it last fired while the
 * loop is busy right now (a burst read from many sockets in one turn), whichever is larger.
 */
export function timerLoopDelay(now: () => number = () => performance.now()): LoopDelayProbe {
  let lastBeat = now();
  let lastLate = 0;
  const timer = setInterval(() => {
    const at = now();
    lastLate = Math.max(0, at - lastBeat - BEAT_MS);
    lastBeat = at;
  }, BEAT_MS);
  timer.unref();
  return {
    behindMs: () => Math.max(lastLate, now() - lastBeat - BEAT_MS),
    stop: () => clearInterval(timer),
  };
}

function startsWithAny(url: string, prefixes: readonly string[]): boolean {
  return prefixes.some((prefix) => url.startsWith(prefix));
}

/** Whether a route may be refused under load: heavy GETs only, and never one of NEVER_LIMITED. */
export function isHeavyRoute(method: string, routeUrl: string | undefined): boolean {
  if (method !== 'GET' || !routeUrl) return false;
  return startsWithAny(routeUrl, HEAVY_ROUTE_PREFIXES) && !startsWithAny(routeUrl, NEVER_LIMITED);
}

/**
 * Heavy routes answer 503 with Retry-After, in a hook before the session lookup (so a refusal costs
 * little), when too many are in flight or the event loop is behind: the order path, the halt and
 * the probes keep the loop. Register after CORS, so a browser can read the refusal.
 */
export function installHeavyRouteLimit(
  app: FastifyInstance,
  options: HeavyRouteLimitOptions = DEFAULT_HEAVY_ROUTE_LIMIT,
): void {
  const loopDelay =
    options.loopDelay ?? (options.maxLoopDelayMs > 0 ? timerLoopDelay() : { behindMs: () => 0, stop() {} });
  let inFlight = 0;
  const refuse = (reply: FastifyReply, error: string) =>
    reply
      .status(503)
      .header('Retry-After', String(options.retryAfterSeconds))
      .send({ success: false, error, code: 'busy' });

  app.addHook('onRequest', (request: FastifyRequest, reply, done) => {
    if (!isHeavyRoute(request.method, request.routeOptions.url)) return done();
    const wait = `try again in ${options.retryAfterSeconds} s; orders and Emergency Stop are not affected.`;
    if (inFlight >= options.maxInFlight) {
      return refuse(reply, `The server is answering ${inFlight} heavy requests already: ${wait}`);
    }
    if (options.maxLoopDelayMs > 0 && loopDelay.behindMs() > options.maxLoopDelayMs) {
      return refuse(reply, `The server is busy catching up: ${wait}`);
    }
    inFlight += 1;
    // 'close' follows both a finished answer and a dropped connection: the slot is always given back.
    reply.raw.once('close', () => {
      inFlight -= 1;
    });
    done();
  });
  app.addHook('onClose', async () => loopDelay.stop());
}
