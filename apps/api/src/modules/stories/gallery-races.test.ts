import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { stories } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { countersAndRecount, gallery, insertCover, insertFics } from './gallery.fixtures';
import { setStatus, storyWorld } from './stories.fixtures';
import { replaceStoryTags } from './story-tags';

const onServer = Boolean(process.env.TEST_DATABASE_URL);

/**
 * The gallery's counters under concurrent writes (migration 0008's triggers). Only on a PostgreSQL
 * server (TEST_DATABASE_URL), where the writes overlap on the pool's connections.
 */
describe.runIf(onServer)('gallery counters under concurrent writes (PostgreSQL server)', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof storyWorld>>;
  let coverId: string;

  beforeAll(async () => {
    t = await buildTestApp();
    w = await storyWorld(t.app);
    coverId = await insertCover(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('stays equal to a recount when fics are published, retagged and deleted at once', async () => {
    const place = (i: number) =>
      i % 2 === 0
        ? { authorId: w.author.id, collegeId: w.collegeA, gradeId: w.gradeA1 }
        : { authorId: w.otherSchoolStudent.id, collegeId: w.collegeB, gradeId: w.gradeB1 };
    const toPublish = await insertFics(
      t.app,
      coverId,
      Array.from({ length: 30 }, (_, i) => ({
        ...place(i),
        title: `Por publicar ${i}`,
        status: 'EVALUATED' as const,
        tags: ['Misterio', i % 3 === 0 ? 'Amor' : 'Humor'],
      })),
    );
    const published = await insertFics(
      t.app,
      coverId,
      Array.from({ length: 20 }, (_, i) => ({
        ...place(i),
        title: `Publicada ${i}`,
        tags: ['Misterio', 'Amor'],
      })),
    );
    const results = await Promise.allSettled([
      ...toPublish.map((id) => setStatus(t.app, id, 'PUBLISHED')),
      ...published.slice(0, 10).map((id) => t.app.db.delete(stories).where(eq(stories.id, id))),
      ...published
        .slice(10)
        .map((id, i) => replaceStoryTags(t.app.db, id, i % 2 ? ['Humor'] : ['Amor', 'Terror'])),
    ]);
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const { kept, recounted } = await countersAndRecount(t.app);
    expect(kept).toEqual(recounted);
    const all = (await gallery(t.app, '', w.admin.headers)).page!;
    expect(all.totalDocs).toBe(40);
    const misterio = (await gallery(t.app, '?tags=misterio', w.admin.headers)).page!;
    expect(misterio.totalDocs).toBe(30);
  });
});
