import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

/** The development Redis the cross-instance tests run against; `npm test` starts one and exports it. */
export function testRedisUrl(): string {
  const url = process.env.TEST_REDIS_URL;
  if (!url) throw new Error('TEST_REDIS_URL is not set: start a Redis 7 and export redis://host:port.');
  return url;
}

/** A key prefix no other test or run shares, so tests on one Redis never see each other's keys. */
export const uniqueRedisPrefix = (label: string) => `test:${label}:${randomUUID()}:`;

/** Deletes every key under `prefix` (the counters' sorted sets), then closes its connection. */
export async function dropRedisPrefix(prefix: string): Promise<void> {
  const redis = new Redis(testRedisUrl());
  try {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    await redis.quit();
  }
}

/** Resolves on the next call of the returned callback: await an event that arrives on its own time. */
export function nextCall<T>(): { callback: (value: T) => void; called: Promise<T> } {
  let callback: (value: T) => void = () => {};
  const called = new Promise<T>((resolve) => {
    callback = resolve;
  });
  return { callback: (value) => callback(value), called };
}
