import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Redis } from 'ioredis';
import { buildApp } from '../app';
import type { Config } from '../config';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema';
import { connectRedis } from '../lib/rate-limiter';
import { authHeader, createUser, DEFAULT_TEST_PASSWORD, freshDatabase, testConfig } from '../test/helpers';

import { testRedisUrl } from '../test/redis';

const TEST_REDIS_URL = await testRedisUrl();
const runPrefix = `fics-test:${randomUUID()}:`;

const limits = (perUserPerMinute: number, perAddressPerMinute: number): Partial<Config> => ({
  rateLimits: { perUserPerMinute, perAddressPerMinute },
});

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

const rateLimitedBody = {
  type: 'RATE_LIMITED',
  message: 'Demasiados intentos, espera unos minutos e inténtalo de nuevo',
};

describe('request limits', () => {
  it('answers a flood from one address with 429 in the one error shape, other addresses unaffected', async () => {
    const { app, close } = await start(limits(0, 5));
    try {
      for (let i = 0; i < 5; i += 1) {
        const res = await app.inject({ method: 'GET', url: '/api/v1/health', remoteAddress: '10.3.0.1' });
        expect(res.statusCode).toBe(200);
      }
      const flooded = await app.inject({ method: 'GET', url: '/api/v1/roles', remoteAddress: '10.3.0.1' });
      expect(flooded.statusCode).toBe(429);
      expect(flooded.json()).toEqual(rateLimitedBody);
      expect(Number(flooded.headers['retry-after'])).toBeGreaterThan(0);
      const other = await app.inject({ method: 'GET', url: '/api/v1/health', remoteAddress: '10.3.0.2' });
      expect(other.statusCode).toBe(200);
    } finally {
      await close();
    }
  });

  it('counts an IPv6 client by its /64: new addresses in it share one count', async () => {
    const { app, close } = await start(limits(0, 3));
    try {
      for (let i = 1; i <= 3; i += 1) {
        const res = await app.inject({
          method: 'GET',
          url: '/api/v1/health',
          remoteAddress: `2001:db8:1:2::${i}`,
        });
        expect(res.statusCode).toBe(200);
      }
      const sameNetwork = await app.inject({
        method: 'GET',
        url: '/api/v1/health',
        remoteAddress: '2001:db8:1:2:aaaa:bbbb:cccc:dddd',
      });
      expect(sameNetwork.statusCode).toBe(429);
      const otherNetwork = await app.inject({
        method: 'GET',
        url: '/api/v1/health',
        remoteAddress: '2001:db8:1:3::1',
      });
      expect(otherNetwork.statusCode).toBe(200);
    } finally {
      await close();
    }
  });

  it('limits a signed-in user wherever they come from, and not their classmates behind the same address', async () => {
    const { app, close } = await start(limits(4, 0));
    try {
      const busy = await authHeader(app, await createUser(app, { role: 'STUDENT' }));
      const classmate = await authHeader(app, await createUser(app, { role: 'STUDENT' }));
      for (let i = 0; i < 4; i += 1) {
        const res = await app.inject({
          method: 'GET',
          url: '/api/v1/auth/me',
          headers: busy,
          remoteAddress: `10.4.0.${i + 1}`,
        });
        expect(res.statusCode).toBe(200);
      }
      const limited = await app.inject({
        method: 'GET',
        url: '/api/v1/auth/me',
        headers: busy,
        remoteAddress: '10.4.1.1',
      });
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual(rateLimitedBody);
      const other = await app.inject({
        method: 'GET',
        url: '/api/v1/auth/me',
        headers: classmate,
        remoteAddress: '10.4.0.1',
      });
      expect(other.statusCode).toBe(200);
      // Visitors behind that address are not counted per user.
      const visitor = await app.inject({ method: 'GET', url: '/api/v1/roles', remoteAddress: '10.4.0.1' });
      expect(visitor.statusCode).toBe(200);
    } finally {
      await close();
    }
  });

  it('lets a school of 1,000 signed-in students behind one address work with the default limits', async () => {
    const { perUserPerMinute, perAddressPerMinute } = { perUserPerMinute: 600, perAddressPerMinute: 30_000 };
    const { app, close } = await start(limits(perUserPerMinute, perAddressPerMinute));
    try {
      // A class of 30 opening the site at once, 20 requests each, plus every other student's 25
      // requests of that minute counted on the same address first.
      for (let i = 0; i < 970 * 25; i += 1) {
        await app.rateLimiter.hit('http:address:10.5.0.1', perAddressPerMinute, 60_000);
      }
      const classroom = [];
      for (let i = 0; i < 30; i += 1) {
        classroom.push(await authHeader(app, await createUser(app, { role: 'STUDENT' })));
      }
      const answers = [];
      for (const headers of classroom) {
        for (let i = 0; i < 20; i += 1) {
          answers.push(
            (await app.inject({ method: 'GET', url: '/api/v1/auth/me', headers, remoteAddress: '10.5.0.1' }))
              .statusCode,
          );
        }
      }
      expect(answers.every((status) => status === 200)).toBe(true);
    } finally {
      await close();
    }
  });

  it('believes X-Forwarded-For only from the proxies TRUST_PROXY names', async () => {
    const { app, close } = await start({ ...limits(0, 2), trustProxy: ['10.7.0.0/24'] });
    const get = (remoteAddress: string, forwardedFor: string) =>
      app.inject({
        method: 'GET',
        url: '/api/v1/health',
        remoteAddress,
        headers: { 'x-forwarded-for': forwardedFor },
      });
    try {
      // Through the proxy, each client is counted by its own address.
      expect((await get('10.7.0.1', '198.51.100.1')).statusCode).toBe(200);
      expect((await get('10.7.0.2', '198.51.100.1')).statusCode).toBe(200);
      expect((await get('10.7.0.1', '198.51.100.1')).statusCode).toBe(429);
      expect((await get('10.7.0.1', '198.51.100.2')).statusCode).toBe(200);
      // A client talking to us directly cannot pick a new address for each request.
      for (let i = 0; i < 2; i += 1) {
        expect((await get('203.0.113.5', `198.51.100.${10 + i}`)).statusCode).toBe(200);
      }
      expect((await get('203.0.113.5', '198.51.100.99')).statusCode).toBe(429);
    } finally {
      await close();
    }
  });

  it('does not count the web app’s hashed assets', async () => {
    const { app, close } = await start(limits(0, 2));
    try {
      for (let i = 0; i < 5; i += 1) {
        const res = await app.inject({
          method: 'GET',
          url: '/assets/no-existe.js',
          remoteAddress: '10.6.0.1',
        });
        expect(res.statusCode).toBe(404);
      }
      const res = await app.inject({ method: 'GET', url: '/api/v1/health', remoteAddress: '10.6.0.1' });
      expect(res.statusCode).toBe(200);
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
    const a = await start({ ...limits(0, 4), redisUrl: TEST_REDIS_URL! });
    const b = await start({ ...limits(0, 4), redisUrl: TEST_REDIS_URL! });
    try {
      for (const app of [a.app, b.app, a.app, b.app]) {
        const res = await app.inject({ method: 'GET', url: '/api/v1/health', remoteAddress: '10.3.1.1' });
        expect(res.statusCode).toBe(200);
      }
      const res = await a.app.inject({ method: 'GET', url: '/api/v1/health', remoteAddress: '10.3.1.1' });
      expect(res.statusCode).toBe(429);
      expect(res.json().type).toBe('RATE_LIMITED');
      expect((await redis.keys(`${runPrefix}rl:http:address:*`)).length).toBeGreaterThan(0);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('counts failed logins of an account in Redis, so every instance refuses it from that address', async () => {
    const email = `compartida-${randomUUID().slice(0, 8)}@fics.test`;
    const a = await start({ redisUrl: TEST_REDIS_URL! });
    const b = await start({ redisUrl: TEST_REDIS_URL! });
    try {
      // One account as two instances see it in their one database: the same row, the same hash.
      await createUser(b.app, { role: 'STUDENT', email });
      await createUser(a.app, { role: 'STUDENT', email });
      const [row] = await b.app.db
        .select({ hash: users.passwordHash })
        .from(users)
        .where(eq(users.email, email));
      await a.app.db.update(users).set({ passwordHash: row!.hash }).where(eq(users.email, email));
      for (let i = 0; i < 10; i += 1) {
        const res = await a.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: { email, password: `intento-${i}` },
          remoteAddress: '10.3.2.1',
        });
        expect(res.statusCode).toBe(401);
      }
      expect((await redis.keys(`${runPrefix}rl:login:account-address:*`)).length).toBeGreaterThan(0);
      const locked = await b.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email, password: DEFAULT_TEST_PASSWORD },
        remoteAddress: '10.3.2.1',
      });
      expect(locked.statusCode).toBe(429);
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
