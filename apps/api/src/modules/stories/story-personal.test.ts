import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Story } from '@fics/contracts';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { gallery } from './gallery.fixtures';
import {
  createStory,
  editStory,
  evaluate,
  postStory,
  publish,
  reviewList,
  sendStory,
  storyWorld,
} from './stories.fixtures';

/**
 * 'Contiene información personal' (issue 22.7, docs/decisions/privacy.md): the author marks it in
 * the form; the fic, even published, is seen only by its author, the grade's teachers and
 * administrators, and the teachers see the mark in their lists.
 */
describe('personal fics', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof storyWorld>>;

  beforeAll(async () => {
    t = await buildTestApp();
    w = await storyWorld(t.app);
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  const view = (headers: Record<string, string>, storyId: string) =>
    t.app.inject({ method: 'GET', url: `/api/v1/stories/${storyId}`, headers });

  it('is marked and unmarked in the form by its author, and refused as anything but a boolean', async () => {
    const draft = await createStory(t.app, w.author.headers, { fields: { personal: 'true' } });
    expect(draft.personal).toBe(true);
    const plain = await createStory(t.app, w.author.headers);
    expect(plain.personal).toBe(false);

    const unmarked = await editStory(t.app, w.author.headers, draft._id, { personal: 'false' });
    expect(unmarked.statusCode).toBe(200);
    expect(unmarked.json<{ story: Story }>().story.personal).toBe(false);

    const bad = await editStory(t.app, w.author.headers, draft._id, { personal: 'quizás' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ type: 'VALIDATION_ERROR', errors: { personal: expect.any(String) } });
    const badNew = await postStory(t.app, w.author.headers, { fields: { personal: 'sí' } });
    expect(badNew.statusCode).toBe(400);
    expect((await view(w.author.headers, draft._id)).json<{ story: Story }>().story.personal).toBe(false);

    // Someone who may not edit the fic cannot mark it either.
    const classmate = await editStory(t.app, w.classmate.headers, draft._id, { personal: 'true' });
    expect(classmate.statusCode).toBe(404);
  });

  it('published, it stays with its author, the grade teachers and administrators; the teacher sees the mark', async () => {
    const fic = await createStory(t.app, w.author.headers, {
      fields: { title: 'Lo que pasa en mi casa', personal: 'true' },
      draft: false,
    });
    const review = await reviewList(t.app, w.teacher.headers, 'review-stories');
    expect(review.page!.docs.find((row) => row._id === fic._id)).toMatchObject({ personal: true });

    // The evaluator may also mark or unmark it while reviewing it (they may edit it then).
    await evaluate(t.app, w.teacher.headers, fic._id);
    const byTeacher = await editStory(t.app, w.teacher.headers, fic._id, { personal: 'true' });
    expect(byTeacher.statusCode).toBe(200);
    expect((await publish(t.app, w.teacher.headers, fic._id)).statusCode).toBe(200);

    const published = await reviewList(t.app, w.colleague.headers, 'published-stories');
    expect(published.page!.docs.find((row) => row._id === fic._id)).toMatchObject({ personal: true });

    for (const user of [w.author, w.teacher, w.colleague, w.admin]) {
      const res = await view(user.headers, fic._id);
      expect(res.statusCode, user.name).toBe(200);
      expect(res.json<{ story: Story }>().story.personal).toBe(true);
    }
    for (const headers of [
      {},
      w.classmate.headers,
      w.otherGradeTeacher.headers,
      w.otherSchoolStudent.headers,
    ]) {
      expect((await view(headers, fic._id)).statusCode).toBe(404);
    }
    // Nowhere on the public shelf, for anyone: the gallery is the same for all.
    for (const headers of [{}, w.classmate.headers, w.teacher.headers, w.admin.headers]) {
      const { page } = await gallery(t.app, `?collegeId=${w.collegeA}`, headers);
      expect(page!.docs.map((card) => card._id)).not.toContain(fic._id);
    }
    // Those who see it may still like it.
    const like = await t.app.inject({
      method: 'POST',
      url: `/api/v1/stories/${fic._id}`,
      headers: w.teacher.headers,
    });
    expect(like.statusCode).toBe(200);
  });

  it('a fic sent unmarked is public once published; resent marked, it is not', async () => {
    const fic = await createStory(t.app, w.author.headers, { fields: { title: 'Mi perro' }, draft: false });
    await evaluate(t.app, w.teacher.headers, fic._id);
    // Corrected by its author before publication: marked now.
    expect((await editStory(t.app, w.author.headers, fic._id, { personal: 'true' })).statusCode).toBe(200);
    expect((await sendStory(t.app, w.author.headers, fic._id)).statusCode).toBe(200);
    expect((await publish(t.app, w.teacher.headers, fic._id)).statusCode).toBe(200);
    expect((await view({}, fic._id)).statusCode).toBe(404);
  });
});
