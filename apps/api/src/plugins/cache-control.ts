import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * How long a browser or a shared cache (a school's proxy, the browser of a shared computer) may keep
 * a route's answer. A route without `config.cache` is never kept.
 */
export type CachePolicy =
  /** The same answer for everybody: `public, max-age=<seconds>`. */
  | { public: number }
  /**
   * The same answer for every visitor (no Authorization header): `public, max-age=<seconds>`; with a
   * token the answer is the caller's own, `private, no-store`. `Vary: Authorization` either way.
   */
  | { visitors: number }
  /** The handler sets Cache-Control itself (media: by what the image is); if it does not, `no-store`. */
  | 'handler';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's allowance to be cached (plugins/cache-control.ts); absent: `no-store`. */
    cache?: CachePolicy;
  }
}

export const NO_STORE = 'no-store';
export const PRIVATE_NO_STORE = 'private, no-store';

function isApi(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return path === '/api' || path.startsWith('/api/');
}

function addVary(reply: FastifyReply, field: string): void {
  const current = reply.getHeader('vary');
  const fields = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((value) => value.trim())
    .filter((value) => value !== '');
  if (fields.includes('*') || fields.some((value) => value.toLowerCase() === field.toLowerCase())) {
    return;
  }
  void reply.header('vary', [...fields, field].join(', '));
}

function cacheControlOf(request: FastifyRequest, reply: FastifyReply): string | undefined {
  // An error (ours, Fastify's 404 or 400, a limit's 413 or 429), from any route, is never kept.
  if (reply.statusCode >= 400) {
    return NO_STORE;
  }
  // The web app's page and files set their own (web-shell.ts).
  if (!isApi(request.url)) {
    return undefined;
  }
  const policy = request.routeOptions.config.cache;
  if (policy === undefined) {
    return NO_STORE;
  }
  if (policy === 'handler') {
    return reply.hasHeader('cache-control') ? undefined : NO_STORE;
  }
  if ('public' in policy) {
    return `public, max-age=${policy.public}`;
  }
  addVary(reply, 'Authorization');
  return request.headers.authorization === undefined
    ? `public, max-age=${policy.visitors}`
    : PRIVATE_NO_STORE;
}

/**
 * One rule for caching (README, "Caching"): every API answer is `Cache-Control: no-store` except
 * the routes that allow more in their `config.cache` (the public lists, media), and every error,
 * wherever it comes from, is `no-store`. A login, /auth/me or a list of users is then never kept
 * by a shared computer's browser or a proxy.
 */
export const cacheControlPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onSend', async (request, reply, payload) => {
      const value = cacheControlOf(request, reply);
      if (value !== undefined) {
        void reply.header('cache-control', value);
      }
      return payload;
    });
  },
  { name: 'cache-control' },
);
