import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { erasureMessages, type Comment, type ErasureOptions, type ErasureRecord } from '@fics/contracts';
import { rowsOf } from '../../lib/personal-data';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { addComment } from '../comments/comments.fixtures';
import { publishedStory } from '../stories/stories.fixtures';
import { personWorld } from './personal-data.fixtures';

/**
 * Erasing an account (issue 22.4): administrators only, with the person's choices (each published
 * fic deleted or kept as 'Anónimo', comments' texts removed or kept under 'Usuario eliminado'),
 * validated before anything changes, recorded without personal data, once under parallel requests.
 */
describe('POST /users/:id/erasure', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof personWorld>>;
  let kept: { _id: string };

  const erase = (headers: Record<string, string> | undefined, userId: string, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/users/${userId}/erasure`,
      headers,
      payload: payload as object,
    });
  const get = (headers: Record<string, string> | undefined, url: string) =>
    t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers });
  const exists = async (userId: string) =>
    (await rowsOf<{ id: string }>(t.app.db, sql`select id from users where id = ${userId}`)).length === 1;

  beforeAll(async () => {
    t = await buildTestApp();
    w = await personWorld(t.app);
    ({ story: kept } = await publishedStory(t.app, w, {
      fields: { title: 'El fic que se queda', text: '<p>Un texto que la escuela conserva.</p>' },
    }));
    // (The author blocked the classmate: a student of another grade comments.)
    await addComment(t.app, w.otherGradeStudent, kept._id, '<p>Comentario de Zoe en el fic que se queda</p>');
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses everyone but administrators, and an administrator erasing themselves', async () => {
    const body = { removeCommentTexts: false };
    expect((await erase(undefined, w.author.id, body)).statusCode).toBe(401);
    for (const who of [w.author, w.classmate, w.teacher]) {
      expect((await erase(who.headers, w.author.id, body)).statusCode).toBe(403);
      expect((await get(who.headers, `/users/${w.author.id}/erasure-options`)).statusCode).toBe(403);
      expect((await get(who.headers, '/erasures')).statusCode).toBe(403);
    }
    const self = await erase(w.admin.headers, w.admin.id, body);
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(erasureMessages.deleteSelf);
    expect(await exists(w.author.id)).toBe(true);
  });

  it('answers 400 in Spanish and changes nothing on a bad body', async () => {
    const missing = await erase(w.admin.headers, w.author.id, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.removeCommentTexts).toBe(erasureMessages.removeCommentTextsRequired);
    // Someone else's fic, and a draft of the person's, cannot be chosen.
    for (const id of [w.classmateStory._id, w.draft._id]) {
      const res = await erase(w.admin.headers, w.author.id, {
        removeCommentTexts: false,
        stories: [{ id, keep: true }],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.stories).toBe(erasureMessages.storyNotPublished);
    }
    const request = await erase(w.admin.headers, w.author.id, {
      removeCommentTexts: false,
      requestId: w.story._id,
    });
    expect(request.statusCode).toBe(400);
    expect(request.json().errors.requestId).toBe(erasureMessages.requestNotErasure);
    expect(await exists(w.author.id)).toBe(true);
    const options = await get(w.admin.headers, `/users/${w.author.id}/erasure-options`);
    expect(options.statusCode).toBe(200);
    const offered = options.json<ErasureOptions>().stories.map((s) => s._id);
    expect(offered.sort()).toEqual([w.story._id, kept._id].sort());
    expect(options.json<ErasureOptions>().comments).toBe(2);
  });

  it('keeps the chosen fic as Anónimo, deletes the rest, keeps comments as Usuario eliminado, records it', async () => {
    const res = await erase(w.admin.headers, w.author.id, {
      removeCommentTexts: false,
      stories: [
        { id: kept._id, keep: true },
        { id: w.story._id, keep: false },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const erasure = res.json<{ erasure: ErasureRecord }>().erasure;
    expect(erasure).toMatchObject({
      cause: 'ADMIN',
      storiesKept: 1,
      commentTextsRemoved: false,
      performedBy: { _id: w.admin.id, name: 'Ana Administradora' },
    });
    expect(erasure.counts).toMatchObject({ users: 1, stories: 3, comments: 1, comment_replies: 1 });
    expect(JSON.stringify(erasure)).not.toContain(w.author.id);

    // The kept fic: in the gallery and on its page, anonymous, no author, no evaluation kept.
    const page = await get(undefined, `/stories/${kept._id}`);
    expect(page.statusCode).toBe(200);
    expect(page.json().story).toMatchObject({ anonymity: true, writtenBy: null, location: '' });
    expect(page.json().story.text).toContain('Un texto que la escuela conserva.');
    const [row] = await rowsOf<{ author_id: string | null; evaluations: number }>(
      t.app.db,
      sql`select author_id, (select count(*)::int from evaluations where story_id = ${kept._id}) as evaluations
          from stories where id = ${kept._id}`,
    );
    expect(row).toEqual({ author_id: null, evaluations: 0 });
    expect((await get(undefined, `/stories/${w.story._id}`)).statusCode).toBe(404);
    expect((await get(w.admin.headers, `/stories/${w.draft._id}`)).statusCode).toBe(404);

    // Their comment on the classmate's fic stays, under 'Usuario eliminado', with its text.
    const comments = await get(w.classmate.headers, `/comments?storyId=${w.classmateStory._id}`);
    const theirs = comments
      .json<{ comments: { docs: Comment[] } }>()
      .comments.docs.find((c) => c._id === w.comment._id)!;
    expect(theirs.userId).toMatchObject({ _id: null, name: 'Usuario eliminado', profilePicture: null });
    expect(theirs.text).toContain('Comentario de Sofía');
    expect(theirs.textRemoved).toBeUndefined();
    expect(theirs.permissions).toEqual({ canEdit: false, canDelete: false });

    // Nothing answered names them.
    for (const [headers, url] of [
      [undefined, `/stories/${kept._id}`],
      [w.admin.headers, `/stories/${kept._id}`],
      [undefined, '/stories'],
      [w.classmate.headers, `/comments?storyId=${w.classmateStory._id}`],
      [w.admin.headers, `/comments?storyId=${kept._id}`],
    ] as const) {
      const body = (await get(headers, url)).body;
      expect(body).not.toContain('Escobar');
      expect(body).not.toContain(w.author.email);
    }

    const list = await get(w.admin.headers, '/erasures?limit=1');
    expect(list.statusCode).toBe(200);
    expect(list.json().erasures).toMatchObject({ totalDocs: 1, page: 1, limit: 1 });
    expect(list.json().erasures.docs[0]._id).toBe(erasure._id);
    // Gone: a second erasure finds no one.
    expect((await erase(w.admin.headers, w.author.id, { removeCommentTexts: true })).statusCode).toBe(404);
  });

  it('leaves an orphaned fic to administrators only: no one edits it, its former evaluator no longer deletes it', async () => {
    const mode = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v1/stories/${kept._id}/comments-mode`,
        headers,
        payload: { mode: 'CLOSED' },
      });
    const remove = (headers: Record<string, string>) =>
      t.app.inject({ method: 'DELETE', url: `/api/v1/stories/${kept._id}`, headers });
    // The teacher evaluated it when it had an author; now it is no one's in their grade.
    expect((await mode(w.teacher.headers)).statusCode).toBe(403);
    expect((await remove(w.teacher.headers)).statusCode).toBe(403);
    expect((await remove(w.classmate.headers)).statusCode).toBe(403);
    const send = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/stories/${kept._id}`,
      headers: w.admin.headers,
      payload: { publicationStatus: 'REVIEWING' },
    });
    expect(send.statusCode).toBe(403);
    expect((await mode(w.admin.headers)).statusCode).toBe(200);
    expect((await get(undefined, `/stories/${kept._id}`)).statusCode).toBe(200);
  });

  it('removes the comments’ texts when asked, and erases a person once under parallel requests', async () => {
    const body = { removeCommentTexts: true };
    const answers = await Promise.all([
      erase(w.admin.headers, w.otherGradeStudent.id, body),
      erase(w.admin.headers, w.otherGradeStudent.id, body),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 404]);
    const [comment] = await rowsOf<{ author_id: string | null; text: string }>(
      t.app.db,
      sql`select author_id, text from comments where story_id = ${kept._id}`,
    );
    expect(comment).toEqual({ author_id: null, text: '' });
    const list = await get(w.admin.headers, '/erasures?page=1&limit=20');
    expect(list.json().erasures.totalDocs).toBe(2);
    expect(list.json().erasures.docs[0].commentTextsRemoved).toBe(true);
    expect((await get(w.admin.headers, '/erasures?limit=0')).statusCode).toBe(400);
    // An administrator deletes an orphaned fic.
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/stories/${kept._id}`,
      headers: w.admin.headers,
    });
    expect(removed.statusCode).toBe(200);
    expect((await get(undefined, `/stories/${kept._id}`)).statusCode).toBe(404);
  });
});
