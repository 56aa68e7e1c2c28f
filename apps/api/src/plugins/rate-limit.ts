import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { addressKey } from '../lib/client-address';
import { rateLimited } from '../lib/errors';
import { connectRedis, MemoryRateLimiter, RedisRateLimiter, type RateLimiter } from '../lib/rate-limiter';

declare module 'fastify' {
  interface FastifyInstance {
    /** Counters for per-account, per-user and per-address limits (Redis when REDIS_URL is set, else memory). */
    rateLimiter: RateLimiter;
  }
}

export interface RateLimitPluginOptions {
  /** Use this limiter instead of building one from the configuration. */
  limiter?: RateLimiter;
  /** Prefix of every Redis key (tests use one per run so counters never leak between runs). */
  redisPrefix?: string;
}

const ONE_MINUTE = 60_000;

/**
 * The web app's hashed scripts, styles and fonts: cached by browsers for a year and sent from disk
 * as they are, so a class opening the site at once is not a flood.
 */
const isStaticAsset = (request: FastifyRequest) =>
  request.method === 'GET' && request.url.startsWith('/assets/');

/**
 * Request limits sized for schools, where a whole school reaches us through one address:
 * - every signed-in user gets `perUserPerMinute` requests a minute, wherever they come from;
 * - every client address (an IPv6 client by its /64) gets `perAddressPerMinute`, signed in or not:
 *   a ceiling against floods, high enough for a school of 1,000 working at once.
 * The tight limits of single routes (failed logins, recovery requests, comments) use
 * `app.rateLimiter` themselves.
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

    const { perUserPerMinute, perAddressPerMinute } = app.config.rateLimits;
    if (perUserPerMinute === 0 && perAddressPerMinute === 0) {
      return;
    }
    app.addHook('onRequest', async (request) => {
      if (isStaticAsset(request)) {
        return;
      }
      if (perAddressPerMinute > 0) {
        const byAddress = await limiter.hit(
          `http:address:${addressKey(request.ip)}`,
          perAddressPerMinute,
          ONE_MINUTE,
        );
        if (!byAddress.allowed) {
          throw rateLimited(byAddress.retryAfterMs / 1000);
        }
      }
      if (perUserPerMinute > 0) {
        // A valid token names its user; a bad one is refused later by the route (401), counted by address.
        const claims = await app.accessClaims(request);
        if (claims) {
          const byUser = await limiter.hit(`http:user:${claims.userId}`, perUserPerMinute, ONE_MINUTE);
          if (!byUser.allowed) {
            throw rateLimited(byUser.retryAfterMs / 1000);
          }
        }
      }
    });
  },
  { name: 'rate-limit', dependencies: ['context', 'auth'] },
);
