import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revisionMessages, storyMessages, type RevisionSummary } from '@fics/contracts';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { createStory, editStory, evaluate, publish, sendStory, storyWorld } from './stories.fixtures';

/**
 * GET /stories/:id/revisions and /revisions/:round (issue 20.3), as each role: the author, the
 * grade's teachers (the evaluator and a blind colleague) and administrators read the rounds whatever
 * the status; everyone else gets the fic's 404, visitors a 401.
 */
describe('the rounds of a fic', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof storyWorld>>;
  let storyId: string;
  const round2Text = '<p>Había una vez un <em>pingüino</em> valiente que aprendió a nadar.</p>';

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/v1/stories/${url}`, headers });

  beforeAll(async () => {
    t = await buildTestApp();
    w = await storyWorld(t.app);
    // An anonymous fic sent (round 1), evaluated, corrected and resent (round 2).
    const story = await createStory(t.app, w.author.headers, {
      draft: false,
      fields: { anonymity: 'true' },
    });
    storyId = story._id;
    await evaluate(t.app, w.teacher.headers, storyId);
    const edit = await editStory(t.app, w.author.headers, storyId, {
      title: 'El pingüino nadador',
      text: round2Text,
    });
    expect(edit.statusCode).toBe(200);
    expect((await sendStory(t.app, w.author.headers, storyId)).statusCode).toBe(200);
  });
  afterAll(() => t.close());

  it('lists every round to the author, the grade teachers and administrators, oldest first', async () => {
    for (const who of [w.author, w.teacher, w.colleague, w.admin]) {
      const res = await get(`${storyId}/revisions`, who.headers);
      expect(res.statusCode).toBe(200);
      const { revisions } = res.json<{ revisions: RevisionSummary[] }>();
      expect(revisions.map(({ round, title, words }) => ({ round, title, words }))).toEqual([
        // 'Había una vez un pingüino que quería volar.' and the corrected sentence.
        { round: 1, title: 'El pingüino volador', words: 8 },
        { round: 2, title: 'El pingüino nadador', words: 10 },
      ]);
      expect(Date.parse(revisions[1]!.sentAt)).toBeGreaterThanOrEqual(Date.parse(revisions[0]!.sentAt));
    }
  });

  it('tells the fic page who may open the rounds (permissions.canViewRevisions)', async () => {
    const may = async (headers: Record<string, string>) =>
      (await get(storyId, headers)).json().story.permissions.canViewRevisions as boolean;
    for (const who of [w.author, w.teacher, w.colleague, w.admin]) {
      expect(await may(who.headers)).toBe(true);
    }
  });

  it('gives one round with its sanitised HTML', async () => {
    const res = await get(`${storyId}/revisions/2`, w.teacher.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().revision).toMatchObject({ round: 2, title: 'El pingüino nadador', text: round2Text });
    const first = await get(`${storyId}/revisions/1`, w.author.headers);
    expect(first.json().revision.text).toBe(
      '<p>Había una vez un <strong>pingüino</strong> que quería volar.</p>',
    );
  });

  it('never tells a blind grade teacher who wrote an anonymous fic', async () => {
    for (const url of [`${storyId}/revisions`, `${storyId}/revisions/1`, `${storyId}/revisions/2`]) {
      const res = await get(url, w.colleague.headers);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(w.author.id);
      expect(res.body).not.toContain('Sofía');
      expect(res.body).not.toContain('Escobar');
    }
  });

  it('answers 404 to everyone else, even once the fic is published, and 401 to visitors', async () => {
    expect((await publish(t.app, w.teacher.headers, storyId)).statusCode).toBe(200);
    for (const who of [w.classmate, w.otherGradeStudent, w.otherGradeTeacher, w.otherSchoolTeacher]) {
      for (const url of [`${storyId}/revisions`, `${storyId}/revisions/1`]) {
        const res = await get(url, who.headers);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ type: 'NOT_FOUND', message: storyMessages.notFound });
      }
    }
    expect((await get(`${storyId}/revisions`)).statusCode).toBe(401);
    expect((await get(`${storyId}/revisions/1`)).statusCode).toBe(401);
    const classmateView = await get(storyId, w.classmate.headers);
    expect(classmateView.json().story.permissions.canViewRevisions).toBe(false);
    // The people who may still read them after publication.
    expect((await get(`${storyId}/revisions`, w.author.headers)).json().revisions).toHaveLength(2);
    expect((await get(`${storyId}/revisions/2`, w.colleague.headers)).statusCode).toBe(200);
  });

  it('refuses a round that is not a whole number ≥ 1 in Spanish, and a missing round with 404', async () => {
    for (const round of ['0', '-1', '1.5', 'dos']) {
      const res = await get(`${storyId}/revisions/${round}`, w.author.headers);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        type: 'VALIDATION_ERROR',
        errors: { round: revisionMessages.round },
      });
    }
    const missing = await get(`${storyId}/revisions/3`, w.author.headers);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ type: 'NOT_FOUND', message: revisionMessages.notFound });
    const unknown = await get(`${crypto.randomUUID()}/revisions`, w.admin.headers);
    expect(unknown.statusCode).toBe(404);
  });
});
