import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Redis } from 'ioredis';
import { connectRedis, MemoryRateLimiter, RedisRateLimiter, type RateLimiter } from './rate-limiter';
import { testRedisUrl } from '../test/redis';

const TEST_REDIS_URL = await testRedisUrl();

/** The behaviour both implementations share. */
function limiterContract(name: string, make: () => RateLimiter) {
  describe(name, () => {
    it('allows `limit` hits in a window, then refuses with the time left', async () => {
      const limiter = make();
      for (let i = 1; i <= 3; i += 1) {
        const result = await limiter.hit('k', 3, 60_000);
        expect(result).toMatchObject({ allowed: true, count: i });
      }
      const refused = await limiter.hit('k', 3, 60_000);
      expect(refused.allowed).toBe(false);
      expect(refused.count).toBe(4);
      expect(refused.retryAfterMs).toBeGreaterThan(55_000);
      expect(refused.retryAfterMs).toBeLessThanOrEqual(60_000);
    });

    it('keeps keys apart', async () => {
      const limiter = make();
      await limiter.hit('a', 1, 60_000);
      expect((await limiter.hit('a', 1, 60_000)).allowed).toBe(false);
      expect((await limiter.hit('b', 1, 60_000)).allowed).toBe(true);
    });

    it('peeks without counting', async () => {
      const limiter = make();
      expect(await limiter.peek('p', 2)).toEqual({ allowed: true, count: 0, retryAfterMs: 0 });
      await limiter.hit('p', 2, 60_000);
      expect(await limiter.peek('p', 2)).toMatchObject({ allowed: true, count: 1 });
      await limiter.hit('p', 2, 60_000);
      const full = await limiter.peek('p', 2);
      expect(full).toMatchObject({ allowed: false, count: 2 });
      expect(full.retryAfterMs).toBeGreaterThan(0);
      expect((await limiter.peek('p', 2)).count).toBe(2);
    });

    it('forgets a key on reset', async () => {
      const limiter = make();
      await limiter.hit('r', 1, 60_000);
      await limiter.hit('r', 1, 60_000);
      await limiter.reset('r');
      expect(await limiter.hit('r', 1, 60_000)).toMatchObject({ allowed: true, count: 1 });
    });

    it('starts a new window when the old one ends, and never extends a window', async () => {
      const limiter = make();
      await limiter.hit('w', 1, 300);
      await sleep(150);
      // A refused hit does not push the end of the window further.
      expect((await limiter.hit('w', 1, 300)).allowed).toBe(false);
      await sleep(200);
      expect(await limiter.hit('w', 1, 300)).toMatchObject({ allowed: true, count: 1 });
    });

    it('counts every one of many simultaneous hits', async () => {
      const limiter = make();
      const results = await Promise.all(Array.from({ length: 30 }, () => limiter.hit('c', 10, 60_000)));
      expect(results.filter((r) => r.allowed)).toHaveLength(10);
      expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 30 }, (_, i) => i + 1),
      );
    });
  });
}

limiterContract('MemoryRateLimiter', () => new MemoryRateLimiter());

// Redis-backed: see test/redis.ts for when these run.
describe.runIf(TEST_REDIS_URL)('with Redis', () => {
  let redis: Redis;
  // Connect only when the suite runs: a skipped suite's body is still collected.
  beforeAll(() => {
    redis = connectRedis(TEST_REDIS_URL!);
  });
  const runPrefix = `fics-test:${randomUUID()}:`;
  let instance = 0;
  limiterContract(
    'RedisRateLimiter',
    () => new RedisRateLimiter(redis, { prefix: `${runPrefix}${++instance}:` }),
  );

  describe('RedisRateLimiter across instances and outages', () => {
    afterAll(async () => {
      const keys = await redis.keys(`${runPrefix}*`);
      if (keys.length > 0) {
        await redis.del(...keys);
      }
      await redis.quit();
    });

    it('shares counters between two instances (two connections, one prefix)', async () => {
      const second = connectRedis(TEST_REDIS_URL!);
      try {
        const prefix = `${runPrefix}shared:`;
        const a = new RedisRateLimiter(redis, { prefix });
        const b = new RedisRateLimiter(second, { prefix });
        await a.hit('login', 2, 60_000);
        await b.hit('login', 2, 60_000);
        expect((await a.hit('login', 2, 60_000)).allowed).toBe(false);
        expect(await redis.pttl(`${prefix}login`)).toBeGreaterThan(0);
      } finally {
        await second.quit();
      }
    });

    it('counts in memory, and reports it, while Redis cannot be reached', async () => {
      const unreachable = connectRedis('redis://127.0.0.1:1');
      const errors: unknown[] = [];
      const limiter = new RedisRateLimiter(unreachable, {
        prefix: runPrefix,
        onError: (e) => errors.push(e),
      });
      try {
        expect((await limiter.hit('x', 1, 60_000)).allowed).toBe(true);
        expect((await limiter.hit('x', 1, 60_000)).allowed).toBe(false);
        expect((await limiter.peek('x', 1)).allowed).toBe(false);
        await limiter.reset('x');
        expect((await limiter.hit('x', 1, 60_000)).allowed).toBe(true);
        expect(errors.length).toBeGreaterThan(0);
      } finally {
        unreachable.disconnect();
      }
    });
  });
});
