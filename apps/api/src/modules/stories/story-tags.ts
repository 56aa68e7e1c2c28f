import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { storyLimits } from '@fics/contracts';
import type { DbOrTx } from '../../db/client';
import { stories, storyTags, tags } from '../../db/schema';
import type { Actor } from '../../plugins/auth';
import { escapeLike } from '../../lib/paging';
import { storyIsPublic } from './story-gate';

/**
 * Sets a fic's tags (already trimmed and without repeats, contracts' normalizeTags). Tags are shared
 * rows matched ignoring case: a new one is inserted (a concurrent insert of the same tag is settled
 * by the unique index), then the fic's links are replaced. Three statements whatever the count.
 */
export async function replaceStoryTags(tx: DbOrTx, storyId: string, names: string[]): Promise<void> {
  await tx.delete(storyTags).where(eq(storyTags.storyId, storyId));
  if (names.length === 0) {
    return;
  }
  await tx
    .insert(tags)
    .values(names.map((name) => ({ name })))
    .onConflictDoNothing();
  const keys = names.map((name) => name.toLocaleLowerCase('es'));
  const rows = await tx
    .select({ id: tags.id, key: sql<string>`lower(${tags.name})` })
    .from(tags)
    .where(inArray(sql`lower(${tags.name})`, keys));
  const idByKey = new Map(rows.map((row) => [row.key, row.id]));
  const links = keys.flatMap((key, position) => {
    const tagId = idByKey.get(key);
    return tagId ? [{ storyId, tagId, position }] : [];
  });
  if (links.length > 0) {
    await tx.insert(storyTags).values(links).onConflictDoNothing();
  }
}

/**
 * Tags containing the typed text (accents and case ignored; those starting with it first), among the
 * tags of public fics and, for a signed-in caller, of their own fics: a private draft's, a hidden or
 * a personal fic's tags are never suggested to anyone else.
 */
export async function suggestTags(options: {
  db: DbOrTx;
  actor: Actor | null;
  search: string;
}): Promise<string[]> {
  const { db, actor, search } = options;
  if (search === '') {
    return [];
  }
  const folded = sql`fics_fold(${escapeLike(search)})`;
  // The public shelf's fics (the gate's storyIsPublic: not hidden for review, not personal), as
  // the gallery's tag counts; a signed-in caller's own fics too.
  const visible = actor ? or(storyIsPublic, eq(stories.authorId, actor.userId))! : storyIsPublic;
  const rows = await db
    .select({ name: tags.name })
    .from(tags)
    .where(
      and(
        sql`fics_fold(${tags.name}) like '%' || ${folded} || '%'`,
        // A scalar subquery with LIMIT 1, not EXISTS: the planner then walks the tag's links until
        // the first visible fic, instead of reading every fic of a popular tag (91,000 in the
        // 1,000,000-fic benchmark) through a bitmap scan.
        sql`coalesce((select true from ${storyTags} inner join ${stories} on ${stories.id} = ${storyTags.storyId}
          where ${storyTags.tagId} = ${tags.id} and ${visible} limit 1), false)`,
      ),
    )
    .orderBy(
      sql`fics_fold(${tags.name}) like ${folded} || '%' desc`,
      sql`length(${tags.name})`,
      sql`lower(${tags.name})`,
    )
    .limit(storyLimits.tagSuggestions);
  return rows.map((row) => row.name);
}
