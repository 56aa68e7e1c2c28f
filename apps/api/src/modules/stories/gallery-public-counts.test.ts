import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { stories } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { countersAndRecount, gallery, insertCover, insertFics } from './gallery.fixtures';
import { invalidateGallery } from './gallery.service';
import { editStory, storyWorld } from './stories.fixtures';

/**
 * The gallery's stored counters (gallery_counts, story_tags.published_at; migrations 0008, 0025)
 * count exactly the public shelf a visitor sees: a fic hidden for review (issue 21.2) or marked
 * personal (issue 22.7) leaves totalDocs, its school's, grade's and tags' counts and the tag
 * suggestions, and comes back when shown or unmarked.
 */
describe('gallery counts follow what a visitor sees', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof storyWorld>>;
  let ids: string[];

  beforeAll(async () => {
    t = await buildTestApp();
    w = await storyWorld(t.app);
    const coverId = await insertCover(t.app);
    const seed = (title: string, tags: string[]) => ({
      authorId: w.author.id,
      collegeId: w.collegeA,
      gradeId: w.gradeA1,
      title,
      tags,
    });
    ids = await insertFics(t.app, coverId, [
      seed('Uno', ['Océano', 'Faro']),
      seed('Dos', ['Océano']),
      seed('Tres', ['Secreto']),
      seed('Cuatro', []),
    ]);
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  /** Every filter a counter answers, as a visitor: totalDocs and the fics actually listed. */
  async function shelf() {
    invalidateGallery(t.app.db);
    const queries = {
      all: '',
      college: `?collegeId=${w.collegeA}`,
      grade: `?gradeId=${w.gradeA1}`,
      ocean: '?tags=Oc%C3%A9ano',
      secret: '?tags=Secreto',
    };
    const result: Record<string, { total: number; listed: number }> = {};
    for (const [name, query] of Object.entries(queries)) {
      const { page } = await gallery(t.app, query);
      result[name] = { total: page!.totalDocs, listed: page!.docs.length };
    }
    return result;
  }

  const suggested = async (search: string, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/stories/tags?search=${encodeURIComponent(search)}`,
      headers,
    });
    return res.json<{ tags: string[] }>().tags;
  };

  const expectShelf = async (expected: Record<string, number>) => {
    const seen = await shelf();
    for (const [name, count] of Object.entries(expected)) {
      expect(seen[name], name).toEqual({ total: count, listed: count });
    }
    const check = await countersAndRecount(t.app);
    expect(check.kept).toEqual(check.recounted);
  };

  it('hiding for review, showing again and marking personal move every counter and suggestion', async () => {
    await expectShelf({ all: 4, college: 4, grade: 4, ocean: 2, secret: 1 });
    expect(await suggested('secr')).toEqual(['Secreto']);

    // A teacher's report hides 'Tres' (issue 21.2).
    const report = await t.app.inject({
      method: 'POST',
      url: '/api/v1/reports',
      headers: w.teacher.headers,
      payload: { target: 'STORY', targetId: ids[2], reason: 'PERSONAL_INFO' },
    });
    expect(report.statusCode).toBe(201);
    expect((await t.app.db.select().from(stories).where(eq(stories.id, ids[2]!)))[0]!.hiddenReason).toBe(
      'REPORTED',
    );
    await expectShelf({ all: 3, college: 3, grade: 3, ocean: 2, secret: 0 });
    // Its tag is suggested to nobody else, its author still gets it (their own fic).
    expect(await suggested('secr')).toEqual([]);
    expect(await suggested('secr', w.classmate.headers)).toEqual([]);
    expect(await suggested('secr', w.author.headers)).toEqual(['Secreto']);

    // Shown again after the review.
    await t.app.db.update(stories).set({ hiddenReason: null }).where(eq(stories.id, ids[2]!));
    await expectShelf({ all: 4, college: 4, grade: 4, ocean: 2, secret: 1 });

    // An administrator marks 'Uno' personal (issue 22.7): out of the shelf and of its tags' counts.
    const marked = await editStory(t.app, w.admin.headers, ids[0]!, { personal: 'true' });
    expect(marked.statusCode).toBe(200);
    await expectShelf({ all: 3, college: 3, grade: 3, ocean: 1, secret: 1 });
    expect(await suggested('far')).toEqual([]);

    // Hidden while personal, then shown: still out; unmarked: back.
    await t.app.db.update(stories).set({ hiddenReason: 'REPORTED' }).where(eq(stories.id, ids[0]!));
    await expectShelf({ all: 3, ocean: 1 });
    await t.app.db.update(stories).set({ hiddenReason: null }).where(eq(stories.id, ids[0]!));
    await expectShelf({ all: 3, ocean: 1 });
    expect((await editStory(t.app, w.admin.headers, ids[0]!, { personal: 'false' })).statusCode).toBe(200);
    await expectShelf({ all: 4, college: 4, grade: 4, ocean: 2, secret: 1 });
    expect(await suggested('far')).toEqual(['Faro']);

    // Taken out of publication while hidden: nothing counted twice or taken off twice.
    await t.app.db.update(stories).set({ hiddenReason: 'REPORTED' }).where(eq(stories.id, ids[1]!));
    await t.app.db
      .update(stories)
      .set({ status: 'EVALUATED', publishedAt: null, hiddenReason: null })
      .where(eq(stories.id, ids[1]!));
    await expectShelf({ all: 3, college: 3, grade: 3, ocean: 1, secret: 1 });
    // A personal fic deleted takes nothing off; a new personal published one adds nothing.
    await t.app.db.update(stories).set({ personal: true }).where(eq(stories.id, ids[3]!));
    await t.app.db.delete(stories).where(eq(stories.id, ids[3]!));
    await expectShelf({ all: 2, college: 2, grade: 2 });
  });
});
