import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { GalleryResponse, StoryStatus } from '@fics/contracts';
import { galleryCounts, media, stories } from '../../db/schema';
import { invalidateGallery } from './gallery.service';
import { replaceStoryTags } from './story-tags';

/**
 * Test data for the gallery: fics inserted directly (tens of them, without re-encoding a cover
 * each), with one small cover and its WebP size shared by all. The API's own path (create, send,
 * evaluate, publish) is stories.fixtures.ts's `publishedStory`.
 */

export async function insertCover(app: FastifyInstance): Promise<string> {
  const [cover] = await app.db
    .insert(media)
    .values({ contentType: 'image/png', width: 4, height: 3, bytes: Buffer.from('png') })
    .returning({ id: media.id });
  await app.db.insert(media).values({
    contentType: 'image/webp',
    width: 2,
    height: 2,
    bytes: Buffer.from('webp'),
    variantOf: cover!.id,
  });
  return cover!.id;
}

export interface FicSeed {
  authorId: string;
  collegeId: string;
  gradeId: string;
  title: string;
  status?: StoryStatus;
  /** Publication date of a PUBLISHED fic (default: now minus `index` minutes, the first newest). */
  publishedAt?: Date;
  anonymity?: boolean;
  nicknameValue?: string | null;
  tags?: string[];
}

/** Inserts the fics (PUBLISHED unless said otherwise) and their tags; returns their ids in order. */
export async function insertFics(app: FastifyInstance, coverId: string, seeds: FicSeed[]): Promise<string[]> {
  const now = Date.now();
  const rows = await app.db
    .insert(stories)
    .values(
      seeds.map((seed, index) => {
        const status = seed.status ?? 'PUBLISHED';
        return {
          authorId: seed.authorId,
          collegeId: seed.collegeId,
          gradeId: seed.gradeId,
          title: seed.title,
          text: `<p>${seed.title}</p>`,
          status,
          anonymity: seed.anonymity ?? false,
          nicknameValue: seed.nicknameValue ?? null,
          coverId,
          rounds: status === 'EDITING' ? 0 : 1,
          publishedAt: status === 'PUBLISHED' ? (seed.publishedAt ?? new Date(now - index * 60_000)) : null,
        };
      }),
    )
    .returning({ id: stories.id });
  const ids = rows.map((row) => row.id);
  for (const [index, seed] of seeds.entries()) {
    if (seed.tags && seed.tags.length > 0) {
      await replaceStoryTags(app.db, ids[index]!, seed.tags);
    }
  }
  // Written behind the API's back: visitors' pages kept in memory would not know.
  invalidateGallery(app.db);
  return ids;
}

/** GET /stories with a query string, as `headers` (none: a visitor). */
export async function gallery(app: FastifyInstance, query = '', headers: Record<string, string> = {}) {
  const res = await app.inject({ method: 'GET', url: `/api/v1/stories${query}`, headers });
  return {
    res,
    page: res.statusCode === 200 ? res.json<GalleryResponse>().stories : null,
  };
}

/** The counters as the triggers left them, and as fics_gallery_rebuild() recounts them from the fics. */
export async function countersAndRecount(app: FastifyInstance) {
  const read = async () =>
    (await app.db.select().from(galleryCounts))
      .filter((row) => row.count !== 0)
      .map((row) => `${row.scope}:${row.key}=${row.count}`)
      .sort();
  const kept = await read();
  await app.db.execute(sql`select fics_gallery_rebuild()`);
  return { kept, recounted: await read() };
}
