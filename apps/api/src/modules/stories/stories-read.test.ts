import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storyMessages, type Story, type StorySummary, type Paged } from '@fics/contracts';
import { eq } from 'drizzle-orm';
import { stories } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { member } from '../users/users.fixtures';
import { createStory, publishedStory, setStatus, storyWorld } from './stories.fixtures';

describe('reading fics: GET /stories/:id, /stories/student-stories, /stories/tags', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof storyWorld>>;
  const get = (id: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/v1/stories/${id}`, headers });

  beforeAll(async () => {
    t = await buildTestApp();
    w = await storyWorld(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('shows an unpublished fic only to its author, the teachers of its grade and administrators', async () => {
    for (const status of ['EDITING', 'REVIEWING', 'EVALUATED'] as const) {
      const story = await createStory(t.app, w.author.headers);
      await setStatus(t.app, story._id, status);
      for (const viewer of [w.author, w.teacher, w.admin]) {
        expect({ status, who: viewer.name, code: (await get(story._id, viewer.headers)).statusCode }).toEqual(
          {
            status,
            who: viewer.name,
            code: 200,
          },
        );
      }
      for (const viewer of [
        w.classmate,
        w.otherGradeStudent,
        w.otherSchoolStudent,
        w.otherGradeTeacher,
        w.otherSchoolTeacher,
      ]) {
        const res = await get(story._id, viewer.headers);
        expect({ status, who: viewer.name, code: res.statusCode }).toEqual({
          status,
          who: viewer.name,
          code: 404,
        });
        expect(res.json()).toEqual({ type: 'NOT_FOUND', message: storyMessages.notFound });
      }
      expect((await get(story._id)).statusCode).toBe(404);
    }
  });

  it('shows a published fic to anyone, with no actions for those who have none', async () => {
    const story = await createStory(t.app, w.author.headers);
    await setStatus(t.app, story._id, 'PUBLISHED');
    for (const headers of [{}, w.classmate.headers, w.otherSchoolTeacher.headers]) {
      const res = await get(story._id, headers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        story: {
          publicationStatus: 'PUBLISHED',
          permissions: { canEdit: false, canSend: false, canDelete: false },
        },
      });
    }
  });

  it('shows a student author to a visitor without a session as first name and initial, without a photo', async () => {
    const story = await createStory(t.app, w.author.headers);
    await setStatus(t.app, story._id, 'PUBLISHED');
    const visitor = (await get(story._id)).json<{ story: Story }>();
    expect(visitor.story.writtenBy).toEqual({ _id: w.author.id, name: 'Sofía E.', profilePicture: null });
    const signedIn = (await get(story._id, w.otherSchoolStudent.headers)).json<{ story: Story }>();
    expect(signedIn.story.writtenBy).toMatchObject({ name: 'Sofía Escobar Ruiz' });
  });

  it('never sends the real author of an anonymous or pseudonymous fic to anyone but the author, its evaluator and administrators', async () => {
    const authorships: Record<string, string>[] = [
      { anonymity: 'true' },
      { nickname: 'true', nicknameValue: 'Pingu' },
    ];
    for (const fields of authorships) {
      // Sent, evaluated by `teacher` (its evaluator) and published by them.
      const { story } = await publishedStory(t.app, w, { fields });
      for (const headers of [
        {},
        w.classmate.headers,
        w.otherSchoolStudent.headers,
        w.otherGradeTeacher.headers,
        // Another teacher of the grade reviews it blind.
        w.colleague.headers,
      ]) {
        const res = await get(story._id, headers);
        const body = res.json<{ story: Story }>();
        expect(body.story.writtenBy).toBeNull();
        expect(body.story.permissions.canRevealAuthor).toBe(false);
        // Not even the id or name anywhere in the answer.
        expect(res.body).not.toContain(w.author.id);
        expect(res.body).not.toContain('Sofía');
        expect(res.body).not.toContain('Escobar');
      }
      for (const viewer of [w.author, w.teacher, w.admin]) {
        const body = (await get(story._id, viewer.headers)).json<{ story: Story }>();
        expect(body.story.writtenBy).toMatchObject({ _id: w.author.id, name: 'Sofía Escobar Ruiz' });
        // The toggle is for the evaluator and administrators; the author sees themself.
        expect(body.story.permissions.canRevealAuthor).toBe(viewer !== w.author);
      }
    }
  });

  it('answers 401 for a bad token instead of the public view, and 404 for an unknown or malformed id', async () => {
    const story = await createStory(t.app, w.author.headers);
    await setStatus(t.app, story._id, 'PUBLISHED');
    expect((await get(story._id, { authorization: 'Bearer caducado' })).statusCode).toBe(401);
    expect((await get('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await get('no-es-un-id')).statusCode).toBe(400);
  });

  it("pages the caller's own fics, newest first, and only theirs", async () => {
    const student = await member(t.app, 'STUDENT', [w.gradeA1], { name: 'Lista Propia' });
    const titles: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const story = await createStory(t.app, student.headers, { fields: { title: `Fic número ${i}` } });
      titles.unshift(story.title);
    }
    const page = async (query: string, headers = student.headers) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/stories/student-stories${query}`,
        headers,
      });
      return { status: res.statusCode, body: res.json<{ stories: Paged<StorySummary> }>() };
    };
    const first = await page('?limit=2');
    expect(first.status).toBe(200);
    expect(first.body.stories).toMatchObject({
      page: 1,
      limit: 2,
      totalDocs: 5,
      hasNextPage: true,
      nextPage: 2,
    });
    expect(first.body.stories.docs.map((d) => d.title)).toEqual(titles.slice(0, 2));
    expect(first.body.stories.docs[0]).toMatchObject({ publicationStatus: 'EDITING', draft: true });
    expect(first.body.stories.docs[0]!.image.variants.length).toBeGreaterThan(0);
    const last = await page('?limit=2&page=3');
    expect(last.body.stories).toMatchObject({ totalDocs: 5, hasNextPage: false, nextPage: null });
    expect(last.body.stories.docs.map((d) => d.title)).toEqual(titles.slice(4));
    // Defaults and limits of the shared paging schema.
    expect((await page('')).body.stories).toMatchObject({ page: 1, limit: 20, totalDocs: 5 });
    expect((await page('?limit=101')).status).toBe(400);
    expect((await page('?page=0')).status).toBe(400);
    // Someone else's list does not include them.
    const other = await page('', w.classmate.headers);
    expect(other.body.stories.docs.every((d) => !d.title.startsWith('Fic número'))).toBe(true);
    const visitor = await t.app.inject({ method: 'GET', url: '/api/v1/stories/student-stories' });
    expect(visitor.statusCode).toBe(401);
  });

  it("sorts the caller's own fics by the date the list shows (published, else created), ties by id, across pages", async () => {
    const student = await member(t.app, 'STUDENT', [w.gradeA1], { name: 'Fechas Propias' });
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    // Written in this order; their dates say otherwise, and creation alone would sort them
    // B, D/E, C, A: a fic published yesterday but started ten days ago is the newest.
    const plan = [
      { title: 'Fic A', createdAt: daysAgo(10), publishedAt: daysAgo(1) },
      { title: 'Fic B', createdAt: daysAgo(2), publishedAt: null },
      { title: 'Fic C', createdAt: daysAgo(5), publishedAt: daysAgo(3) },
      { title: 'Fic D', createdAt: daysAgo(4), publishedAt: null },
      { title: 'Fic E', createdAt: daysAgo(4), publishedAt: null },
    ];
    const ids = new Map<string, string>();
    for (const fic of plan) {
      const story = await createStory(t.app, student.headers, { fields: { title: fic.title } });
      ids.set(fic.title, story._id);
      await t.app.db
        .update(stories)
        .set({
          createdAt: fic.createdAt,
          status: fic.publishedAt ? 'PUBLISHED' : 'EDITING',
          publishedAt: fic.publishedAt,
        })
        .where(eq(stories.id, story._id));
    }
    // D and E share their date: the id decides, the same on every page.
    const tied = [ids.get('Fic D')!, ids.get('Fic E')!].sort().reverse();
    const expected = [ids.get('Fic A'), ids.get('Fic B'), ids.get('Fic C'), ...tied];
    const dateOf = new Map(
      plan.map((fic) => [ids.get(fic.title), (fic.publishedAt ?? fic.createdAt).toISOString()]),
    );
    const read = async (query: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/stories/student-stories${query}`,
        headers: student.headers,
      });
      return res.json<{ stories: Paged<StorySummary> }>().stories.docs;
    };
    const whole = await read('');
    expect(whole.map((d) => d._id)).toEqual(expected);
    // The date shown is the one sorted by.
    expect(whole.map((d) => d.date)).toEqual(expected.map((id) => dateOf.get(id)));
    for (const limit of [1, 2, 3]) {
      const paged: string[] = [];
      for (let page = 1; page <= Math.ceil(5 / limit); page += 1) {
        paged.push(...(await read(`?limit=${limit}&page=${page}`)).map((d) => d._id));
      }
      expect({ limit, paged }).toEqual({ limit, paged: expected });
    }
  });

  it("suggests tags of published fics and of the caller's own, accents and case ignored", async () => {
    const published = await createStory(t.app, w.author.headers, {
      fields: { tags: JSON.stringify(['Canción', 'Océano']) },
    });
    await setStatus(t.app, published._id, 'PUBLISHED');
    await createStory(t.app, w.classmate.headers, { fields: { tags: JSON.stringify(['Cancha secreta']) } });
    const suggest = async (search: string, headers: Record<string, string> = {}) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/stories/tags?search=${encodeURIComponent(search)}`,
        headers,
      });
      expect(res.statusCode).toBe(200);
      return res.json<{ tags: string[] }>().tags;
    };
    expect(await suggest('cancion')).toEqual(['Canción']);
    expect(await suggest('OCEA')).toEqual(['Océano']);
    // A draft's tag is the classmate's alone.
    expect(await suggest('canc')).toEqual(['Canción']);
    expect(await suggest('canc', w.classmate.headers)).toEqual(['Canción', 'Cancha secreta']);
    expect(await suggest('')).toEqual([]);
    expect(await suggest('%')).toEqual([]);
    const tooLong = await t.app.inject({
      method: 'GET',
      url: `/api/v1/stories/tags?search=${'x'.repeat(31)}`,
    });
    expect(tooLong.statusCode).toBe(400);
  });
});
