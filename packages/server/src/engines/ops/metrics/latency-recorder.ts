import type { FastifyInstance } from 'fastify';

/** Percentile of sorted values by nearest rank; null when empty. */
export function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

/** The last `capacity` request durations of this server, in a fixed ring: no growth under load. */
export class LatencyRecorder {
  private readonly durations: Float64Array;
  private next = 0;
  private count = 0;
  private started = 0;
  private answered = 0;

  constructor(readonly capacity = 2048) {
    this.durations = new Float64Array(capacity);
  }

  record(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) return;
    this.durations[this.next] = ms;
    this.next = (this.next + 1) % this.capacity;
    this.count = Math.min(this.count + 1, this.capacity);
  }

  /** A request has arrived; `requestEnded` is called once when its response is done or abandoned. */
  requestStarted(): void {
    this.started += 1;
  }

  requestEnded(): void {
    this.answered += 1;
  }

  /** Requests arrived and not yet answered: part of an instance's connections on the scaling screen. */
  inFlight(): number {
    return Math.max(0, this.started - this.answered);
  }

  summary(): { p50: number | null; p95: number | null; count: number } {
    const sorted = Array.from(this.durations.subarray(0, this.count)).sort((a, b) => a - b);
    const round = (value: number | null) => (value === null ? null : Math.round(value * 100) / 100);
    return { p50: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)), count: this.count };
  }
}

/**
 * Records every answered request's duration, and counts the requests in flight. The stream's upgrade
 * is left out of both: its "response" lasts as long as the socket, which the stream counts itself.
 */
export function recordRequestLatency(app: FastifyInstance, recorder: LatencyRecorder): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.headers.upgrade) {
      recorder.requestStarted();
      // 'close' fires once whether the response finished or the client went away first.
      reply.raw.once('close', () => recorder.requestEnded());
    }
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    if (!request.headers.upgrade) recorder.record(reply.elapsedTime);
    done();
  });
}
