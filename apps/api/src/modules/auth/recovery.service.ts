import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { messages } from '@fics/contracts';
import type { Db } from '../../db/client';
import { oneTimeTokens, sessions, users } from '../../db/schema';
import { hashToken } from '../../lib/crypto';
import { rateLimited, validationError } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { passwordProblem } from '../../lib/password-policy';
import { addressKey } from '../../lib/client-address';
import type { RateLimiter } from '../../lib/rate-limiter';
import { enqueueMail, recoveryMail } from '../mail';
import { issueOneTimeToken, passwordLink, type OneTimePurpose } from '../credentials';

const ONE_HOUR = 60 * 60 * 1000;
/**
 * Recovery requests (README, Request limits). Per address: a ceiling against floods, sized for a
 * school. Per account, from anywhere: at most 3 links e-mailed every 15 minutes; further requests get
 * the same answer and send nothing, so a classmate asking again and again can neither block the owner
 * (the last link e-mailed still works) nor fill their inbox.
 */
export const RECOVERY_LIMITS = {
  address: { limit: 300, windowMs: ONE_HOUR },
  accountMails: { limit: 3, windowMs: 15 * 60 * 1000 },
} as const;

/**
 * Every recovery request takes at least this long, so the few milliseconds spent issuing a token
 * for a known e-mail do not tell it apart from an unknown one.
 */
export const RECOVERY_MIN_DURATION_MS = 100;

const invalidToken = () =>
  validationError({ token: messages.invalidRecoveryToken }, messages.invalidRecoveryToken);

/**
 * Starts a password recovery: for a known account (with a password, or still invited) a 30-minute
 * link is e-mailed. The caller learns nothing: same answer, about the same time, never the token.
 * Resolves to whether mail was queued, for waking the dispatcher.
 */
export async function requestPasswordRecovery(options: {
  db: Db;
  limiter: RateLimiter;
  publicUrl: string;
  email: string;
  ip: string;
}): Promise<boolean> {
  const { db, limiter } = options;
  const started = Date.now();
  const byAddress = await limiter.hit(
    `recover:address:${addressKey(options.ip)}`,
    RECOVERY_LIMITS.address.limit,
    RECOVERY_LIMITS.address.windowMs,
  );
  if (!byAddress.allowed) {
    throw rateLimited(byAddress.retryAfterMs / 1000);
  }
  // Counted for unknown e-mails too, so the time taken tells nothing either.
  const byAccount = await limiter.hit(
    `recover:account:${hashToken(options.email)}`,
    RECOVERY_LIMITS.accountMails.limit,
    RECOVERY_LIMITS.accountMails.windowMs,
  );

  const [account] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(sql`lower(${users.email})`, options.email))
    .limit(1);
  const mails = Boolean(account) && byAccount.allowed;
  if (account && mails) {
    await db.transaction(async (tx) => {
      const token = await issueOneTimeToken({ db: tx, userId: account.id, purpose: 'RECOVERY' });
      await enqueueMail({
        db: tx,
        mail: recoveryMail({
          to: account.email,
          name: account.name,
          link: passwordLink(options.publicUrl, token),
        }),
      });
    });
  }
  const remaining = started + RECOVERY_MIN_DURATION_MS - Date.now();
  if (remaining > 0) {
    await sleep(remaining);
  }
  return mails;
}

/** The live (unused, unexpired) one-time token, or a 400 worded for the recovery page. */
async function findLiveToken(db: Db, token: string, now: Date) {
  const [row] = await db
    .select({ id: oneTimeTokens.id, purpose: oneTimeTokens.purpose, email: users.email, name: users.name })
    .from(oneTimeTokens)
    .innerJoin(users, eq(users.id, oneTimeTokens.userId))
    .where(
      and(
        eq(oneTimeTokens.tokenHash, hashToken(token)),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, now),
      ),
    )
    .limit(1);
  if (!row) {
    throw invalidToken();
  }
  return row;
}

/** Says whether a recovery or invitation link still works, and for which account. */
export async function checkRecoveryToken(options: {
  db: Db;
  token: string;
  now?: Date;
}): Promise<{ purpose: OneTimePurpose; email: string }> {
  const row = await findLiveToken(options.db, options.token, options.now ?? new Date());
  return { purpose: row.purpose, email: row.email };
}

/**
 * Sets a password through a recovery or invitation link. The token is spent atomically (a second
 * use fails), the user's other pending links die, and every session of the user ends. A common
 * password, the account's own e-mail or name, or one easy to guess (strength below 3 of 4) is
 * refused (400 on `password`, lib/password-policy), the token unspent.
 */
export async function setPasswordWithToken(options: {
  db: Db;
  token: string;
  password: string;
  now?: Date;
}): Promise<{ userId: string; purpose: OneTimePurpose }> {
  const now = options.now ?? new Date();
  // Cheap check first, so an invalid link costs no password hashing.
  const account = await findLiveToken(options.db, options.token, now);
  const problem = passwordProblem(options.password, account);
  if (problem) {
    throw validationError({ password: problem });
  }
  const passwordHash = await hashPassword(options.password);
  const userId = await options.db.transaction(async (tx) => {
    const [spent] = await tx
      .update(oneTimeTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(oneTimeTokens.tokenHash, hashToken(options.token)),
          isNull(oneTimeTokens.usedAt),
          gt(oneTimeTokens.expiresAt, now),
        ),
      )
      .returning({ userId: oneTimeTokens.userId });
    if (!spent) {
      return null;
    }
    await tx
      .update(oneTimeTokens)
      .set({ usedAt: now })
      .where(and(eq(oneTimeTokens.userId, spent.userId), isNull(oneTimeTokens.usedAt)));
    const [user] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: now })
      .where(eq(users.id, spent.userId))
      .returning({ id: users.id });
    await tx
      .update(sessions)
      .set({ revokedAt: now, revokedReason: 'password-reset' })
      .where(and(eq(sessions.userId, spent.userId), isNull(sessions.revokedAt)));
    return user?.id ?? null;
  });
  if (!userId) {
    throw invalidToken();
  }
  // Whoever locked the account out by guessing no longer keeps its owner from logging in: the
  // failed-login counters name the password they were guessing against (loginFailureKeys).
  return { userId, purpose: account.purpose };
}
