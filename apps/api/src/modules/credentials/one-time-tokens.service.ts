import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { oneTimeTokens } from '../../db/schema';
import { hashToken, randomToken } from '../../lib/crypto';

export type OneTimePurpose = 'RECOVERY' | 'INVITATION';

export const ONE_TIME_TTL_MS: Record<OneTimePurpose, number> = {
  RECOVERY: 30 * 60 * 1000,
  INVITATION: 7 * 24 * 60 * 60 * 1000,
};

/** Password-setting link path; the same page serves recovery and invitations (architecture.md §6). */
export const passwordLink = (publicUrl: string, token: string) => `${publicUrl}/password-recovery/${token}`;

/**
 * Issues a single-use token (256 random bits, stored hashed) and retires the user's earlier unused
 * tokens of the same purpose, so only the newest link works.
 */
export async function issueOneTimeToken(options: {
  db: DbOrTx;
  userId: string;
  purpose: OneTimePurpose;
  now?: Date;
}): Promise<string> {
  const now = options.now ?? new Date();
  await options.db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeTokens.userId, options.userId),
        eq(oneTimeTokens.purpose, options.purpose),
        isNull(oneTimeTokens.usedAt),
      ),
    );
  const token = randomToken();
  await options.db.insert(oneTimeTokens).values({
    userId: options.userId,
    purpose: options.purpose,
    tokenHash: hashToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + ONE_TIME_TTL_MS[options.purpose]),
  });
  return token;
}

/** Retires every unused recovery and invitation link of a user (an e-mail change: they went to the old address). */
export async function retireOneTimeTokens(db: DbOrTx, userId: string, now = new Date()): Promise<void> {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(and(eq(oneTimeTokens.userId, userId), isNull(oneTimeTokens.usedAt)));
}
