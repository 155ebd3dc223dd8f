import { Redis } from 'ioredis';
import { testRedisUrl, uniqueRedisPrefix } from './redis';

describe('uniqueRedisPrefix', () => {
  it('carries the test name and differs on every call', () => {
    const first = uniqueRedisPrefix('halt propagation');
    const second = uniqueRedisPrefix('halt propagation');
    expect(first).toMatch(/^test:halt-propagation:\d+:[0-9a-f]{12}:$/);
    expect(second).not.toBe(first);
  });

  it('keeps the keys of two tests apart on one Redis', async () => {
    const a = uniqueRedisPrefix('a');
    const b = uniqueRedisPrefix('b');
    const clientA = new Redis(testRedisUrl(), { keyPrefix: a });
    const clientB = new Redis(testRedisUrl(), { keyPrefix: b });
    const raw = new Redis(testRedisUrl());
    try {
      await clientA.set('sign-in-attempts', '3');
      await clientB.set('sign-in-attempts', '9');

      expect(await clientA.get('sign-in-attempts')).toBe('3');
      expect(await clientB.get('sign-in-attempts')).toBe('9');
      expect(await raw.get(`${a}sign-in-attempts`)).toBe('3');
    } finally {
      await raw.del(`${a}sign-in-attempts`, `${b}sign-in-attempts`);
      await Promise.all([clientA.quit(), clientB.quit(), raw.quit()]);
    }
  });
});

describe('testRedisUrl', () => {
  it('says how to get a Redis when TEST_REDIS_URL is not set', () => {
    const saved = process.env.TEST_REDIS_URL;
    delete process.env.TEST_REDIS_URL;
    try {
      expect(testRedisUrl).toThrow(/TEST_REDIS_URL is not set: run the tests with `npm test`/);
    } finally {
      if (saved !== undefined) process.env.TEST_REDIS_URL = saved;
    }
  });
});
