import { performance } from 'node:perf_hooks';
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

/**
 * What must answer even when everything else waits: probes, orders, the halt, sign-in, the stream,
 * the remote registry every page starts from, and Upstox's sign-in redirect (a browser navigation
 * that cannot retry by itself).
 */
/** The order path, the halt and the resume: never refused, and given way to while answered. */
const PRIORITY_ROUTES = ['/api/orders', '/api/risk/emergency-stop', '/api/risk/resume'] as const;

export const NEVER_LIMITED: readonly string[] = [
  '/api/health',
  '/api/platform/registry',
  '/api/upstox/callback',
  '/api/stream',
  '/api/ready',
  ...PRIORITY_ROUTES,
  '/api/auth/',
];

export interface HeavyRouteLimitOptions {
  /** Heavy requests admitted and not yet answered; the next one gets 503. */
  maxInFlight: number;
  /** The loop's turn this long (ms): every read but NEVER_LIMITED gets 503 until it ends; 0: not checked. */
  maxLoopDelayMs: number;
  retryAfterSeconds: number;
  /**
   * While an order, an Emergency Stop or a resume is being answered, every read but NEVER_LIMITED
   * gets 503 once the event loop has worked this long (ms) since its last beat, instead of
   * maxLoopDelayMs: the order waits for the turn its reply is written in, so that turn is kept short.
   * 0 or unset: no tighter limit. Needs the loop guard (maxLoopDelayMs > 0).
   */
  maxWorkWhileOrdersMs?: number;
  /**
   * The loop guard refuses only once more reads than this arrived since the loop's last beat: a
   * dashboard opening sends about ten at once, a burst hundreds, and a 503 costs the opening a
   * second (the retry). 0 or unset: no minimum.
   */
  minReadsToShed?: number;
  /** How long an order, halt or resume is given way to at most, ms; PRIORITY_WINDOW_MS unless set. */
  priorityWindowMs?: number;
  /** How far behind the event loop is now, ms; a timer-driven probe unless a test brings its own. */
  loopDelay?: LoopDelayProbe;
}

export interface LoopDelayProbe {
  behindMs(): number;
  /** Time the loop has been active since its last beat (≤ the clock's time), ms; 0 when not read. */
  workMs?(): number;
  /** Beats so far: a new number starts a new count of reads. */
  beats?(): number;
  stop(): void;
}

/**
 * 8 heavy reads at once (two dashboards' worth, 0042); a turn 5 ms past its beat once 12 reads have
 * arrived since it, and 3 ms of work while an order or a halt is answered (0051).
 */
export const DEFAULT_HEAVY_ROUTE_LIMIT: HeavyRouteLimitOptions = {
  maxInFlight: 8,
  maxLoopDelayMs: 5,
  maxWorkWhileOrdersMs: 3,
  minReadsToShed: 12,
  retryAfterSeconds: 1,
};

const BEAT_MS = 10;

/**
 * Time the event loop has not spent waiting for I/O, ms (libuv's idle time taken from the clock).
 * It counts the loop's work and any wait for a core *while working*: in a burst the process is
 * preempted with requests queued behind it, and those requests wait on the clock, not in CPU time.
 * Time blocked in poll with nothing to do is not counted, so an idle gap never reads as a long turn.
 */
const activeMs = () => performance.eventLoopUtilization().active;

/**
 * How long the current turn of the event loop has run: a timer due every 10 ms has not fired for
 * that long. A burst read from many sockets in one turn shows here while it runs; at idle a request
 * starts a fresh turn, so one slow answer never gets the next caller refused. Counted in the loop's
 * active time as well as on the clock: time spent waiting for I/O is not work.
 */
export function timerLoopDelay(
  now: () => number = () => performance.now(),
  active: () => number = activeMs,
): LoopDelayProbe {
  let lastBeat = now();
  let activeAtBeat = active();
  // Read at most once a ms: a burst asks for every read request.
  let readAt = Number.NEGATIVE_INFINITY;
  let activeNow = activeAtBeat;
  let beats = 0;
  const timer = setInterval(() => {
    beats += 1;
    lastBeat = now();
    activeAtBeat = active();
  }, BEAT_MS);
  timer.unref();
  const worked = (at: number) => {
    if (at - readAt >= 1) [readAt, activeNow] = [at, active()];
    return Math.max(0, Math.min(at - lastBeat, activeNow - activeAtBeat));
  };
  return {
    behindMs: () => {
      const at = now();
      if (at - lastBeat <= BEAT_MS) return 0;
      return Math.max(0, worked(at) - BEAT_MS);
    },
    workMs: () => worked(now()),
    beats: () => beats,
    stop: () => clearInterval(timer),
  };
}

function startsWithAny(url: string, prefixes: readonly string[]): boolean {
  return prefixes.some((prefix) => url.startsWith(prefix));
}

