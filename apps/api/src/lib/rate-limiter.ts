import type * as IORedis from 'ioredis';
import type { Redis } from 'ioredis';
import { lazyRequire } from './lazy-require';

/** Loaded only with REDIS_URL, when the connection opens (lazy-require.ts). */
const ioredis = lazyRequire<typeof IORedis>('ioredis');

export interface RateLimitResult {
  /** False once the key has been hit more than `limit` times in its window. */
  allowed: boolean;
  /** Hits counted in the current window. */
  count: number;
  /** Milliseconds until the window ends (0 when nothing is counted). */
  retryAfterMs: number;
}

/**
 * Fixed-window counters for the limits the HTTP-level limiter cannot express (failed logins per
 * account, recovery requests per e-mail). Windows start at a key's first hit and are never extended.
 */
export interface RateLimiter {
  /** Counts one hit and says whether it is within `limit` hits per `windowMs`. */
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult>;
  /** Reads a key without counting: whether one more hit would still be allowed. */
  peek(key: string, limit: number): Promise<RateLimitResult>;
  /** Forgets a key (a successful login clears that account's failures). */
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

interface Window {
  count: number;
  endsAt: number;
}

/** One process only: counters live in this process's memory. */
export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, Window>();
  private lastSweep = 0;

  constructor(private readonly clock: () => number = Date.now) {}

  async hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
    const now = this.clock();
    this.sweep(now);
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      window = { count: 0, endsAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { allowed: window.count <= limit, count: window.count, retryAfterMs: window.endsAt - now };
  }

  async peek(key: string, limit: number): Promise<RateLimitResult> {
    const now = this.clock();
    const window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      return { allowed: limit > 0, count: 0, retryAfterMs: 0 };
    }
    return { allowed: window.count < limit, count: window.count, retryAfterMs: window.endsAt - now };
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  async close(): Promise<void> {
    this.windows.clear();
  }

  /** Drops ended windows now and then, so memory stays bounded by the keys of the last window. */
  private sweep(now: number): void {
    if (now - this.lastSweep < 60_000) {
      return;
    }
    this.lastSweep = now;
    for (const [key, window] of this.windows) {
      if (window.endsAt <= now) {
        this.windows.delete(key);
      }
    }
  }
}

/** Opens the shared Redis connection; commands fail fast instead of queueing while Redis is away. */
export function connectRedis(url: string): Redis {
  const redis = new (ioredis().Redis)(url, {
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    commandTimeout: 1000,
  });
  // Connection errors are reported per command; an unhandled 'error' event would crash the process.
  redis.on('error', () => undefined);
  return redis;
}

/**
 * Counters shared by every instance. A window is created with SET NX PX and counted with INCR in one
 * MULTI, so concurrent hits on several instances are all counted and the expiry is set exactly once.
 * While Redis cannot be reached, this instance counts in memory instead of failing the request.
 */
export class RedisRateLimiter implements RateLimiter {
  private readonly prefix: string;
  private readonly onError: (error: unknown) => void;
  private readonly fallback = new MemoryRateLimiter();

  constructor(
    private readonly redis: Redis,
    options: { prefix?: string; onError?: (error: unknown) => void } = {},
  ) {
    this.prefix = options.prefix ?? 'fics:rl:';
    this.onError = options.onError ?? (() => undefined);
  }

  hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
    return this.guard(
      async () => {
        const k = this.prefix + key;
        const replies = await this.redis.multi().set(k, '0', 'PX', windowMs, 'NX').incr(k).pttl(k).exec();
        const count = Number(reply(replies, 1));
        const ttl = Number(reply(replies, 2));
        return { allowed: count <= limit, count, retryAfterMs: ttl > 0 ? ttl : windowMs };
      },
      () => this.fallback.hit(key, limit, windowMs),
    );
  }

  peek(key: string, limit: number): Promise<RateLimitResult> {
    return this.guard(
      async () => {
        const k = this.prefix + key;
        const replies = await this.redis.multi().get(k).pttl(k).exec();
        const raw = reply(replies, 0);
        const count = raw === null ? 0 : Number(raw);
        const ttl = Number(reply(replies, 1));
        return { allowed: count < limit, count, retryAfterMs: count > 0 && ttl > 0 ? ttl : 0 };
      },
      () => this.fallback.peek(key, limit),
    );
  }

  async reset(key: string): Promise<void> {
    await this.fallback.reset(key);
    await this.guard(
      async () => {
        await this.redis.del(this.prefix + key);
      },
      async () => undefined,
    );
  }

  /** The connection belongs to whoever opened it (the app closes it once, on shutdown). */
  async close(): Promise<void> {
    await this.fallback.close();
  }

  private async guard<T>(primary: () => Promise<T>, fallback: () => Promise<T>): Promise<T> {
    // While the connection is known to be down, do not wait for each command to time out.
    if (['reconnecting', 'close', 'end'].includes(this.redis.status)) {
      return fallback();
    }
    try {
      return await primary();
    } catch (error) {
      this.onError(error);
      return fallback();
    }
  }
}

function reply(replies: [Error | null, unknown][] | null, index: number): unknown {
  const entry = replies?.[index];
  if (!entry) {
    throw new Error('Redis MULTI was aborted');
  }
  if (entry[0]) {
    throw entry[0];
  }
  return entry[1];
}
