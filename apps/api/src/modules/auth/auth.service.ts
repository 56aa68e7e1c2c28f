import { and, eq, isNull, sql } from 'drizzle-orm';
import { messages, type AuthResult } from '@fics/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { refreshTokens, roles, sessions, users } from '../../db/schema';
import { hashToken, randomToken } from '../../lib/crypto';
import { isForeignKeyViolation } from '../../lib/db-errors';
import { rateLimited, unauthorized } from '../../lib/errors';
import { signAccessToken } from '../../lib/jwt';
import { dummyPasswordHash, verifyPassword } from '../../lib/passwords';
import { addressKey } from '../../lib/client-address';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { SecurityLog } from '../../lib/security-log';
import type { Actor } from '../../plugins/auth';
import { LOGOUT_REPEAT_WINDOW_MS, recordActivity, recordActivityOnce } from '../tracking';
import { loadUserView, recordLogin } from '../users';
import { createSession, type TokenPair } from '../credentials';

const FIFTEEN_MINUTES = 15 * 60 * 1000;
/**
 * Failed logins tolerated before 429 (README, Request limits). A whole school shares one address and
 * a classmate may know another child's e-mail, so no count of one person's failures may lock the
 * owner out from everywhere:
 * - one account from one address: the hard stop against guessing;
 * - one account from all addresses: a ceiling ten times higher, reached only from many addresses;
 * - one address on all accounts: against trying many accounts, sized for a school of 1,000.
 */
export const LOGIN_LIMITS = {
  accountAddress: { limit: 10, windowMs: FIFTEEN_MINUTES },
  account: { limit: 100, windowMs: FIFTEEN_MINUTES },
  address: { limit: 1500, windowMs: FIFTEEN_MINUTES },
} as const;

/**
 * Counter keys of an account's failed logins. The e-mail is hashed so the limiter's store never holds
 * it, and the keys name the password they were guessing against: a new password (a recovery, a
 * change) starts every count of the account again.
 */
export function loginFailureKeys(email: string, passwordHash: string | null | undefined, ip: string) {
  const account = `${hashToken(email)}:${passwordHash ? hashToken(passwordHash).slice(0, 12) : '-'}`;
  return {
    accountAddress: `login:account-address:${account}:${addressKey(ip)}`,
    account: `login:account:${account}`,
    address: loginAddressKey(ip),
  };
}

const loginAddressKey = (ip: string) => `login:address:${addressKey(ip)}`;

/**
 * Checks the credentials and opens a session. Every failure (unknown e-mail, wrong password, account
 * still waiting for its first password) answers the same 401 after the same argon2 work.
 */
export async function loginUser(options: {
  db: Db;
  limiter: RateLimiter;
  jwtSecret: string;
  email: string;
  password: string;
  ip: string;
  userAgent: string | undefined;
}): Promise<AuthResult> {
  const { db, limiter } = options;
  // An address over its limit is refused before any database work (it names no account).
  const byAddress = await limiter.peek(loginAddressKey(options.ip), LOGIN_LIMITS.address.limit);
  if (!byAddress.allowed) {
    throw rateLimited(byAddress.retryAfterMs / 1000);
  }
  const [account] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, role: roles.name })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(sql`lower(${users.email})`, options.email))
    .limit(1);
  const keys = loginFailureKeys(options.email, account?.passwordHash, options.ip);
  const byAccount = await limiter.peek(keys.account, LOGIN_LIMITS.account.limit);
  if (!byAccount.allowed) {
    throw rateLimited(byAccount.retryAfterMs / 1000);
  }
  // Counted before the password is checked, so parallel guesses cannot slip past the hard stop;
  // a success clears it.
  const byAccountAddress = await limiter.hit(
    keys.accountAddress,
    LOGIN_LIMITS.accountAddress.limit,
    LOGIN_LIMITS.accountAddress.windowMs,
  );
  if (!byAccountAddress.allowed) {
    throw rateLimited(byAccountAddress.retryAfterMs / 1000);
  }

  const passwordHash = account?.passwordHash ?? (await dummyPasswordHash());
  const matches = await verifyPassword(passwordHash, options.password);
  if (!account?.passwordHash || !matches) {
    await limiter.hit(keys.address, LOGIN_LIMITS.address.limit, LOGIN_LIMITS.address.windowMs);
    await limiter.hit(keys.account, LOGIN_LIMITS.account.limit, LOGIN_LIMITS.account.windowMs);
    throw unauthorized(messages.badCredentials);
  }
  await limiter.reset(keys.accountAddress);

  // An account erased while its password was checked is gone by the time the session is written
  // (the erasure holds its row until it commits): the foreign key refuses the session, and the
  // login fails as for an unknown e-mail instead of with a 500.
  const tokens = await db
    .transaction(async (tx) => {
      // What the retention job measures from (issue 22.6); a notice of erasure given is void. First:
      // the retention row before the account's (the session's key share), the erasure's lock order.
      await recordLogin(tx, account.id);
      const opened = await createSession({
        db: tx,
        jwtSecret: options.jwtSecret,
        userId: account.id,
        role: account.role,
        userAgent: options.userAgent,
        ip: options.ip,
      });
      await recordActivity(
        tx,
        { userId: account.id, role: account.role },
        { resource: 'AUTH', action: 'LOGIN' },
      );
      return opened;
    })
    .catch((error: unknown) => {
      if (isForeignKeyViolation(error)) {
        throw unauthorized(messages.badCredentials);
      }
      throw error;
    });
  const user = await loadUserView(db, account.id);
  if (!user) {
    throw unauthorized(messages.badCredentials);
  }
  return { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, user };
}

