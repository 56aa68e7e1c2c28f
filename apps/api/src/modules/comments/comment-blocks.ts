import { and, count, eq, isNull, not, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { commentReplies, comments } from '../../db/schema';
import type { Actor } from '../../plugins/auth';
import { blockedEitherWay } from '../blocks';
import { userShownTo } from '../consent-visibility';

/**
 * What a block (issue 21.4, docs/decisions/blocks.md) takes out of the caller's comment lists and
 * counts: whatever the people blocked either way wrote. The counters (stories.comments_count,
 * comments.replies_count) count visible rows for everyone, so a caller with blocks has the visible
 * rows of their blocked people subtracted here, in SQL. Hidden rows (hidden_reason) are not in the
 * counters, and a student, the only one with blocks, sees hidden rows only of their own.
 *
 * The same goes for the comments and replies of a student who lacks a needed guardian's consent
 * (issue 22.5): to a visitor or a member of another school they are not there (comment-access.ts
 * visibleTo), so they are subtracted here too, for everyone but administrators, once each even when
 * their writer is also blocked.
 */

/** A visible row's writer is out of the caller's lists: blocked either way, or withheld from them. */
function outOfList(actor: Actor | null, authorId: AnyPgColumn | SQL): SQL {
  const withheld = not(userShownTo(actor, authorId));
  return actor ? or(blockedEitherWay(actor.userId, authorId), withheld)! : withheld;
}

/** A fic's visible comments out of the caller's list (outOfList). */
export async function blockedCommentsOf(db: DbOrTx, actor: Actor | null, storyId: string): Promise<number> {
  if (actor?.role === 'ADMIN') {
    return 0;
  }
  const [row] = await db
    .select({ n: count() })
    .from(comments)
    .where(
      and(eq(comments.storyId, storyId), isNull(comments.hiddenReason), outOfList(actor, comments.authorId)),
    );
  return row?.n ?? 0;
}

/** A comment's visible replies out of the caller's list (outOfList). */
export async function blockedRepliesOf(db: DbOrTx, actor: Actor | null, commentId: string): Promise<number> {
  if (actor?.role === 'ADMIN') {
    return 0;
  }
  const [row] = await db
    .select({ n: count() })
    .from(commentReplies)
    .where(
      and(
        eq(commentReplies.commentId, commentId),
        isNull(commentReplies.hiddenReason),
        outOfList(actor, commentReplies.authorId),
      ),
    );
  return row?.n ?? 0;
}

/**
 * A comments list's replies count (`base`, per row) less the visible replies of people blocked
 * either way with the caller: a correlated count on comment_replies_comment_created_idx, each
 * reply's writer probed in user_blocks both ways. `base` as is for a visitor.
 */
export function minusBlockedReplies(actor: Actor | null, base: AnyPgColumn | SQL): SQL<number> {
  if (actor?.role === 'ADMIN') {
    return sql<number>`${base}`.mapWith(Number);
  }
  // Nested in a second sql`` so that a single-table select keeps its columns qualified (drizzle
  // strips the table only from the top level of a selected expression).
  const expression = sql`(${base} - (select count(*) from comment_replies blocked_reply
    where blocked_reply.comment_id = ${comments.id} and blocked_reply.hidden_reason is null
      and ${outOfList(actor, sql`blocked_reply.author_id`)}))::int`;
  return sql<number>`${expression}`.mapWith(Number);
}