/** Whether a read may be refused while the event loop is behind: any GET but NEVER_LIMITED. */
export function isSheddableRead(method: string, routeUrl: string | undefined): boolean {
  return method === 'GET' && routeUrl !== undefined && !startsWithAny(routeUrl, NEVER_LIMITED);
}

/** How long an order, halt or resume is given way to at most: its own work on the loop is a few ms. */
export const PRIORITY_WINDOW_MS = 250;

/** Whether a request is one the loop is kept short for: placing or cancelling an order, the halt, the resume. */
export function isPriorityWrite(method: string, routeUrl: string | undefined): boolean {
  if (method === 'GET' || method === 'OPTIONS' || routeUrl === undefined) return false;
  // Cancelling an order is '/api/orders/:id'.
  return PRIORITY_ROUTES.some((route) => routeUrl === route || routeUrl.startsWith(`${route}/`));
}

/** Whether a route counts against the in-flight limit: heavy GETs only. */
export function isHeavyRoute(method: string, routeUrl: string | undefined): boolean {
  return isSheddableRead(method, routeUrl) && startsWithAny(routeUrl!, HEAVY_ROUTE_PREFIXES);
}

/**
 * Heavy routes answer 503 with Retry-After when too many are in flight, and every read does while
 * the loop's current turn has run too long (a burst): the order path, the halt and the probes keep
 * the loop. A hook before the session lookup, so a refusal costs little; after CORS, so a browser
 * can read it.
 */
export function installHeavyRouteLimit(
  app: FastifyInstance,
  options: HeavyRouteLimitOptions = DEFAULT_HEAVY_ROUTE_LIMIT,
): void {
  const loopDelay =
    options.loopDelay ?? (options.maxLoopDelayMs > 0 ? timerLoopDelay() : { behindMs: () => 0, stop() {} });
  let inFlight = 0;
  // Orders, halts and resumes admitted and not yet answered.
  let priorityPending = 0;
  const tightWorkMs = options.maxLoopDelayMs > 0 ? (options.maxWorkWhileOrdersMs ?? 0) : 0;
  // Reads arrived since the beat numbered countedBeat.
  let countedBeat = -1;
  let readsThisBeat = 0;
  const manyReads = () => {
    const beat = loopDelay.beats?.() ?? 0;
    if (beat !== countedBeat) [countedBeat, readsThisBeat] = [beat, 0];
    readsThisBeat += 1;
    return readsThisBeat > (options.minReadsToShed ?? 0);
  };
  const refuse = (reply: FastifyReply, error: string) =>
    reply
      .status(503)
      .header('Retry-After', String(options.retryAfterSeconds))
      .send({ success: false, error, code: 'busy' });

  const wait = `try again in ${options.retryAfterSeconds} s; orders and Emergency Stop are not affected.`;
  app.addHook('onRequest', (request: FastifyRequest, reply, done) => {
    const route = request.routeOptions.url;
    if (isPriorityWrite(request.method, route)) {
      priorityPending += 1;
      // Given way to until answered, but not while it waits on the broker (a live order's Upstox call
      // may take seconds): past PRIORITY_WINDOW_MS it no longer holds the loop, so reads flow again.
      let counted = true;
      const release = () => {
        if (!counted) return;
        counted = false;
        priorityPending -= 1;
        clearTimeout(timer);
      };
      const timer = setTimeout(release, options.priorityWindowMs ?? PRIORITY_WINDOW_MS);
      timer.unref?.();
      reply.raw.once('close', release);
      return done();
    }
    if (!isSheddableRead(request.method, route)) return done();
    // A screen's own handful of reads is never refused, whatever else the loop is doing.
    const burst = manyReads();
    if (!burst) return admitHeavy(request, reply, done);
    if (options.maxLoopDelayMs > 0 && loopDelay.behindMs() > options.maxLoopDelayMs) {
      return refuse(reply, `The server is busy catching up: ${wait}`);
    }
    if (priorityPending > 0 && tightWorkMs > 0 && (loopDelay.workMs?.() ?? 0) > tightWorkMs) {
      return refuse(reply, `The server is busy placing orders: ${wait}`);
    }
    return admitHeavy(request, reply, done);
  });
  /** Heavy routes count against the in-flight limit whether or not the reads come in a burst. */
  function admitHeavy(request: FastifyRequest, reply: FastifyReply, done: () => void) {
    if (!isHeavyRoute(request.method, request.routeOptions.url)) return done();
    if (inFlight >= options.maxInFlight) {
      return refuse(reply, `The server is answering ${inFlight} heavy requests already: ${wait}`);
    }
    inFlight += 1;
    // 'close' follows both a finished answer and a dropped connection: the slot is always given back.
    reply.raw.once('close', () => {
      inFlight -= 1;
    });
    done();
  }
  app.addHook('onClose', async () => loopDelay.stop());
}
