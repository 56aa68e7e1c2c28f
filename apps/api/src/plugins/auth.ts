import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { RoleName } from '@fics/contracts';
import { roles, sessions, users } from '../db/schema';
import { forbidden, unauthorized } from '../lib/errors';
import { verifyAccessToken, type AccessClaims, type VerifiedAccess } from '../lib/jwt';
import { openSignedInCache, type SignedInCache } from './signed-in-cache';

/** Who is calling, as established from a valid access token and a live session. */
export interface Actor {
  userId: string;
  sessionId: string;
  role: RoleName;
}

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyInstance {
    /**
     * What signed-in requests read again and again about their user, kept on the embedded database
     * and dropped at commit of any change (signed-in-cache.ts); a pass-through on a server.
     */
    signedInCache: SignedInCache;
    /**
     * The verified claims of the request's bearer token (signature and expiry only, no session
     * lookup), or null; verified once per request whoever asks first (the rate limit or the route).
     */
    accessClaims: (request: FastifyRequest) => Promise<AccessClaims | null>;
    /** preHandler: refuses with 401 unless a valid token of a live session is presented. */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /**
     * preHandler of public routes whose answer depends on who asks: no token → a visitor (actor null);
     * a token that is bad or expired → 401, so the client refreshes it instead of seeing the public view.
     */
    identify: (request: FastifyRequest) => Promise<void>;
    /** preHandler: 401 without a session, 403 when the caller's role is not listed. */
    requireRole: (...allowed: RoleName[]) => (request: FastifyRequest) => Promise<void>;
  }
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) {
    return null;
  }
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** Verified tokens kept at most; past that the oldest go first. */
const VERIFIED_TOKENS = 10_000;

export const authPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('actor', null);
    const { cache, close } = await openSignedInCache(app.database);
    app.decorate('signedInCache', cache);
    app.addHook('onClose', close);

    /**
     * Tokens already verified, until they expire: a token's signature and claims never change, so
     * the same string verifies the same way until its `exp` (checked on every use). Each of a
     * reader's requests carries the same token for its 15 minutes; verifying it again (an HMAC and
     * a JSON parse) was the largest part of a session check that reads nothing.
     */
    const tokens = new Map<string, VerifiedAccess>();
    async function verify(token: string): Promise<AccessClaims | null> {
      const kept = tokens.get(token);
      if (kept) {
        if (kept.expiresAt > Date.now()) {
          return kept;
        }
        tokens.delete(token);
      }
      const claims = await verifyAccessToken(token, app.config.jwtSecret);
      if (claims) {
        if (tokens.size >= VERIFIED_TOKENS) {
          const oldest = tokens.keys().next().value;
          if (oldest !== undefined) {
            tokens.delete(oldest);
          }
        }
        tokens.set(token, claims);
      }
      return claims;
    }

    const verified = new WeakMap<FastifyRequest, Promise<AccessClaims | null>>();
    app.decorate('accessClaims', (request: FastifyRequest) => {
      let claims = verified.get(request);
      if (!claims) {
        const token = bearer(request);
        claims = token ? verify(token) : Promise.resolve(null);
        verified.set(request, claims);
      }
      return claims;
    });

    /**
     * The session check: one statement by primary keys, prepared once per connection (a server
     * plans it once, not on every request). The role comes from the database, not the token, so a
     * role change applies at once.
     */
    const liveSession = app.db
      .select({ userId: users.id, role: roles.name, expiresAt: sessions.expiresAt })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(
        and(
          eq(sessions.id, sql.placeholder('sessionId')),
          eq(sessions.userId, sql.placeholder('userId')),
          isNull(sessions.revokedAt),
        ),
      )
      .limit(1)
      .prepare('fics_live_session');

    /**
     * Resolves the actor, or null. The session must still be live, so logout takes effect at once:
     * read on every request from a server; kept on the embedded database until a change to it
     * commits (signed-in-cache.ts). Its expiry is checked on every request either way.
     */
    async function resolveActor(request: FastifyRequest): Promise<Actor | null> {
      const claims = await app.accessClaims(request);
      if (!claims) {
        return null;
      }
      const { sessionId, userId } = claims;
      const row = await cache.get(`session:${sessionId}`, userId, async () => {
        const [found] = await liveSession.execute({ sessionId, userId });
        return found
          ? { userId: found.userId, role: found.role, expiresAt: found.expiresAt.getTime() }
          : null;
      });
      if (!row || row.expiresAt <= Date.now()) {
        return null;
      }
      return { userId: row.userId, sessionId, role: row.role };
    }

    app.decorate('authenticate', async (request: FastifyRequest) => {
      request.actor = await resolveActor(request);
      if (!request.actor) {
        throw unauthorized();
      }
    });

    app.decorate('identify', async (request: FastifyRequest) => {
      if (request.headers.authorization !== undefined) {
        await app.authenticate(request);
      }
    });

    app.decorate(
      'requireRole',
      (...allowed: RoleName[]) =>
        async (request: FastifyRequest): Promise<void> => {
          await app.authenticate(request);
          if (!allowed.includes(request.actor!.role)) {
            throw forbidden();
          }
        },
    );
  },
  { name: 'auth', dependencies: ['context'] },
);

/** The authenticated actor of a request that passed `authenticate`. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) {
    throw unauthorized();
  }
  return request.actor;
}
