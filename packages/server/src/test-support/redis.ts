import { randomBytes } from 'node:crypto';

/** The Redis tests are given (npm test, or jest's global setup, starts one); never silently skipped. */
export function testRedisUrl(): string {
  const url = process.env.TEST_REDIS_URL;
  if (!url) {
    throw new Error(
      'TEST_REDIS_URL is not set: run the tests with `npm test` or `pnpm exec jest` (both start a Redis), ' +
        'or set it to a Redis this test may write to, e.g. redis://127.0.0.1:6379',
    );
  }
  return url;
}

/**
 * A key prefix no other test shares (one Redis serves every jest worker and parallel runs): pass it
 * as ioredis's `keyPrefix` or put it in front of channel names. Ends with ':'.
 */
export function uniqueRedisPrefix(name: string): string {
  const label = name.replace(/[^A-Za-z0-9_-]+/g, '-').slice(0, 40);
  return `test:${label}:${process.pid}:${randomBytes(6).toString('hex')}:`;
}
