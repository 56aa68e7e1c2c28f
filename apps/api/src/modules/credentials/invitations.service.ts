import type { DbOrTx } from '../../db/client';
import { oneTimeTokens } from '../../db/schema';
import { hashToken, randomToken } from '../../lib/crypto';
import { enqueueMails, invitationMail } from '../mail';
import { ONE_TIME_TTL_MS, passwordLink } from './one-time-tokens.service';

export interface InvitedUser {
  id: string;
  name: string;
  email: string;
}

/**
 * Queues the invitation of new accounts (architecture.md §6.2): a 7-day single-use link to set the
 * first password. Call it inside the transaction that creates the users; works in batches (bulk import).
 */
export async function queueInvitations(options: {
  db: DbOrTx;
  publicUrl: string;
  users: InvitedUser[];
  now?: Date;
}): Promise<void> {
  if (options.users.length === 0) {
    return;
  }
  const now = options.now ?? new Date();
  const expiresAt = new Date(now.getTime() + ONE_TIME_TTL_MS.INVITATION);
  const links = options.users.map((user) => ({ user, token: randomToken() }));
  await options.db.insert(oneTimeTokens).values(
    links.map(({ user, token }) => ({
      userId: user.id,
      purpose: 'INVITATION' as const,
      tokenHash: hashToken(token),
      createdAt: now,
      expiresAt,
    })),
  );
  await enqueueMails({
    db: options.db,
    mails: links.map(({ user, token }) =>
      invitationMail({ to: user.email, name: user.name, link: passwordLink(options.publicUrl, token) }),
    ),
  });
}
