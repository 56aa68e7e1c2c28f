import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  galleryCountCap,
  galleryMessages,
  galleryQuerySchema,
  pagingMessages,
  type GalleryCard,
} from '@fics/contracts';
import { stories, users } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { countersAndRecount, gallery, insertCover, insertFics, type FicSeed } from './gallery.fixtures';
import { readGalleryPage } from './gallery.service';
import { publishedStory, setStatus, storyWorld } from './stories.fixtures';

const titles = (docs: GalleryCard[]) => docs.map((doc) => doc.title);

describe('GET /stories (the gallery)', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof storyWorld>>;
  let coverId: string;
  /** Fic i (0 = newest) of the 30 published below. */
  const fic = (i: number) => `Fic ${String(i).padStart(2, '0')}`;

  beforeAll(async () => {
    t = await buildTestApp();
    w = await storyWorld(t.app);
    coverId = await insertCover(t.app);
    // 30 published fics, newest first: 0..9 by the author in A1 (school A), 10..19 by the A2
    // student (school A), 20..29 by the B1 student (school B). Tags: every third has 'Misterio',
    // every fifth 'Amor'; fic 7 is anonymous, fic 8 under the pseudonym 'Pluma'.
    const seeds: FicSeed[] = Array.from({ length: 30 }, (_, i) => {
      const [authorId, collegeId, gradeId] =
        i < 10
          ? [w.author.id, w.collegeA, w.gradeA1]
          : i < 20
            ? [w.otherGradeStudent.id, w.collegeA, w.gradeA2]
            : [w.otherSchoolStudent.id, w.collegeB, w.gradeB1];
      return {
        authorId,
        collegeId,
        gradeId,
        title: fic(i),
        tags: [...(i % 3 === 0 ? ['Misterio'] : []), ...(i % 5 === 0 ? ['Amor'] : [])],
        anonymity: i === 7,
        nicknameValue: i === 8 ? 'Pluma' : null,
      };
    });
    await insertFics(t.app, coverId, seeds);
    // Fics that are not published never appear, whatever their tags and titles.
    await insertFics(
      t.app,
      coverId,
      (['EDITING', 'REVIEWING', 'EVALUATED'] as const).map((status) => ({
        authorId: w.author.id,
        collegeId: w.collegeA,
        gradeId: w.gradeA1,
        title: `Borrador ${status} Canción`,
        status,
        tags: ['Misterio', 'Amor'],
      })),
    );
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists published fics only, newest first, 12 a page, with the page metadata', async () => {
    const { res, page } = await gallery(t.app);
    expect(res.statusCode).toBe(200);
    expect(titles(page!.docs)).toEqual(Array.from({ length: 12 }, (_, i) => fic(i)));
    expect(page).toMatchObject({
      page: 1,
      limit: 12,
      totalDocs: 30,
      hasNextPage: true,
      nextPage: 2,
      totalIsLowerBound: false,
    });
    const last = (await gallery(t.app, '?page=3')).page!;
    expect(titles(last.docs)).toEqual(Array.from({ length: 6 }, (_, i) => fic(24 + i)));
    expect(last).toMatchObject({ totalDocs: 30, hasNextPage: false, nextPage: null });
  });

  it('answers a page past the end with no fics and the true total, not an error', async () => {
    const { res, page } = await gallery(t.app, '?page=4');
    expect(res.statusCode).toBe(200);
    expect(page).toMatchObject({ docs: [], page: 4, totalDocs: 30, hasNextPage: false, nextPage: null });
    expect((await gallery(t.app, '?page=10000')).page!.docs).toEqual([]);
  });

  it('takes a smaller limit and pages through the fics without overlap or gaps', async () => {
    const seen: string[] = [];
    for (let p = 1; p <= 7; p += 1) {
      const page = (await gallery(t.app, `?page=${p}&limit=5`)).page!;
      seen.push(...titles(page.docs));
      expect(page.hasNextPage).toBe(p < 6);
    }
    expect(seen).toEqual(Array.from({ length: 30 }, (_, i) => fic(i)));
  });

  it('breaks ties of the same publication date by id, so pages never overlap', async () => {
    const same = new Date('2020-01-01T00:00:00Z');
    const ids = await insertFics(
      t.app,
      coverId,
      Array.from({ length: 7 }, (_, i) => ({
        authorId: w.classmate.id,
        collegeId: w.collegeA,
        gradeId: w.gradeA1,
        title: `Empate ${i}`,
        publishedAt: same,
        tags: ['Empate'],
      })),
    );
    const first = (await gallery(t.app, '?tags=Empate&limit=4')).page!;
    const second = (await gallery(t.app, '?tags=Empate&limit=4&page=2')).page!;
    expect([...first.docs, ...second.docs].map((doc) => doc._id)).toEqual([...ids].sort());
    await t.app.db.execute(sql`delete from stories where title like 'Empate %'`);
  });

  it('refuses bad paging and filters with a Spanish message per field', async () => {
    const cases: [string, string, string][] = [
      ['?limit=13', 'limit', pagingMessages.limit(12)],
      ['?limit=0', 'limit', pagingMessages.limit(12)],
      ['?page=0', 'page', pagingMessages.page],
      ['?page=dos', 'page', pagingMessages.page],
      ['?page=10001', 'page', pagingMessages.page],
      ['?collegeId=123', 'collegeId', 'Identificador inválido'],
      ['?gradeId=not-a-uuid', 'gradeId', 'Identificador inválido'],
      ['?tags=a,b,c,d,e,f', 'tags', galleryMessages.tagsMax],
      [`?tags=${'x'.repeat(31)}`, 'tags', galleryMessages.tagMax],
      [`?searchTitle=${'a'.repeat(51)}`, 'searchTitle', galleryMessages.searchTitleMax],
    ];
    for (const [query, field, message] of cases) {
      const { res } = await gallery(t.app, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ type: 'VALIDATION_ERROR', errors: { [field]: message } });
    }
  });

  it('filters by school and by grade, with their totals', async () => {
    const school = (await gallery(t.app, `?collegeId=${w.collegeB}`)).page!;
    expect(titles(school.docs)).toEqual(Array.from({ length: 10 }, (_, i) => fic(20 + i)));
    expect(school).toMatchObject({ totalDocs: 10, hasNextPage: false });
    const schoolA = (await gallery(t.app, `?collegeId=${w.collegeA}`)).page!;
    expect(schoolA).toMatchObject({ totalDocs: 20, hasNextPage: true, totalIsLowerBound: false });
    const grade = (await gallery(t.app, `?gradeId=${w.gradeA2}&limit=4`)).page!;
    expect(titles(grade.docs)).toEqual([fic(10), fic(11), fic(12), fic(13)]);
    expect(grade).toMatchObject({ totalDocs: 10, hasNextPage: true });
    const both = (await gallery(t.app, `?collegeId=${w.collegeA}&gradeId=${w.gradeA2}&limit=4`)).page!;
    expect(both).toEqual(grade);
    // A grade of another school, an unknown school: nothing.
    const mismatch = (await gallery(t.app, `?collegeId=${w.collegeB}&gradeId=${w.gradeA2}`)).page!;
    expect(mismatch).toMatchObject({ docs: [], totalDocs: 0, hasNextPage: false });
    const unknown = (await gallery(t.app, `?collegeId=${crypto.randomUUID()}`)).page!;
    expect(unknown).toMatchObject({ docs: [], totalDocs: 0 });
  });

  it('filters by a tag ignoring case, and by several tags that must all be on the fic', async () => {
    const misterio = Array.from({ length: 30 }, (_, i) => i).filter((i) => i % 3 === 0);
    const one = (await gallery(t.app, '?tags=MISTERIO')).page!;
    expect(titles(one.docs)).toEqual(misterio.map(fic));
    expect(one).toMatchObject({ totalDocs: 10, hasNextPage: false });
    const both = (await gallery(t.app, '?tags=misterio,Amor')).page!;
    expect(titles(both.docs)).toEqual([fic(0), fic(15)]);
    expect(both.totalDocs).toBe(2);
    const repeated = (await gallery(t.app, '?tags=Amor&tags=%20misterio%20')).page!;
    expect(repeated).toEqual(both);
  });

  it('answers an unknown tag with an empty page, not an error', async () => {
    const { res, page } = await gallery(t.app, '?tags=Misterio,Dinosaurios');
    expect(res.statusCode).toBe(200);
    expect(page).toMatchObject({ docs: [], totalDocs: 0, hasNextPage: false, nextPage: null });
  });

  it('searches titles ignoring accents and case, every word must appear', async () => {
    const ids = await insertFics(t.app, coverId, [
      { authorId: w.author.id, collegeId: w.collegeA, gradeId: w.gradeA1, title: 'La Canción del Río' },
      { authorId: w.author.id, collegeId: w.collegeA, gradeId: w.gradeA1, title: 'Canciones de cuna' },
      { authorId: w.author.id, collegeId: w.collegeA, gradeId: w.gradeA1, title: 'El río 100% seco' },
    ]);
    expect(titles((await gallery(t.app, '?searchTitle=cancion')).page!.docs)).toEqual([
      'La Canción del Río',
      'Canciones de cuna',
    ]);
    expect(titles((await gallery(t.app, '?searchTitle=%20RIO%20cAnCiÓn%20')).page!.docs)).toEqual([
      'La Canción del Río',
    ]);
    // LIKE's wildcards are taken literally.
    expect(titles((await gallery(t.app, '?searchTitle=100%25')).page!.docs)).toEqual(['El río 100% seco']);
    expect(titles((await gallery(t.app, '?searchTitle=_')).page!.docs)).toEqual([]);
    // A draft called 'Borrador ... Canción' is never found.
    expect((await gallery(t.app, '?searchTitle=borrador')).page!.docs).toEqual([]);
    await t.app.db.execute(sql`delete from stories where id in (${sql.join(ids, sql`, `)})`);
  });

  it('combines school, grade, tags and title', async () => {
    const combined = (await gallery(t.app, `?collegeId=${w.collegeA}&tags=Misterio&searchTitle=fic%201`))
      .page!;
    expect(titles(combined.docs)).toEqual([fic(12), fic(15), fic(18)]);
    expect(combined).toMatchObject({ totalDocs: 3, totalIsLowerBound: false });
    const graded = (await gallery(t.app, `?gradeId=${w.gradeB1}&tags=amor,misterio`)).page!;
    expect(titles(graded.docs)).toEqual([]);
    const gradedOne = (await gallery(t.app, `?gradeId=${w.gradeB1}&tags=amor`)).page!;
    expect(titles(gradedOne.docs)).toEqual([fic(20), fic(25)]);
  });

  it('answers the card fields only, with the cover and its WebP sizes', async () => {
    const card = (await gallery(t.app, '?limit=1')).page!.docs[0]!;
    expect(Object.keys(card).sort()).toEqual(
      [
        '_id',
        'anonymity',
        'date',
        'image',
        'likesCount',
        'nickname',
        'nicknameValue',
        'title',
        'writtenBy',
      ].sort(),
    );
    expect(card.image).toEqual({
      url: `/api/v1/media/${coverId}`,
      width: 4,
      height: 3,
      variants: [{ url: expect.stringMatching(/^\/api\/v1\/media\//), width: 2, height: 2 }],
    });
    expect(card.likesCount).toBe(0);
    expect(new Date(card.date).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  describe('who wrote it', () => {
    const cardOf = async (i: number, headers: Record<string, string> = {}) => {
      const page = (await gallery(t.app, `?gradeId=${w.gradeA1}`, headers)).page!;
      return page.docs.find((doc) => doc.title === fic(i))!;
    };

    beforeAll(async () => {
      const avatar = await insertCover(t.app);
      await t.app.db.update(users).set({ profilePictureId: avatar }).where(eq(users.id, w.author.id));
    });

    it("shows a student to a visitor as 'Sofía E.' without a photo", async () => {
      const card = await cardOf(0);
      expect(card.writtenBy).toEqual({ _id: w.author.id, name: 'Sofía E.', profilePicture: null });
    });

    it('shows a logged-in reader the full name and the avatar', async () => {
      for (const reader of [w.classmate, w.otherSchoolTeacher, w.admin]) {
        const card = await cardOf(0, reader.headers);
        expect(card.writtenBy).toEqual({
          _id: w.author.id,
          name: 'Sofía Escobar Ruiz',
          profilePicture: { url: expect.stringMatching(/^\/api\/v1\/media\//) },
        });
      }
    });

    it('never names the author of an anonymous or pseudonymous fic, not even to them or an administrator', async () => {
      for (const headers of [{}, w.classmate.headers, w.author.headers, w.teacher.headers, w.admin.headers]) {
        const anonymous = await cardOf(7, headers);
        expect(anonymous).toMatchObject({
          anonymity: true,
          nickname: false,
          nicknameValue: null,
          writtenBy: null,
        });
        const pseudonym = await cardOf(8, headers);
        expect(pseudonym).toMatchObject({
          anonymity: false,
          nickname: true,
          nicknameValue: 'Pluma',
          writtenBy: null,
        });
      }
    });
  });

  it('lets visitors and HTTP caches keep a page briefly, never a logged-in reader', async () => {
    const visitor = await gallery(t.app);
    expect(visitor.res.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    expect(visitor.res.headers['content-type']).toMatch(/^application\/json/);
    expect(visitor.res.headers.vary).toMatch(/authorization/i);
    const reader = await gallery(t.app, '', w.classmate.headers);
    expect(reader.res.headers['cache-control']).toBe('private, no-store');
    expect(reader.res.headers.vary).toMatch(/authorization/i);
    const badToken = await gallery(t.app, '', { authorization: 'Bearer nope' });
    expect(badToken.res.statusCode).toBe(401);
  });

  it('gives the HTML shell the same body as the route', async () => {
    const query = galleryQuerySchema.parse({ tags: 'misterio', page: '2', limit: '3' });
    const body = await readGalleryPage({ db: t.app.db, actor: null, query });
    const { res } = await gallery(t.app, '?tags=misterio&page=2&limit=3');
    expect(res.json()).toEqual(body);
  });

  it('counts past the cap as a lower bound for a title search, with hasNextPage still exact', async () => {
    const many = galleryCountCap + 5;
    await t.app.db.execute(sql`
      insert into stories (author_id, college_id, grade_id, title, text, status, cover_id, rounds, published_at)
      select ${w.classmate.id}, ${w.collegeA}, ${w.gradeA1}, 'Muchas ' || i, '<p>x</p>', 'PUBLISHED', ${coverId}, 1,
        now() - interval '1 year' - i * interval '1 minute'
      from generate_series(1, ${many}) as t(i)`);
    const search = (await gallery(t.app, '?searchTitle=muchas&limit=10', w.classmate.headers)).page!;
    expect(search).toMatchObject({
      totalDocs: galleryCountCap + 1,
      totalIsLowerBound: true,
      hasNextPage: true,
    });
    expect(titles(search.docs)).toEqual(Array.from({ length: 10 }, (_, i) => `Muchas ${i + 1}`));
    const lastPage = Math.ceil(many / 10);
    const last = (await gallery(t.app, `?searchTitle=muchas&limit=10&page=${lastPage}`, w.classmate.headers))
      .page!;
    expect(last).toMatchObject({ hasNextPage: false });
    expect(last.docs).toHaveLength(5);
    expect(last).toMatchObject({ totalDocs: many, totalIsLowerBound: false });
    // The page that ends at the cap, and a page past the end beyond it.
    const atCap = (
      await gallery(t.app, `?searchTitle=muchas&limit=10&page=${galleryCountCap / 10}`, w.classmate.headers)
    ).page!;
    expect(atCap).toMatchObject({
      hasNextPage: true,
      totalDocs: galleryCountCap + 1,
      totalIsLowerBound: true,
    });
    expect(titles(atCap.docs)[0]).toBe(`Muchas ${galleryCountCap - 9}`);
    const past = (await gallery(t.app, '?searchTitle=muchas&limit=10&page=30', w.classmate.headers)).page!;
    expect(past).toMatchObject({ docs: [], hasNextPage: false, totalDocs: galleryCountCap + 1 });
    // The unfiltered total comes from the counters: exact at any size.
    const all = (await gallery(t.app, '', w.classmate.headers)).page!;
    expect(all).toMatchObject({ totalDocs: 30 + many, totalIsLowerBound: false });
    await t.app.db.execute(sql`delete from stories where title like 'Muchas %'`);
  });

  it('follows publishing and deleting through the API, for visitors at once', async () => {
    const before = (await gallery(t.app)).page!;
    const { story } = await publishedStory(t.app, w, { fields: { tags: JSON.stringify(['Recién']) } });
    const after = (await gallery(t.app)).page!;
    expect(after.docs[0]!._id).toBe(story._id);
    expect(after.totalDocs).toBe(before.totalDocs + 1);
    expect((await gallery(t.app, '?tags=recién')).page!).toMatchObject({ totalDocs: 1 });
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/stories/${story._id}`,
      headers: w.admin.headers,
    });
    expect(res.statusCode).toBe(200);
    const gone = (await gallery(t.app)).page!;
    expect(gone.docs.map((doc) => doc._id)).not.toContain(story._id);
    expect(gone.totalDocs).toBe(before.totalDocs);
    expect((await gallery(t.app, '?tags=recién')).page!).toMatchObject({ docs: [], totalDocs: 0 });
  });

  it('keeps the counters equal to a recount whatever changes the fics', async () => {
    const [draft] = await insertFics(t.app, coverId, [
      {
        authorId: w.author.id,
        collegeId: w.collegeA,
        gradeId: w.gradeA1,
        title: 'Cambiante',
        status: 'EVALUATED',
        tags: ['Misterio', 'Nuevo'],
      },
    ]);
    await setStatus(t.app, draft!, 'PUBLISHED');
    expect((await gallery(t.app, '?tags=nuevo')).page!.totalDocs).toBe(1);
    // Moved to another school's grade, tags replaced, back out of the gallery, deleted.
    await t.app.db
      .update(stories)
      .set({ collegeId: w.collegeB, gradeId: w.gradeB1 })
      .where(eq(stories.id, draft!));
    let check = await countersAndRecount(t.app);
    expect(check.kept).toEqual(check.recounted);
    await setStatus(t.app, draft!, 'EVALUATED');
    check = await countersAndRecount(t.app);
    expect(check.kept).toEqual(check.recounted);
    await setStatus(t.app, draft!, 'PUBLISHED');
    await t.app.db.delete(stories).where(eq(stories.id, draft!));
    check = await countersAndRecount(t.app);
    expect(check.kept).toEqual(check.recounted);
    // A deleted account's fics go with it.
    const [other] = await insertFics(t.app, coverId, [
      { authorId: w.classmate.id, collegeId: w.collegeA, gradeId: w.gradeA1, title: 'Adiós', tags: ['Amor'] },
    ]);
    expect(other).toBeDefined();
    await t.app.db.delete(users).where(eq(users.id, w.classmate.id));
    check = await countersAndRecount(t.app);
    expect(check.kept).toEqual(check.recounted);
    expect(check.kept).toContain(`ALL:00000000-0000-0000-0000-000000000000=30`);
  });
});