/** Revokes a live session; answers whether this call did it (false: it was already revoked). */
async function revokeSession(db: DbOrTx, sessionId: string, reason: string, now: Date): Promise<boolean> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return revoked.length > 0;
}

/**
 * Rotates a refresh token: the presented one is spent and a new pair is issued for the same session.
 * Presenting a spent token again means it leaked (or raced): the whole session is revoked.
 */
export async function changeToken(options: {
  db: Db;
  jwtSecret: string;
  refreshToken: string;
  /** A session not refreshed for this long has ended (a shared school computer left signed in). */
  idleMs: number;
  /** Where a reused refresh token (a sign of theft) is reported. */
  security?: SecurityLog;
  now?: Date;
}): Promise<TokenPair> {
  const now = options.now ?? new Date();
  const tokenHash = hashToken(options.refreshToken);
  const outcome = await options.db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        tokenId: refreshTokens.id,
        usedAt: refreshTokens.usedAt,
        sessionId: sessions.id,
        userId: sessions.userId,
        revokedAt: sessions.revokedAt,
        expiresAt: sessions.expiresAt,
        lastUsedAt: sessions.lastUsedAt,
        role: roles.name,
      })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .innerJoin(users, eq(users.id, sessions.userId))
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(eq(refreshTokens.tokenHash, tokenHash))
      .limit(1);
    if (!row || row.revokedAt || row.expiresAt <= now) {
      return null;
    }
    if (row.lastUsedAt.getTime() + options.idleMs <= now.getTime()) {
      await revokeSession(tx, row.sessionId, 'idle', now);
      return null;
    }
    // The conditional update is the real check: of two requests racing with one token, one wins.
    const spent = row.usedAt
      ? []
      : await tx
          .update(refreshTokens)
          .set({ usedAt: now })
          .where(and(eq(refreshTokens.id, row.tokenId), isNull(refreshTokens.usedAt)))
          .returning({ id: refreshTokens.id });
    if (spent.length === 0) {
      await revokeSession(tx, row.sessionId, 'reuse', now);
      options.security?.({
        event: 'refresh-token-reuse',
        outcome: 'session-revoked',
        userId: row.userId,
        details: { sessionId: row.sessionId },
      });
      return null;
    }
    const refreshToken = randomToken();
    await tx.insert(refreshTokens).values({ sessionId: row.sessionId, tokenHash: hashToken(refreshToken) });
    await tx.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, row.sessionId));
    const accessToken = await signAccessToken(
      { userId: row.userId, sessionId: row.sessionId, role: row.role },
      options.jwtSecret,
      now,
    );
    return { accessToken, refreshToken };
  });
  if (!outcome) {
    throw unauthorized(messages.sessionExpired);
  }
  return outcome;
}

/**
 * Ends a session: its access token and every refresh token of it stop working at once. A student's
 * logout is recorded once: by the call that revoked the session, and not again if the spec's client
 * reported it through POST /tracking a moment before.
 */
export async function logoutSession(options: {
  db: Db;
  actor: Pick<Actor, 'userId' | 'sessionId' | 'role'>;
  now?: Date;
}): Promise<void> {
  const { actor } = options;
  await options.db.transaction(async (tx) => {
    if (await revokeSession(tx, actor.sessionId, 'logout', options.now ?? new Date())) {
      await recordActivityOnce(tx, actor, { resource: 'AUTH', action: 'LOGOUT' }, LOGOUT_REPEAT_WINDOW_MS);
    }
  });
}

/**
 * Ends every live session of the caller, on every device, this one included ('Cerrar sesión en
 * todos los dispositivos'): a shared computer left signed in, a lost phone. Answers how many ended.
 */
export async function logoutEverywhere(options: {
  db: Db;
  actor: Pick<Actor, 'userId' | 'sessionId' | 'role'>;
  now?: Date;
}): Promise<number> {
  const { actor } = options;
  const now = options.now ?? new Date();
  return options.db.transaction(async (tx) => {
    const ended = await tx
      .update(sessions)
      .set({ revokedAt: now, revokedReason: 'logout-all' })
      .where(and(eq(sessions.userId, actor.userId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    if (ended.some((session) => session.id === actor.sessionId)) {
      await recordActivityOnce(tx, actor, { resource: 'AUTH', action: 'LOGOUT' }, LOGOUT_REPEAT_WINDOW_MS);
    }
    return ended.length;
  });
}
