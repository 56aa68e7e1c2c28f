import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Story } from '@fics/contracts';
import { stories } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { countersAndRecount } from '../stories/gallery.fixtures';
import { publishedStory } from '../stories/stories.fixtures';
import { insertCollege, insertGrade, member } from '../users/users.fixtures';
import { runHousekeeping } from './housekeeping.service';

/**
 * The yearly lift of a guardian's consent (issue 22.5, migration 0032): a student counts as under 14
 * until the year after they turn 14, so on 1 January (Chile's calendar) those born fifteen years
 * before stop needing one. The copy kept on each fic (stories.author_withheld) was written in the
 * old year: the housekeeping job rewrites it, for that birth year only, with a fixed clock here.
 */
describe('housekeeping lifts the consent copies of students who turned 14', () => {
  let t: TestApp;
  const year = new Date().getFullYear();
  const fics: Record<'turned' | 'stillKid' | 'older', Story> = {} as never;

  beforeAll(async () => {
    t = await buildTestApp();
    const college = await insertCollege(t.app, 'Escuela Quillay');
    const grade = await insertGrade(t.app, college, { level: 'Octavo', cicle: 'Básico', name: 'A' });
    const teacher = await member(t.app, 'TEACHER', [grade], { name: 'Teresa Docente' });
    const born = { turned: year - 15, stillKid: year - 14, older: year - 16 } as const;
    for (const key of ['turned', 'stillKid', 'older'] as const) {
      const author = await member(t.app, 'STUDENT', [grade], { name: `Autor ${key}`, birthYear: born[key] });
      fics[key] = (
        await publishedStory(t.app, { author, teacher }, { fields: { title: `Fic ${key}` } })
      ).story;
    }
    // Copies as the old year wrote them: the turned and older students were under 14 then.
    await t.app.db
      .update(stories)
      .set({ authorWithheld: true })
      .where(inArray(stories.id, [fics.turned._id, fics.older._id]));
  }, 90_000);
  afterAll(async () => {
    await t.close();
  });

  const withheld = async (story: Story) =>
    (await t.app.db.select({ w: stories.authorWithheld }).from(stories).where(eq(stories.id, story._id)))[0]!
      .w;
  const visitorSees = async (story: Story) =>
    (await t.app.inject({ method: 'GET', url: `/api/v1/stories/${story._id}` })).statusCode;

  it('rewrites only the birth year that just crossed the line, by the Chilean date of its clock', async () => {
    expect(await withheld(fics.stillKid)).toBe(true);
    expect(await visitorSees(fics.turned)).toBe(404);

    // 31 December, 23:30 in Santiago (02:30 UTC of 1 January): still the old year, nothing of theirs.
    const newYearsEve = await runHousekeeping({ db: t.app.db, now: new Date(`${year}-01-01T02:30:00Z`) });
    expect(newYearsEve).toMatchObject({ consentCopiesLifted: 1 });
    // That run's year crossed the students born sixteen years before: only the older one's fic.
    expect(await withheld(fics.older)).toBe(false);
    expect(await withheld(fics.turned)).toBe(true);

    // 1 January, 00:30 in Santiago: the students born fifteen years before turned 14 last year.
    const newYear = await runHousekeeping({ db: t.app.db, now: new Date(`${year}-01-01T03:30:00Z`) });
    expect(newYear).toMatchObject({ consentCopiesLifted: 1 });
    expect(await withheld(fics.turned)).toBe(false);
    expect(await visitorSees(fics.turned)).toBe(200);
    // Still under 14 this year: untouched.
    expect(await withheld(fics.stillKid)).toBe(true);
    expect(await visitorSees(fics.stillKid)).toBe(404);

    // Nothing left to lift: the next day's run changes nothing.
    expect(await runHousekeeping({ db: t.app.db, now: new Date(`${year}-01-02T12:00:00Z`) })).toMatchObject({
      consentCopiesLifted: 0,
    });
    // The gallery's counters followed the copies (their triggers).
    const check = await countersAndRecount(t.app);
    expect(check.kept).toEqual(check.recounted);
  });

  it('finds the students of a birth year through users_birth_year_idx', async () => {
    await t.app.db.execute(sql`set enable_seqscan = off`);
    try {
      const plan = await t.app.db.execute(
        sql`explain select id from users where birth_year = ${year - 15} and birth_year is not null`,
      );
      const text = (plan as { rows: Record<string, string>[] }).rows
        .map((row) => Object.values(row)[0])
        .join('\n');
      expect(text).toContain('users_birth_year_idx');
    } finally {
      await t.app.db.execute(sql`set enable_seqscan = on`);
    }
  });
});

/**
 * An orphaned fic (issue 22.4: its author's account erased, the fic kept as 'Anónimo') keeps the
 * restriction it had when its author went (migration 0033): a consent-less child's fic stays within
 * its school rather than becoming public anonymously.
 */
describe('an orphaned fic keeps its consent restriction', () => {
  let t: TestApp;
  const year = new Date().getFullYear();

  beforeAll(async () => {
    t = await buildTestApp();
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it('keeps author_withheld as it was when author_id becomes null', async () => {
    const college = await insertCollege(t.app, 'Escuela Peumo');
    const grade = await insertGrade(t.app, college, { level: 'Cuarto', cicle: 'Básico', name: 'B' });
    const teacher = await member(t.app, 'TEACHER', [grade], { name: 'Pablo Docente' });
    const kid = await member(t.app, 'STUDENT', [grade], { name: 'Nina Niño', birthYear: year - 9 });
    const older = await member(t.app, 'STUDENT', [grade], { name: 'Mario Mayor', birthYear: year - 17 });
    const kidFic = (await publishedStory(t.app, { author: kid, teacher })).story;
    const olderFic = (await publishedStory(t.app, { author: older, teacher })).story;
    const withheldOf = async (id: string) =>
      (await t.app.db.select({ w: stories.authorWithheld }).from(stories).where(eq(stories.id, id)))[0]!.w;
    const orphan = (id: string) =>
      t.app.db
        .update(stories)
        .set({
          authorId: null,
          orphanedAt: new Date(),
          anonymity: true,
          nicknameValue: null,
          location: '',
          locationLat: null,
          locationLon: null,
        })
        .where(eq(stories.id, id))
        .returning({ withheld: stories.authorWithheld });
    expect(await orphan(kidFic._id)).toEqual([{ withheld: true }]);
    expect(await orphan(olderFic._id)).toEqual([{ withheld: false }]);
    // A visitor still does not see the child's fic; the older student's stays public.
    const visitor = (id: string) => t.app.inject({ method: 'GET', url: `/api/v1/stories/${id}` });
    expect((await visitor(kidFic._id)).statusCode).toBe(404);
    expect((await visitor(olderFic._id)).statusCode).toBe(200);
    // The full refresh matches fics by author: it never touches an orphan.
    await t.app.db.execute(sql`select fics_refresh_withheld_all()`);
    expect(await withheldOf(kidFic._id)).toBe(true);
    expect(await withheldOf(olderFic._id)).toBe(false);
  });
});
