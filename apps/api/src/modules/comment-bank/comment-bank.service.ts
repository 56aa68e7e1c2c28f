/**
 * 'Mis comentarios' (issue 20.4, docs/decisions/comment-bank.md): a teacher's (or an administrator's)
 * own comments, saved once and reused. Every query is scoped to the caller as owner, so another
 * person's comment is a 404, never a 403 that would tell it exists.
 */
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  commentBankLimits,
  commentBankMessages,
  type Paged,
  type SavedComment,
  type SavedCommentsQuery,
} from '@fics/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { savedComments, users } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import { escapeLike, readPage, searchWords } from '../../lib/paging';
import type { Actor } from '../../plugins/auth';

type Row = typeof savedComments.$inferSelect;

const toSavedComment = (row: Row): SavedComment => ({
  _id: row.id,
  text: row.text,
  useCount: row.useCount,
  lastUsedAt: row.lastUsedAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
});

const own = (actor: Actor, commentId: string) =>
  and(eq(savedComments.id, commentId), eq(savedComments.ownerId, actor.userId));

/**
 * GET /me/saved-comments: the caller's comments, last used first, then newest, one page read in
 * SQL (saved_comments_owner_used_idx). Each word of `q` must appear in the text, case and accents
 * ignored: the word folded by the database as the column was (fics_fold), matched by the trigram
 * index, its LIKE wildcards literal.
 */
export async function listSavedComments(options: {
  db: DbOrTx;
  actor: Actor;
  query: SavedCommentsQuery;
}): Promise<Paged<SavedComment>> {
  const { db, actor, query } = options;
  const conditions: SQL[] = [eq(savedComments.ownerId, actor.userId)];
  for (const word of searchWords(query.q)) {
    conditions.push(sql`${savedComments.searchText} like '%' || fics_fold(${escapeLike(word)}) || '%'`);
  }
  const where = and(...conditions);
  return readPage({
    query,
    fetch: async ({ limit, offset }) => {
      const rows = await db
        .select()
        .from(savedComments)
        .where(where)
        .orderBy(desc(savedComments.lastUsedAt), desc(savedComments.createdAt), asc(savedComments.id))
        .limit(limit)
        .offset(offset);
      return rows.map(toSavedComment);
    },
    count: async () => db.$count(savedComments, where),
  });
}

/**
 * POST /me/saved-comments: saves a text (already trimmed by the contract). The same text saved
 * again answers the comment already saved (`created: false`, 200), unchanged. Under a lock on the
 * caller's users row, saves run one at a time per owner, so the conditional INSERT's count keeps
 * the bank at 500 when requests race, and the same text raced twice is saved once (the unique
 * index on (owner_id, md5(text)) backs it).
 */
export async function saveComment(options: {
  db: Db;
  actor: Actor;
  text: string;
}): Promise<{ comment: SavedComment; created: boolean }> {
  const { db, actor, text } = options;
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, actor.userId)).for('no key update');
    const sameText = and(
      eq(savedComments.ownerId, actor.userId),
      sql`md5(${savedComments.text}) = md5(${text})`,
      eq(savedComments.text, text),
    );
    const [existing] = await tx.select().from(savedComments).where(sameText).limit(1);
    if (existing) {
      return { comment: toSavedComment(existing), created: false };
    }
    const inserted = await tx
      .insert(savedComments)
      .select(
        tx
          .select({
            id: sql`gen_random_uuid()`.as('id'),
            ownerId: sql`${actor.userId}::uuid`.as('owner_id'),
            text: sql`${text}`.as('text'),
            useCount: sql`0`.as('use_count'),
            lastUsedAt: sql`now()`.as('last_used_at'),
            createdAt: sql`now()`.as('created_at'),
          })
          .from(sql`(select 1) as one`)
          .where(
            sql`(select count(*) from ${savedComments} where ${savedComments.ownerId} = ${actor.userId}) < ${commentBankLimits.perOwner}`,
          )
          // As SQL: drizzle's key check would want the generated search_text, which is never inserted.
          .getSQL(),
      )
      .returning();
    if (inserted.length === 0) {
      throw conflict(commentBankMessages.tooMany);
    }
    return { comment: toSavedComment(inserted[0]!), created: true };
  });
}

/** POST /me/saved-comments/:id/use: the comment was reused; it rises to the top of the list. */
export async function useSavedComment(options: {
  db: DbOrTx;
  actor: Actor;
  commentId: string;
}): Promise<SavedComment> {
  const { db, actor, commentId } = options;
  const [row] = await db
    .update(savedComments)
    .set({ useCount: sql`${savedComments.useCount} + 1`, lastUsedAt: sql`now()` })
    .where(own(actor, commentId))
    .returning();
  if (!row) {
    throw notFound(commentBankMessages.notFound);
  }
  return toSavedComment(row);
}

/** DELETE /me/saved-comments/:id: only one's own; anyone else's id is a 404. */
export async function deleteSavedComment(options: {
  db: DbOrTx;
  actor: Actor;
  commentId: string;
}): Promise<void> {
  const { db, actor, commentId } = options;
  const deleted = await db
    .delete(savedComments)
    .where(own(actor, commentId))
    .returning({ id: savedComments.id });
  if (deleted.length === 0) {
    throw notFound(commentBankMessages.notFound);
  }
}
