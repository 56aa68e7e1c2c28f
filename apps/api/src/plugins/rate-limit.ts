import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { rateLimited } from '../lib/errors';
import { connectRedis, MemoryRateLimiter, RedisRateLimiter, type RateLimiter } from '../lib/rate-limiter';

declare module 'fastify' {
  interface FastifyInstance {
    /** Counters for per-account and per-IP limits (Redis when REDIS_URL is set, else memory). */
    rateLimiter: RateLimiter;
  }
}

export interface RateLimitPluginOptions {
  /** Use this limiter instead of building one from the configuration. */
  limiter?: RateLimiter;
  /** Prefix of every Redis key (tests use one per run so counters never leak between runs). */
  redisPrefix?: string;
}

/**
 * Two layers: a generous per-IP limit on every request (@fastify/rate-limit) so floods get 429, and
 * `app.rateLimiter` for the tight limits a route applies itself (failed logins, recovery requests).
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance, opts: RateLimitPluginOptions) => {
    const prefix = opts.redisPrefix ?? 'fics:';
    let redis: Redis | undefined;
    if (app.config.redisUrl && !opts.limiter) {
      redis = connectRedis(app.config.redisUrl);
      const connection = redis;
      app.addHook('onClose', async () => {
        await connection.quit().catch(() => connection.disconnect());
      });
    }
    const limiter =
      opts.limiter ??
      (redis
        ? new RedisRateLimiter(redis, {
            prefix: `${prefix}rl:`,
            onError: (error) =>
              app.log.warn({ err: error }, 'Redis no responde: límites contados en memoria'),
          })
        : new MemoryRateLimiter());
    app.decorate('rateLimiter', limiter);
    app.addHook('onClose', async () => {
      await limiter.close();
    });

    const perMinute = app.config.httpRateLimitPerMinute;
    if (perMinute > 0) {
      await app.register(rateLimit, {
        global: true,
        max: perMinute,
        timeWindow: 60_000,
        ...(redis ? { redis, nameSpace: `${prefix}http:` } : {}),
        // A Redis outage must not take the API down with it.
        skipOnError: true,
        errorResponseBuilder: (_request, context) => rateLimited(context.ttl / 1000),
      });
    }
  },
  { name: 'rate-limit', dependencies: ['context'] },
);
