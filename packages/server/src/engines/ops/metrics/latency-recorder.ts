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

  constructor(readonly capacity = 2048) {
    this.durations = new Float64Array(capacity);
  }

  record(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) return;
    this.durations[this.next] = ms;
    this.next = (this.next + 1) % this.capacity;
    this.count = Math.min(this.count + 1, this.capacity);
  }

  summary(): { p50: number | null; p95: number | null; count: number } {
    const sorted = Array.from(this.durations.subarray(0, this.count)).sort((a, b) => a - b);
    const round = (value: number | null) => (value === null ? null : Math.round(value * 100) / 100);
    return { p50: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)), count: this.count };
  }
}

/**
 * Records every answered request's duration. The stream's upgrade is left out: its "response" lasts
 * as long as the socket, which is not a latency.
 */
export function recordRequestLatency(app: FastifyInstance, recorder: LatencyRecorder): void {
  app.addHook('onResponse', (request, reply, done) => {
    if (!request.headers.upgrade) recorder.record(reply.elapsedTime);
    done();
  });
}
