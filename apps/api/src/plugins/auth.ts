import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { RoleName } from '@fics/contracts';
import { roles, sessions, users } from '../db/schema';
import { forbidden, unauthorized } from '../lib/errors';
import { verifyAccessToken, type AccessClaims } from '../lib/jwt';

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

export const authPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('actor', null);

    const verified = new WeakMap<FastifyRequest, Promise<AccessClaims | null>>();
    app.decorate('accessClaims', (request: FastifyRequest) => {
      let claims = verified.get(request);
      if (!claims) {
        const token = bearer(request);
        claims = token ? verifyAccessToken(token, app.config.jwtSecret) : Promise.resolve(null);
        verified.set(request, claims);
      }
      return claims;
    });

    /** Resolves the actor, or null. The session must still be live, so logout takes effect at once. */
    async function resolveActor(request: FastifyRequest): Promise<Actor | null> {
      const claims = await app.accessClaims(request);
      if (!claims) {
        return null;
      }
      const [row] = await app.db
        .select({ userId: users.id, role: roles.name })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .innerJoin(roles, eq(roles.id, users.roleId))
        .where(
          and(
            eq(sessions.id, claims.sessionId),
            eq(sessions.userId, claims.userId),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, new Date()),
          ),
        )
        .limit(1);
      // The role comes from the database, not the token, so a role change applies at once.
      return row ? { userId: row.userId, sessionId: claims.sessionId, role: row.role } : null;
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
