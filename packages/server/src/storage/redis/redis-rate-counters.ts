import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { RateCounters, RateVerdict } from '../../core/ports/rate-counters';

/**
 * One atomic sliding-window hit: a sorted set of allowed hits scored by time. Trim what left the
 * window, count, add only when there is room, and say when the oldest hit that blocks will leave.
 * Time is Redis's own clock unless the caller passes one, so instances with skewed clocks agree.
 */
const HIT_SCRIPT = `
local key = KEYS[1]
local window = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
local now = tonumber(ARGV[3])
-- Trimming by score decides what counts; the expiry only frees an idle key. It runs on Redis's own
-- time, so when the caller brings its own clock the key outlives the window by a margin: a caller
-- whose clock stands still or lags never has hits that still count expire under it.
local ttl = window
if now ~= nil then ttl = window + 600000 end
if now == nil then
  local t = redis.call('TIME')
  now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
local count = redis.call('ZCARD', key)
if count < limit then
  redis.call('ZADD', key, now, ARGV[4])
  redis.call('PEXPIRE', key, ttl)
  return {1, limit - count - 1, 0}
end
local blocking = redis.call('ZRANGE', key, count - limit, count - limit, 'WITHSCORES')
local wait = tonumber(blocking[2]) + window - now
if wait < 1 then wait = 1 end
return {0, 0, wait}
`;

type HitReply = [number, number, number];
type ScriptedRedis = Redis & {
  rateLimitHit(key: string, windowMs: number, limit: number, now: string, member: string): Promise<HitReply>;
};

export interface RedisRateCountersOptions {
  /** Prepended to every key, so several deployments (or tests) share one Redis. */
  prefix: string;
  /** Tests pass a clock; production leaves it out and Redis's TIME decides. */
  now?: () => number;
}

/** Sliding-window counters in Redis, shared by every instance on it. Uses, never closes, the connection. */
export class RedisRateCounters implements RateCounters {
  private readonly redis: ScriptedRedis;
  private readonly memberPrefix = randomUUID();
  private sequence = 0;

  constructor(
    redis: Redis,
    private readonly options: RedisRateCountersOptions,
  ) {
    if (!('rateLimitHit' in redis)) redis.defineCommand('rateLimitHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
    this.redis = redis as ScriptedRedis;
  }

  async hit(key: string, windowMs: number, limit: number): Promise<RateVerdict> {
    const now = this.options.now ? String(this.options.now()) : '';
    // Members must differ even for hits in the same millisecond, from any instance.
    const member = `${this.memberPrefix}:${++this.sequence}`;
    const [allowed, remaining, retryAfterMs] = await this.redis.rateLimitHit(
      this.keyOf(key),
      windowMs,
      limit,
      now,
      member,
    );
    return { allowed: allowed === 1, remaining, retryAfterMs };
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.keyOf(key));
  }

  private keyOf(key: string): string {
    return `${this.options.prefix}rate:${key}`;
  }
}
