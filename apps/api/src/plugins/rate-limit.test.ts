import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Redis } from 'ioredis';
import { buildApp } from '../app';
import type { Config } from '../config';
import { connectRedis } from '../lib/rate-limiter';
import { createUser, DEFAULT_TEST_PASSWORD, freshDatabase, testConfig } from '../test/helpers';

import { testRedisUrl } from '../test/redis';

const TEST_REDIS_URL = await testRedisUrl();
const runPrefix = `fics-test:${randomUUID()}:`;

/** An app on a fresh database, its rate-limit keys under this run's own Redis prefix. */
async function start(overrides: Partial<Config>) {
  const { database, drop } = await freshDatabase();
  const app = await buildApp({
    config: testConfig(overrides),
    database,
    logger: false,
    rateLimit: { redisPrefix: runPrefix },
  });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await drop();
    },
  };
}

describe('rate limits', () => {
  it('answers a flood from one address with 429 in the one error shape', async () => {
    const { app, close } = await start({ httpRateLimitPerMinute: 5 });
    try {
      for (let i = 0; i < 5; i += 1) {
        const res = await app.inject({ method: 'GET', url: '/api/v1/health', remoteAddress: '10.3.0.1' });
        expect(res.statusCode).toBe(200);
      }
      const flooded = await app.inject({ method: 'GET', url: '/api/v1/roles', remoteAddress: '10.3.0.1' });
      expect(flooded.statusCode).toBe(429);
      expect(flooded.json()).toEqual({
        type: 'RATE_LIMITED',
        message: 'Demasiados intentos, espera unos minutos e inténtalo de nuevo',
      });
      expect(Number(flooded.headers['retry-after'])).toBeGreaterThan(0);
      const other = await app.inject({ method: 'GET', url: '/api/v1/health', remoteAddress: '10.3.0.2' });
      expect(other.statusCode).toBe(200);
    } finally {
      await close();
    }
  });
});

// Redis-backed: see test/redis.ts for when these run.
describe.runIf(TEST_REDIS_URL)('rate limits shared through Redis', () => {
  let redis: Redis;
  // Connect only when the suite runs: a skipped suite's body is still collected.
  beforeAll(() => {
    redis = connectRedis(TEST_REDIS_URL!);
  });
  afterAll(async () => {
    const keys = await redis.keys(`${runPrefix}*`);
    if (keys.length > 0) {
      await redis.del(...keys);
    }
    await redis.quit();
  });

  it('shares the flood limit between instances through Redis', async () => {
    const a = await start({ httpRateLimitPerMinute: 4, redisUrl: TEST_REDIS_URL! });
    const b = await start({ httpRateLimitPerMinute: 4, redisUrl: TEST_REDIS_URL! });
    try {
      for (const app of [a.app, b.app, a.app, b.app]) {
        const res = await app.inject({ method: 'GET', url: '/api/v1/health', remoteAddress: '10.3.1.1' });
        expect(res.statusCode).toBe(200);
      }
      const res = await a.app.inject({ method: 'GET', url: '/api/v1/health', remoteAddress: '10.3.1.1' });
      expect(res.statusCode).toBe(429);
      expect(res.json().type).toBe('RATE_LIMITED');
      expect((await redis.keys(`${runPrefix}http:*`)).length).toBeGreaterThan(0);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('counts failed logins of an account in Redis, so every instance refuses it', async () => {
    const email = `compartida-${randomUUID().slice(0, 8)}@fics.test`;
    const a = await start({ redisUrl: TEST_REDIS_URL! });
    const b = await start({ redisUrl: TEST_REDIS_URL! });
    try {
      await createUser(b.app, { role: 'STUDENT', email });
      for (let i = 0; i < 10; i += 1) {
        const res = await a.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: { email, password: `intento-${i}` },
        });
        expect(res.statusCode).toBe(401);
      }
      expect((await redis.keys(`${runPrefix}rl:login:account:*`)).length).toBeGreaterThan(0);
      const locked = await b.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email, password: DEFAULT_TEST_PASSWORD },
      });
      expect(locked.statusCode).toBe(429);
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
