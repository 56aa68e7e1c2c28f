import { sql } from 'drizzle-orm';
import { erasureMessages } from '@fics/contracts';
import type { DbOrTx, Tx } from '../../db/client';
import { validationError } from '../../lib/errors';
import { countAffected, rowsOf } from '../../lib/personal-data';
import { emitEvents } from '../events';
import { PUBLISHED_STATUS } from './story-status';

/**
 * Keeps an erased person's chosen published fics as 'Anónimo' (issue 22.4, AO3's orphaning;
 * docs/decisions/privacy.md 'Supresión'), in the erasure's transaction: the fic loses its author,
 * pseudonym and place (stories_orphaned_check holds it), and what was about the person goes with
 * them: the versions they sent, the teacher's evaluation and notes of it (their grades and
 * feedback). Its cover stops being theirs (media.owner_id null) so their media can go. Every id
 * must be a published fic of the person, or nothing changes (400). Announces `story.updated` for
 * each (the gallery's cache drops the author). Answers the fics kept.
 */
export async function orphanStories(options: {
  tx: Tx;
  authorId: string;
  storyIds: readonly string[];
}): Promise<number> {
  const { tx, authorId } = options;
  const ids = [...new Set(options.storyIds)];
  if (ids.length === 0) {
    return 0;
  }
  const idList = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const kept = await rowsOf<{ id: string; title: string }>(
    tx,
    sql`update stories set author_id = null, orphaned_at = now(), anonymity = true, nickname_value = null,
          location = '', location_lat = null, location_lon = null, updated_at = now()
        where id in (${idList}) and author_id = ${authorId} and status = ${PUBLISHED_STATUS}
        returning id, title`,
  );
  if (kept.length !== ids.length) {
    throw validationError({ stories: erasureMessages.storyNotPublished });
  }
  const keptIds = sql.join(
    kept.map((row) => sql`${row.id}::uuid`),
    sql`, `,
  );
  await countAffected(tx, sql`delete from story_revisions where story_id in (${keptIds})`);
  await countAffected(tx, sql`delete from annotations where story_id in (${keptIds})`);
  await countAffected(tx, sql`delete from evaluations where story_id in (${keptIds})`);
  await countAffected(
    tx,
    sql`update media set owner_id = null where owner_id = ${authorId} and (id in (select cover_id from stories where id in (${keptIds}))
          or variant_of in (select cover_id from stories where id in (${keptIds})))`,
  );
  await emitEvents(
    tx,
    kept.map((row) => ({
      type: 'story.updated' as const,
      storyId: row.id,
      actor: null,
      payload: { authorId: null, title: row.title, writingTime: null, published: true },
    })),
  );
  return kept.length;
}

/**
 * A person's published fics, newest publication first (at most `limit`), for the erasure's choices
 * (issue 22.4): which fics they may keep as 'Anónimo'. Here because the fic's statuses are this
 * module's alone (story-ownership.test.ts); the author's index serves it.
 */
export async function publishedStoriesOf(
  db: DbOrTx,
  authorId: string,
  limit: number,
): Promise<{ id: string; title: string; published_at: unknown }[]> {
  return rowsOf(
    db,
    sql`select id, title, published_at from stories where author_id = ${authorId}
        and status = ${PUBLISHED_STATUS} order by published_at desc, id limit ${limit}`,
  );
}
