import type { RateCounters, RateVerdict } from '../../core/ports/rate-counters';

/**
 * Sliding-window counters in this process's memory: the same rule as the Redis script
 * (storage/redis/rate-limit.lua), a log of allowed hits per key, on an injectable clock.
 */
export class MemoryRateCounters implements RateCounters {
  private readonly hits = new Map<string, number[]>();

  constructor(private readonly now: () => number = Date.now) {}

  async hit(key: string, windowMs: number, limit: number): Promise<RateVerdict> {
    const now = this.now();
    // A hit made at t counts until t + windowMs, exclusive: the same edge as the order throttle's.
    const log = (this.hits.get(key) ?? []).filter((at) => at + windowMs > now);
    this.hits.set(key, log);
    if (log.length < limit) {
      log.push(now);
      return { allowed: true, remaining: limit - log.length, retryAfterMs: 0 };
    }
    const freedBy = log[log.length - limit]!;
    return { allowed: false, remaining: 0, retryAfterMs: Math.max(1, freedBy + windowMs - now) };
  }

  async reset(key: string): Promise<void> {
    this.hits.delete(key);
  }
}
