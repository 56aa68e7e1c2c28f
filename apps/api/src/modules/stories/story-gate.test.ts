import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { storyStatuses, type StoryStatus } from '@fics/contracts';
import { stories } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Actor } from '../../plugins/auth';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { member } from '../users/users.fixtures';
import { createStory, evaluatedStory, setStatus, storyWorld } from './stories.fixtures';
import { loadStoryFor, realAuthorKnownTo, storyVisibleTo } from './story-gate';
import { canSeeRealAuthor, canView } from './story-status';
import { authorHidden, exposureOf, findStoryRow, storyRelation } from './story-view';

/**
 * The gate's SQL says what story-status.ts's table says: for every caller, fic status, authorship
 * (open, anonymous, pseudonymous) and evaluator, `storyVisibleTo` and `realAuthorKnownTo` answer as
 * canView and canSeeRealAuthor do on the caller's relation.
 */
describe('the fic gate (story-gate.ts)', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof storyWorld>>;
  const fics: { id: string; status: StoryStatus; kind: string }[] = [];
  const actorOf = (user: { id: string; role: Actor['role'] }): Actor => ({
    userId: user.id,
    role: user.role,
    sessionId: 'test',
  });

  beforeAll(async () => {
    t = await buildTestApp();
    w = await storyWorld(t.app);
    const kinds = {
      open: {},
      anonymous: { anonymity: 'true' },
      pseudonymous: { nickname: 'true', nicknameValue: 'Pluma Azul' },
    };
    for (const [kind, fields] of Object.entries(kinds)) {
      for (const status of storyStatuses) {
        const draft = await createStory(t.app, w.author.headers, { fields });
        await setStatus(t.app, draft._id, status);
        fics.push({ id: draft._id, status, kind });
        // The same with an evaluation by `teacher` (its evaluator; `colleague` teaches the grade too).
        const { story } = await evaluatedStory(t.app, { author: w.author, teacher: w.teacher }, { fields });
        await setStatus(t.app, story._id, status);
        fics.push({ id: story._id, status, kind: `${kind}, evaluated` });
      }
      // A published one hidden for review (issue 21.2): public to nobody but those who see it anyway.
      const { story } = await evaluatedStory(t.app, { author: w.author, teacher: w.teacher }, { fields });
      await setStatus(t.app, story._id, 'PUBLISHED');
      await t.app.db.update(stories).set({ hiddenReason: 'REPORTED' }).where(eq(stories.id, story._id));
      fics.push({ id: story._id, status: 'PUBLISHED', kind: `${kind}, hidden, evaluated` });
      // A published one its author marked 'Contiene información personal' (issue 22.7).
      const personal = await evaluatedStory(
        t.app,
        { author: w.author, teacher: w.teacher },
        { fields: { ...fields, personal: 'true' } },
      );
      await setStatus(t.app, personal.story._id, 'PUBLISHED');
      fics.push({ id: personal.story._id, status: 'PUBLISHED', kind: `${kind}, personal, evaluated` });
    }
    // By a student of 10 without a guardian's consent (issue 22.5): within the school only.
    const kid = await member(t.app, 'STUDENT', [w.gradeA1], { birthYear: new Date().getFullYear() - 10 });
    for (const status of storyStatuses) {
      const draft = await createStory(t.app, kid.headers);
      await setStatus(t.app, draft._id, status);
      fics.push({ id: draft._id, status, kind: 'withheld author' });
    }
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it('storyVisibleTo and realAuthorKnownTo agree with canView and canSeeRealAuthor for every caller', async () => {
    const callers = [
      null,
      w.author,
      w.classmate,
      w.otherGradeStudent,
      w.otherSchoolStudent,
      w.teacher,
      w.colleague,
      w.otherGradeTeacher,
      w.otherSchoolTeacher,
      w.admin,
    ];
    let checked = 0;
    for (const caller of callers) {
      const actor = caller ? actorOf(caller) : null;
      for (const fic of fics) {
        const row = (await findStoryRow(t.app.db, fic.id))!;
        const relation = await storyRelation(t.app.db, actor, row);
        const [sqlSays] = await t.app.db
          .select({ visible: storyVisibleTo(actor), authorKnown: realAuthorKnownTo(actor) })
          .from(stories)
          .where(eq(stories.id, fic.id));
        expect({ caller: caller?.name ?? 'visitor', ...fic, ...sqlSays }).toEqual({
          caller: caller?.name ?? 'visitor',
          ...fic,
          visible: canView(relation, row.status, await exposureOf(t.app.db, actor, row)),
          authorKnown: !authorHidden(row) || canSeeRealAuthor(relation),
        });
        checked += 1;
      }
    }
    expect(checked).toBe(callers.length * 34);
  });

  it('filters a list: the grade colleague sees every fic of the grade but knows no hidden author', async () => {
    const colleague = actorOf(w.colleague);
    const mine = eq(stories.authorId, w.author.id);
    const visible = await t.app.db
      .select({ id: stories.id })
      .from(stories)
      .where(and(mine, storyVisibleTo(colleague)));
    // Hidden and personal ones included: the grade's teachers look at them.
    expect(visible).toHaveLength(30);
    const known = await t.app.db
      .select({ id: stories.id })
      .from(stories)
      .where(and(mine, realAuthorKnownTo(colleague)));
    expect(known.map((row) => row.id).sort()).toEqual(
      fics
        .filter((fic) => fic.kind.startsWith('open'))
        .map((fic) => fic.id)
        .sort(),
    );
    // The evaluator knows the authors of the fics they evaluated, not of the others.
    const evaluatorKnows = await t.app.db
      .select({ id: stories.id })
      .from(stories)
      .where(and(mine, realAuthorKnownTo(actorOf(w.teacher))));
    expect(evaluatorKnows.map((row) => row.id).sort()).toEqual(
      fics
        .filter((fic) => fic.kind.startsWith('open') || fic.kind.endsWith('evaluated'))
        .map((fic) => fic.id)
        .sort(),
    );
  });

  it('loadStoryFor answers the fic with the relation, or 404, 403 or 409 from the table', async () => {
    const errorOf = async (promise: Promise<unknown>) => {
      try {
        await promise;
        return 'ok';
      } catch (error) {
        return error instanceof AppError ? error.status : error;
      }
    };
    const fic = (status: StoryStatus, kind = 'open, evaluated') =>
      fics.find((f) => f.status === status && f.kind === kind)!.id;
    const load = (
      user: Parameters<typeof actorOf>[0] | null,
      storyId: string,
      action: Parameters<typeof loadStoryFor>[0]['action'],
    ) => loadStoryFor({ db: t.app.db, actor: user ? actorOf(user) : null, storyId, action });

    const loaded = await load(w.teacher, fic('REVIEWING'), 'updateEvaluation');
    expect({ relation: loaded.relation, allowed: loaded.allowed }).toEqual({
      relation: 'evaluator',
      allowed: ['REVIEWING', 'EVALUATED'],
    });
    // May not know it exists: 404, whatever the action.
    expect(await errorOf(load(w.classmate, fic('REVIEWING'), 'view'))).toBe(404);
    expect(await errorOf(load(null, fic('EDITING'), 'like'))).toBe(404);
    expect(await errorOf(load(w.admin, '00000000-0000-4000-8000-000000000000', 'view'))).toBe(404);
    // Sees it but never takes the action: 403.
    expect(await errorOf(load(w.colleague, fic('EVALUATED'), 'send'))).toBe(403);
    // The status forbids it now: 409.
    expect(await errorOf(load(w.author, fic('PUBLISHED'), 'edit'))).toBe(409);
    expect(await errorOf(load(w.author, fic('EVALUATED'), 'like'))).toBe(409);
    expect(await errorOf(load(w.classmate, fic('PUBLISHED'), 'comment'))).toBe('ok');
    // Hidden for review: unknown to a visitor, a classmate and a teacher of another grade; the
    // author, the grade's teachers and administrators still open it.
    const hidden = fic('PUBLISHED', 'open, hidden, evaluated');
    for (const user of [null, w.classmate, w.otherGradeTeacher, w.otherSchoolStudent]) {
      expect(await errorOf(load(user, hidden, 'view'))).toBe(404);
    }
    for (const user of [w.author, w.teacher, w.colleague, w.admin]) {
      expect(await errorOf(load(user, hidden, 'view'))).toBe('ok');
    }
    // Personal (issue 22.7): the same few, published or not; they still like and comment it.
    const personal = fic('PUBLISHED', 'open, personal, evaluated');
    for (const user of [null, w.classmate, w.otherGradeStudent, w.otherGradeTeacher, w.otherSchoolStudent]) {
      expect(await errorOf(load(user, personal, 'view'))).toBe(404);
    }
    for (const user of [w.author, w.teacher, w.colleague, w.admin]) {
      expect(await errorOf(load(user, personal, 'view'))).toBe('ok');
      expect(await errorOf(load(user, personal, 'comment'))).toBe('ok');
    }
    // An author without a needed guardian's consent (issue 22.5): the school's signed-in members only.
    const withheld = fic('PUBLISHED', 'withheld author');
    for (const user of [null, w.otherSchoolStudent, w.otherSchoolTeacher]) {
      expect(await errorOf(load(user, withheld, 'view'))).toBe(404);
    }
    for (const user of [w.classmate, w.otherGradeStudent, w.otherGradeTeacher, w.teacher, w.admin]) {
      expect(await errorOf(load(user, withheld, 'view'))).toBe('ok');
    }
  });
});
