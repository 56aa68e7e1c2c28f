import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { storyMessages, type CollegeDetail } from '@fics/contracts';
import { grades, media, stories, storyRevisions, userGrades } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { member } from '../users/users.fixtures';
import { createStory, editStory, sendStory, storyWorld } from './stories.fixtures';

/**
 * What hangs on fics: grade counts, deletes refused or cascaded, and races settled by the database.
 * Run on a PostgreSQL server too (TEST_DATABASE_URL), where parallel requests really overlap.
 */
describe('fics and the data around them', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof storyWorld>>;
  beforeAll(async () => {
    t = await buildTestApp();
    w = await storyWorld(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it("counts each grade's fics on the school view and refuses to delete a grade or school that has them", async () => {
    const grade = (
      await t.app.db
        .insert(grades)
        .values({ collegeId: w.collegeB, level: 'Tercero', cicle: 'Medio', name: 'Z' })
        .returning()
    )[0]!;
    const student = await member(t.app, 'STUDENT', [grade.id]);
    await createStory(t.app, student.headers);
    await createStory(t.app, student.headers);
    const view = await t.app.inject({
      method: 'GET',
      url: `/api/v1/colleges/${w.collegeB}`,
      headers: w.admin.headers,
    });
    const college = view.json<{ college: CollegeDetail }>().college;
    expect(college.grades.find((g) => g._id === grade.id)?.storiesCount).toBe(2);
    expect(college.storiesCount).toBe(2);

    // The student leaves the grade: it has no users now, but its fics still keep it.
    await t.app.db.delete(userGrades).where(eq(userGrades.userId, student.id));
    const delGrade = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/colleges/${w.collegeB}/grades/${grade.id}`,
      headers: w.admin.headers,
    });
    expect(delGrade.statusCode).toBe(409);
    const delCollege = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/colleges/${w.collegeB}`,
      headers: w.admin.headers,
    });
    expect(delCollege.statusCode).toBe(409);
    // And the database itself refuses, whatever the application checks.
    await expect(t.app.db.delete(grades).where(eq(grades.id, grade.id))).rejects.toThrow();
  });

  it("keeps a fic's grade inside its school (a composite reference)", async () => {
    const [row] = await t.app.db.select().from(stories).limit(1);
    await expect(
      t.app.db
        .update(stories)
        .set({ collegeId: w.collegeB, gradeId: w.gradeA1 })
        .where(eq(stories.id, row!.id)),
    ).rejects.toThrow();
  });

  it('deletes the fics of a deleted user with their covers and revisions', async () => {
    const student = await member(t.app, 'STUDENT', [w.gradeA1]);
    const draft = await createStory(t.app, student.headers);
    const sent = await createStory(t.app, student.headers, { draft: false });
    const coverIds = [draft, sent].map((s) => s.image.url.split('/').pop()!);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/users/${student.id}`,
      headers: w.admin.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(await t.app.db.$count(stories, eq(stories.authorId, student.id))).toBe(0);
    expect(await t.app.db.$count(storyRevisions, eq(storyRevisions.storyId, sent._id))).toBe(0);
    for (const id of coverIds) {
      expect(await t.app.db.$count(media, eq(media.id, id))).toBe(0);
      expect(await t.app.db.$count(media, eq(media.variantOf, id))).toBe(0);
    }
  });

  it('sends a draft exactly once when 20 sends arrive together', async () => {
    const draft = await createStory(t.app, w.author.headers);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => sendStory(t.app, w.author.headers, draft._id)),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    expect(await t.app.db.$count(storyRevisions, eq(storyRevisions.storyId, draft._id))).toBe(1);
    const [row] = await t.app.db
      .select({ rounds: stories.rounds })
      .from(stories)
      .where(eq(stories.id, draft._id));
    expect(row!.rounds).toBe(1);
  });

  it('never lands an edit on a fic that a racing send already put under review', async () => {
    const draft = await createStory(t.app, w.author.headers);
    const [edit, send] = await Promise.all([
      editStory(t.app, w.author.headers, draft._id, { title: 'Editado a la vez' }),
      sendStory(t.app, w.author.headers, draft._id),
    ]);
    expect(send.statusCode).toBe(200);
    const [revision] = await t.app.db
      .select()
      .from(storyRevisions)
      .where(eq(storyRevisions.storyId, draft._id));
    const [row] = await t.app.db.select().from(stories).where(eq(stories.id, draft._id));
    if (edit.statusCode === 200) {
      // The edit committed first: the snapshot sent for review includes it.
      expect(revision!.title).toBe('Editado a la vez');
    } else {
      expect(edit.statusCode).toBe(409);
      expect(edit.json()).toMatchObject({ message: storyMessages.cannotEditNow });
      expect(row!.title).toBe('El pingüino volador');
    }
    expect(row!.title).toBe(revision!.title);
  });

  it('lets either a delete or a send win a race, never both', async () => {
    const draft = await createStory(t.app, w.author.headers);
    const [del, send] = await Promise.all([
      t.app.inject({ method: 'DELETE', url: `/api/v1/stories/${draft._id}`, headers: w.author.headers }),
      sendStory(t.app, w.author.headers, draft._id),
    ]);
    const remaining = await t.app.db.$count(stories, eq(stories.id, draft._id));
    if (del.statusCode === 200) {
      expect(remaining).toBe(0);
      expect([404, 409]).toContain(send.statusCode);
    } else {
      expect(send.statusCode).toBe(200);
      expect(del.statusCode).toBe(409);
      expect(remaining).toBe(1);
    }
  });

  it('creates one shared tag when two fics add the same new tag at once', async () => {
    const [a, b] = await Promise.all([
      createStory(t.app, w.author.headers, { fields: { tags: '["Dragones Nuevos"]' } }),
      createStory(t.app, w.classmate.headers, { fields: { tags: '["dragones nuevos"]' } }),
    ]);
    expect(a.tags).toHaveLength(1);
    expect(b.tags).toHaveLength(1);
    expect(a.tags[0]!.toLowerCase()).toBe(b.tags[0]!.toLowerCase());
  });
});
