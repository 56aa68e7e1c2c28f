import { and, eq, isNull } from 'drizzle-orm';
import type { RoleName } from '@fics/contracts';
import type { DbOrTx } from '../../db/client';
import { refreshTokens, sessions } from '../../db/schema';
import { hashToken, randomToken } from '../../lib/crypto';
import { signAccessToken } from '../../lib/jwt';

export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

/** Opens a session (30-day absolute expiry) and returns its first access and refresh tokens. */
export async function createSession(options: {
  db: DbOrTx;
  jwtSecret: string;
  userId: string;
  role: RoleName;
  userAgent?: string | undefined;
  ip?: string | undefined;
  now?: Date;
}): Promise<TokenPair & { sessionId: string }> {
  const now = options.now ?? new Date();
  const [session] = await options.db
    .insert(sessions)
    .values({
      userId: options.userId,
      createdAt: now,
      lastUsedAt: now,
      expiresAt: new Date(now.getTime() + SESSION_MAX_AGE_MS),
      userAgent: options.userAgent?.slice(0, 300) ?? null,
      ip: options.ip ?? null,
    })
    .returning({ id: sessions.id });
  const refreshToken = randomToken();
  await options.db
    .insert(refreshTokens)
    .values({ sessionId: session!.id, tokenHash: hashToken(refreshToken) });
  const accessToken = await signAccessToken(
    { userId: options.userId, sessionId: session!.id, role: options.role },
    options.jwtSecret,
    now,
  );
  return { sessionId: session!.id, accessToken, refreshToken };
}

/** Ends every live session of a user (an e-mail change, a reset); answers how many ended. */
export async function revokeUserSessions(
  db: DbOrTx,
  userId: string,
  reason: string,
  now = new Date(),
): Promise<number> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return ended.length;
}
