import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { storyMessages } from '@fics/contracts';
import { stories } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { member } from '../users/users.fixtures';
import { createStory, evaluate, publish, reviewList, sendStory, storyWorld } from './stories.fixtures';

/** GET /stories/review-stories and /stories/published-stories: a teacher's grades, paged. */
describe("teachers' review lists", () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof storyWorld>>;
  /** A teacher of A1 and B1 (two schools), with fics of both. */
  let both: Awaited<ReturnType<typeof member>>;
  const ids: {
    draft?: string;
    sent: string[];
    anonymous?: string;
    pseudonym?: string;
    otherGrade?: string;
    otherSchool?: string;
    published: string[];
  } = { sent: [], published: [] };

  /**
   * Sets when a fic was last sent for review (the list's 'Fecha'), so the order is known without
   * waiting between requests. Its last activity is set the other way round (the later sent, the
   * earlier touched), so a list sorted by activity instead would come out reversed.
   */
  const touch = (id: string, minutesAgo: number) =>
    t.app.db
      .update(stories)
      .set({
        sentAt: new Date(Date.now() - minutesAgo * 60_000),
        updatedAt: new Date(Date.now() - (60 - minutesAgo) * 60_000),
      })
      .where(eq(stories.id, id));

  beforeAll(async () => {
    t = await buildTestApp();
    w = await storyWorld(t.app);
    both = await member(t.app, 'TEACHER', [w.gradeA1, w.gradeB1], { name: 'Doble Docente' });
    ids.draft = (await createStory(t.app, w.author.headers))._id;
    for (let i = 0; i < 3; i += 1) {
      const story = await createStory(t.app, w.author.headers, {
        draft: false,
        fields: { title: `Enviada ${i}` },
      });
      ids.sent.push(story._id);
    }
    ids.anonymous = (
      await createStory(t.app, w.author.headers, {
        draft: false,
        fields: { title: 'Anónima', anonymity: 'true' },
      })
    )._id;
    ids.pseudonym = (
      await createStory(t.app, w.classmate.headers, {
        draft: false,
        fields: { title: 'Con seudónimo', nickname: 'true', nicknameValue: 'Pingu' },
      })
    )._id;
    ids.otherGrade = (
      await createStory(t.app, w.otherGradeStudent.headers, { draft: false, fields: { title: 'De A2' } })
    )._id;
    ids.otherSchool = (
      await createStory(t.app, w.otherSchoolStudent.headers, { draft: false, fields: { title: 'De B1' } })
    )._id;
    // `teacher` evaluates the anonymous fic (its evaluator) and the first sent one.
    await evaluate(t.app, w.teacher.headers, ids.anonymous);
    await evaluate(t.app, w.teacher.headers, ids.sent[0]!);
    // Two published fics of A1: the second published last.
    for (const title of ['Publicada uno', 'Publicada dos']) {
      const story = await createStory(t.app, w.author.headers, { draft: false, fields: { title } });
      await evaluate(t.app, w.colleague.headers, story._id);
      expect((await publish(t.app, w.colleague.headers, story._id)).statusCode).toBe(200);
      ids.published.unshift(story._id);
    }
    // Last sent first: sent 2, sent 1, sent 0, anonymous, pseudonym (minutes ago 1..5); neither the
    // order they were written in nor that of their last activity.
    const order = [ids.sent[2]!, ids.sent[1]!, ids.sent[0]!, ids.anonymous, ids.pseudonym];
    for (const [index, id] of order.entries()) {
      await touch(id, index + 1);
    }
  });
  afterAll(async () => {
    await t.close();
  });

  it("lists the REVIEWING and EVALUATED fics of the teacher's grades, last sent first, by the date it shows", async () => {
    const { res, page } = await reviewList(t.app, w.teacher.headers, 'review-stories');
    expect(res.statusCode).toBe(200);
    expect(page!.docs.map((row) => row._id)).toEqual([
      ids.sent[2],
      ids.sent[1],
      ids.sent[0],
      ids.anonymous,
      ids.pseudonym,
    ]);
    expect(page).toMatchObject({ page: 1, limit: 20, totalDocs: 5, hasNextPage: false, nextPage: null });
    // The 'Fecha' shown is the date sorted by: the sending, newest first.
    const sent = await t.app.db.select({ id: stories.id, sentAt: stories.sentAt }).from(stories);
    const sentOf = new Map(sent.map((row) => [row.id, row.sentAt?.toISOString()]));
    expect(page!.docs.map((row) => row.date)).toEqual(page!.docs.map((row) => sentOf.get(row._id)));
    const dates = page!.docs.map((row) => row.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    const [first] = page!.docs;
    const sentAt = (await t.app.db.select().from(stories).where(eq(stories.id, ids.sent[2]!)))[0]!.sentAt!;
    expect(first).toEqual({
      _id: ids.sent[2],
      student: 'Sofía Escobar Ruiz',
      anonymity: false,
      nicknameValue: null,
      college: 'Escuela Arrayán',
      grade: 'Primero Básico A',
      storyTitle: 'Enviada 2',
      personal: false,
      publicationStatus: 'REVIEWING',
      date: sentAt.toISOString(),
      canDelete: false,
    });
    // Its evaluator sees the anonymous fic's author and may delete the fics they evaluated.
    const anonymous = page!.docs.find((row) => row._id === ids.anonymous)!;
    expect(anonymous).toMatchObject({
      student: 'Sofía Escobar Ruiz',
      anonymity: true,
      publicationStatus: 'EVALUATED',
      canDelete: true,
    });
    expect(page!.docs.find((row) => row._id === ids.sent[0])).toMatchObject({
      publicationStatus: 'EVALUATED',
      canDelete: true,
    });
    // The pseudonymous fic is not theirs: its author stays hidden.
    expect(page!.docs.find((row) => row._id === ids.pseudonym)).toMatchObject({
      student: null,
      nicknameValue: 'Pingu',
      canDelete: false,
    });
  });

  it('hides anonymous and pseudonymous authors from teachers who did not evaluate the fic', async () => {
    const { page } = await reviewList(t.app, w.colleague.headers, 'review-stories');
    for (const id of [ids.anonymous, ids.pseudonym]) {
      const row = page!.docs.find((r) => r._id === id)!;
      expect(row.student).toBeNull();
      expect(row.canDelete).toBe(false);
    }
    expect(page!.docs.filter((row) => row.student === 'Sofía Escobar Ruiz')).toHaveLength(3);
  });

  it('pages the list and filters it by status', async () => {
    const first = (await reviewList(t.app, w.teacher.headers, 'review-stories', '?limit=2')).page!;
    expect(first).toMatchObject({ page: 1, limit: 2, totalDocs: 5, hasNextPage: true, nextPage: 2 });
    const third = (await reviewList(t.app, w.teacher.headers, 'review-stories', '?limit=2&page=3')).page!;
    expect(third).toMatchObject({ page: 3, totalDocs: 5, hasNextPage: false, nextPage: null });
    expect(third.docs.map((row) => row._id)).toEqual([ids.pseudonym]);
    const past = (await reviewList(t.app, w.teacher.headers, 'review-stories', '?limit=2&page=9')).page!;
    expect(past).toMatchObject({ docs: [], totalDocs: 5 });

    const evaluated = (await reviewList(t.app, w.teacher.headers, 'review-stories', '?status=EVALUATED'))
      .page!;
    expect(evaluated.docs.map((row) => row._id)).toEqual([ids.sent[0], ids.anonymous]);
    const reviewing = (await reviewList(t.app, w.teacher.headers, 'review-stories', '?status=REVIEWING'))
      .page!;
    expect(reviewing.totalDocs).toBe(3);
    const bad = await reviewList(t.app, w.teacher.headers, 'review-stories', '?status=PUBLISHED');
    expect(bad.res.statusCode).toBe(400);
    expect(bad.res.json()).toMatchObject({ errors: { status: storyMessages.statusInvalid } });
    expect((await reviewList(t.app, w.teacher.headers, 'review-stories', '?limit=101')).res.statusCode).toBe(
      400,
    );
  });

  it("shows each teacher only their own grades' fics, across their schools", async () => {
    const other = (await reviewList(t.app, w.otherGradeTeacher.headers, 'review-stories')).page!;
    expect(other.docs.map((row) => row._id)).toEqual([ids.otherGrade]);
    expect(other.docs[0]).toMatchObject({ grade: 'Segundo Básico B', college: 'Escuela Arrayán' });
    const schoolB = (await reviewList(t.app, w.otherSchoolTeacher.headers, 'review-stories')).page!;
    expect(schoolB.docs.map((row) => row._id)).toEqual([ids.otherSchool]);
    expect(schoolB.docs[0]).toMatchObject({ grade: 'Primero Medio C', college: 'Liceo Bosque' });
    const twoSchools = (await reviewList(t.app, both.headers, 'review-stories')).page!;
    expect(twoSchools.totalDocs).toBe(6);
    expect(twoSchools.docs.map((row) => row._id)).toContain(ids.otherSchool);
    expect(twoSchools.docs.map((row) => row._id)).not.toContain(ids.otherGrade);
    // Drafts are never listed.
    expect(twoSchools.docs.map((row) => row._id)).not.toContain(ids.draft);
    const none = await member(t.app, 'TEACHER', [], { name: 'Sin Cursos' });
    expect((await reviewList(t.app, none.headers, 'review-stories')).page).toMatchObject({
      docs: [],
      totalDocs: 0,
    });
  });

  it('pages a teacher of several grades through fics whose sending dates interleave across grades', async () => {
    // The other school's fic (grade B1) between 'Enviada 1' and 'Enviada 0' (grade A1).
    await touch(ids.otherSchool!, 2.5);
    const whole = (await reviewList(t.app, both.headers, 'review-stories')).page!;
    const expected = [ids.sent[2], ids.sent[1], ids.otherSchool, ids.sent[0], ids.anonymous, ids.pseudonym];
    expect(whole.docs.map((row) => row._id)).toEqual(expected);
    const paged: string[] = [];
    for (let page = 1; page <= 3; page += 1) {
      const one = (await reviewList(t.app, both.headers, 'review-stories', `?limit=2&page=${page}`)).page!;
      expect(one).toMatchObject({ page, totalDocs: 6, hasNextPage: page < 3 });
      paged.push(...one.docs.map((row) => row._id));
    }
    expect(paged).toEqual(expected);
  });

  it('breaks ties of the same date by id, the same on every page size, across page boundaries', async () => {
    // Three of the five sent at the same instant (a page of 2 cuts between them).
    const same = new Date(Date.now() - 3 * 60_000);
    const tied = [ids.sent[1]!, ids.sent[0]!, ids.anonymous!];
    for (const id of tied) {
      await t.app.db.update(stories).set({ sentAt: same }).where(eq(stories.id, id));
    }
    try {
      const whole = (await reviewList(t.app, w.teacher.headers, 'review-stories')).page!;
      const byId = [...tied].sort().reverse();
      expect(whole.docs.map((row) => row._id)).toEqual([ids.sent[2], ...byId, ids.pseudonym]);
      for (const limit of [1, 2, 3]) {
        const paged: string[] = [];
        for (let page = 1; page <= Math.ceil(5 / limit); page += 1) {
          const one = (
            await reviewList(t.app, w.teacher.headers, 'review-stories', `?limit=${limit}&page=${page}`)
          ).page!;
          paged.push(...one.docs.map((row) => row._id));
        }
        expect({ limit, paged }).toEqual({ limit, paged: whole.docs.map((row) => row._id) });
      }
    } finally {
      // Back to the order the other tests expect.
      const order = [ids.sent[2]!, ids.sent[1]!, ids.sent[0]!, ids.anonymous!, ids.pseudonym!];
      for (const [index, id] of order.entries()) {
        await touch(id, index + 1);
      }
    }
  });

  it('lists published fics of their grades, newest first, with the publication date', async () => {
    const { page } = await reviewList(t.app, w.teacher.headers, 'published-stories');
    expect(page!.docs.map((row) => row._id)).toEqual(ids.published);
    const [row] = await t.app.db.select().from(stories).where(eq(stories.id, ids.published[0]!));
    expect(page!.docs[0]).toMatchObject({
      storyTitle: 'Publicada dos',
      publicationStatus: 'PUBLISHED',
      date: row!.publishedAt!.toISOString(),
      student: 'Sofía Escobar Ruiz',
      // Evaluated by the colleague: theirs to delete, not `teacher`'s.
      canDelete: false,
    });
    const colleague = (await reviewList(t.app, w.colleague.headers, 'published-stories')).page!;
    expect(colleague.docs.every((r) => r.canDelete)).toBe(true);
    const paged = (await reviewList(t.app, w.teacher.headers, 'published-stories', '?limit=1&page=2')).page!;
    expect(paged).toMatchObject({ page: 2, totalDocs: 2, hasNextPage: false });
    expect(paged.docs.map((r) => r._id)).toEqual([ids.published[1]]);
    expect((await reviewList(t.app, w.otherGradeTeacher.headers, 'published-stories')).page!.totalDocs).toBe(
      0,
    );

    // Resending one of the review list's fics moves it; publishing moves it to this list.
    await sendStory(t.app, w.author.headers, ids.sent[0]!);
    expect((await publish(t.app, w.teacher.headers, ids.sent[0]!)).statusCode).toBe(200);
    const after = (await reviewList(t.app, w.teacher.headers, 'published-stories')).page!;
    expect(after.docs[0]).toMatchObject({ _id: ids.sent[0], canDelete: true });
    const review = (await reviewList(t.app, w.teacher.headers, 'review-stories')).page!;
    expect(review.docs.map((r) => r._id)).not.toContain(ids.sent[0]);
  });

  it('answers students and administrators with 403 and visitors with 401', async () => {
    for (const list of ['review-stories', 'published-stories'] as const) {
      for (const who of [w.author, w.admin]) {
        const { res } = await reviewList(t.app, who.headers, list);
        expect({ list, who: who.name, code: res.statusCode }).toEqual({ list, who: who.name, code: 403 });
      }
      expect((await reviewList(t.app, {}, list)).res.statusCode).toBe(401);
    }
  });
});
