import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { commentLimits, commentMessages, pagingMessages, storyMessages, type Comment } from '@fics/contracts';
import { comments, stories, trackingEvents, users } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { createStory, publishedStory, sendStory } from '../stories/stories.fixtures';
import {
  addComment,
  commentWorld,
  forgetCommentLimits,
  getComments,
  patchComment,
  postComment,
  removeComment,
} from './comments.fixtures';

let t: TestApp;
let w: Awaited<ReturnType<typeof commentWorld>>;
let everyone: { id: string }[];

beforeAll(async () => {
  t = await buildTestApp();
  w = await commentWorld(t.app);
  everyone = [w.author, w.classmate, w.otherGradeStudent, w.otherSchoolStudent, w.teacher, w.admin];
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await forgetCommentLimits(t.app, everyone);
});

/** A published fic of its own, so each test reads only its comments. */
async function freshStory() {
  return (await publishedStory(t.app, w)).story;
}

describe('POST /comments', () => {
  it('answers 201 with the comment, its author, no replies, not edited, and what the writer may do', async () => {
    const res = await postComment(
      t.app,
      w.classmate.headers,
      w.story._id,
      '<p>Me <strong>encantó</strong></p>',
    );
    expect(res.statusCode).toBe(201);
    const body = res.json<{ comment: Comment; message: string }>();
    expect(body.message).toBe(commentMessages.created);
    expect(body.comment).toEqual({
      _id: expect.any(String),
      storyId: w.story._id,
      userId: {
        _id: w.classmate.id,
        name: 'Pedro Pérez',
        profilePicture: null,
        role: { name: 'STUDENT', displayName: 'Estudiante' },
        isStoryAuthor: false,
      },
      text: '<p>Me <strong>encantó</strong></p>',
      wasEdited: false,
      createdAt: expect.any(String),
      replies: 0,
      permissions: { canEdit: true, canDelete: true },
    });
    expect(new Date(body.comment.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('cleans the text to the comment toolbar before storing it', async () => {
    const res = await postComment(
      t.app,
      w.classmate.headers,
      w.story._id,
      '<p onclick="alert(1)" class="ql-align-center">hola <script>alert(1)</script><a href="javascript:alert(1)">enlace</a> <span style="color:red">rojo</span> <em>sí</em></p><img src=x onerror=alert(1)><blockquote>cita</blockquote>',
    );
    expect(res.statusCode).toBe(201);
    const expected = '<p>hola enlace rojo <em>sí</em></p><blockquote>cita</blockquote>';
    const { comment } = res.json<{ comment: Comment }>();
    expect(comment.text).toBe(expected);
    const [row] = await t.app.db.select().from(comments).where(eq(comments.id, comment._id));
    expect(row!.text).toBe(expected);
  });

  it('refuses text with nothing visible once cleaned, with the spec message', async () => {
    for (const text of [
      '',
      '   ',
      '<p><br></p>',
      '<p>&nbsp;</p>',
      '<script>alert(1)</script>',
      '<img src=x>',
    ]) {
      const res = await postComment(t.app, w.classmate.headers, w.story._id, text);
      expect(res.statusCode, text).toBe(400);
      expect(res.json(), text).toMatchObject({
        type: 'VALIDATION_ERROR',
        errors: { text: commentMessages.textRequired },
      });
    }
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/v1/comments',
      headers: w.classmate.headers,
      payload: { storyId: w.story._id },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ text: commentMessages.textRequired });
  });

  it('refuses text over the limits: visible characters and raw HTML', async () => {
    const long = await postComment(
      t.app,
      w.classmate.headers,
      w.story._id,
      `<p>${'a'.repeat(commentLimits.plainTextMax + 1)}</p>`,
    );
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toEqual({ text: commentMessages.textMax });
    // Exactly the limit is fine, formatting not counted.
    const atLimit = await postComment(
      t.app,
      w.classmate.headers,
      w.story._id,
      `<p><strong>${'a'.repeat(commentLimits.plainTextMax)}</strong></p>`,
    );
    expect(atLimit.statusCode).toBe(201);
    const raw = await postComment(
      t.app,
      w.classmate.headers,
      w.story._id,
      `<p>${'<b></b>'.repeat(commentLimits.textMax / 7 + 1)}x</p>`,
    );
    expect(raw.statusCode).toBe(400);
    expect(raw.json().errors).toEqual({ text: commentMessages.textMax });
  });

  it('answers 401 without a session', async () => {
    const res = await postComment(t.app, {}, w.story._id, '<p>hola</p>');
    expect(res.statusCode).toBe(401);
    expect(res.json().type).toBe('UNAUTHORIZED');
  });

  it('refuses a fic that is not published: 409 to who may see it, 404 to the others', async () => {
    const draft = await createStory(t.app, w.author.headers);
    const authorOnDraft = await postComment(t.app, w.author.headers, draft._id, '<p>hola</p>');
    expect(authorOnDraft.statusCode).toBe(409);
    expect(authorOnDraft.json()).toEqual({ type: 'CONFLICT', message: commentMessages.notPublished });
    const adminOnDraft = await postComment(t.app, w.admin.headers, draft._id, '<p>hola</p>');
    expect(adminOnDraft.statusCode).toBe(409);
    const classmateOnDraft = await postComment(t.app, w.classmate.headers, draft._id, '<p>hola</p>');
    expect(classmateOnDraft.statusCode).toBe(404);
    expect(classmateOnDraft.json().message).toBe(storyMessages.notFound);

    expect((await sendStory(t.app, w.author.headers, draft._id)).statusCode).toBe(200);
    const teacherOnSent = await postComment(t.app, w.teacher.headers, draft._id, '<p>hola</p>');
    expect(teacherOnSent.statusCode).toBe(409);
    const otherTeacherOnSent = await postComment(
      t.app,
      w.otherGradeTeacher.headers,
      draft._id,
      '<p>hola</p>',
    );
    expect(otherTeacherOnSent.statusCode).toBe(404);

    const unknown = await postComment(t.app, w.author.headers, crypto.randomUUID(), '<p>hola</p>');
    expect(unknown.statusCode).toBe(404);
    const badId = await postComment(t.app, w.author.headers, 'no-es-un-id', '<p>hola</p>');
    expect(badId.statusCode).toBe(400);
    expect(await t.app.db.$count(comments, eq(comments.storyId, draft._id))).toBe(0);
  });
});

describe('GET /comments', () => {
  it('pages newest first, 5 a page, with the shared paging shape and its edges', async () => {
    const story = await freshStory();
    const written = [];
    for (let i = 1; i <= 12; i += 1) {
      written.push(
        await addComment(t.app, i % 2 ? w.classmate : w.teacher, story._id, `<p>comentario ${i}</p>`),
      );
    }
    const newestFirst = written.map((c) => c._id).reverse();

    const first = await getComments(t.app, {}, story._id);
    expect(first.res.statusCode).toBe(200);
    expect(first.page).toMatchObject({ page: 1, limit: 5, totalDocs: 12, hasNextPage: true, nextPage: 2 });
    expect(first.page!.docs.map((c) => c._id)).toEqual(newestFirst.slice(0, 5));

    const second = await getComments(t.app, {}, story._id, '&page=2&limit=5');
    expect(second.page!.docs.map((c) => c._id)).toEqual(newestFirst.slice(5, 10));
    const last = await getComments(t.app, {}, story._id, '&page=3');
    expect(last.page).toMatchObject({ page: 3, totalDocs: 12, hasNextPage: false, nextPage: null });
    expect(last.page!.docs.map((c) => c._id)).toEqual(newestFirst.slice(10));

    const beyond = await getComments(t.app, {}, story._id, '&page=4');
    expect(beyond.page).toEqual({
      docs: [],
      page: 4,
      limit: 5,
      totalDocs: 12,
      hasNextPage: false,
      nextPage: null,
    });
    const small = await getComments(t.app, {}, story._id, '&limit=2&page=6');
    expect(small.page).toMatchObject({ totalDocs: 12, hasNextPage: false });
    expect(small.page!.docs.map((c) => c._id)).toEqual(newestFirst.slice(10, 12));
  });

  it('refuses a bad page or limit with the paging messages', async () => {
    for (const [query, field, message] of [
      ['&limit=6', 'limit', pagingMessages.limit(5)],
      ['&limit=0', 'limit', pagingMessages.limit(5)],
      ['&limit=x', 'limit', pagingMessages.limit(5)],
      ['&page=0', 'page', pagingMessages.page],
      ['&page=1.5', 'page', pagingMessages.page],
    ] as const) {
      const { res } = await getComments(t.app, {}, w.story._id, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ type: 'VALIDATION_ERROR', errors: { [field]: message } });
    }
    const noStory = await t.app.inject({ method: 'GET', url: '/api/v1/comments' });
    expect(noStory.statusCode).toBe(400);
    expect(noStory.json().errors.storyId).toBeDefined();
  });

  it('answers an empty first page for a fic without comments', async () => {
    const story = await freshStory();
    const { page } = await getComments(t.app, {}, story._id);
    expect(page).toEqual({ docs: [], page: 1, limit: 5, totalDocs: 0, hasNextPage: false, nextPage: null });
  });

  it('answers 404 for a fic that is not published, even to its author, and for an unknown fic', async () => {
    const draft = await createStory(t.app, w.author.headers);
    expect((await getComments(t.app, w.author.headers, draft._id)).res.statusCode).toBe(404);
    expect((await getComments(t.app, {}, draft._id)).res.statusCode).toBe(404);
    expect((await getComments(t.app, {}, crypto.randomUUID())).res.statusCode).toBe(404);
  });

  it('shows a student commenter to a visitor as first name and initial without photo, in full to a session', async () => {
    const story = await freshStory();
    // Give the student a photo (any image will do).
    const [cover] = await t.app.db
      .select({ id: stories.coverId })
      .from(stories)
      .where(eq(stories.id, story._id));
    await t.app.db.update(users).set({ profilePictureId: cover!.id }).where(eq(users.id, w.author.id));
    await t.app.db.update(users).set({ profilePictureId: cover!.id }).where(eq(users.id, w.teacher.id));
    await addComment(t.app, w.author, story._id);
    await addComment(t.app, w.teacher, story._id);

    const visitor = await getComments(t.app, {}, story._id);
    const [byTeacher, byStudent] = visitor.page!.docs;
    // The fic is signed: its author's comment names them, marked as the author's.
    expect(byStudent!.userId).toEqual({
      _id: w.author.id,
      name: 'Sofía E.',
      profilePicture: null,
      role: { name: 'STUDENT', displayName: 'Estudiante' },
      isStoryAuthor: true,
    });
    expect(byTeacher!.userId).toEqual({
      _id: w.teacher.id,
      name: 'Tomás Docente',
      profilePicture: { url: `/api/v1/media/${cover!.id}` },
      role: { name: 'TEACHER', displayName: 'Docente' },
      isStoryAuthor: false,
    });
    expect(visitor.res.body).not.toContain('Escobar');

    const loggedIn = await getComments(t.app, w.otherSchoolStudent.headers, story._id);
    expect(loggedIn.page!.docs[1]!.userId).toEqual({
      _id: w.author.id,
      name: 'Sofía Escobar Ruiz',
      profilePicture: { url: `/api/v1/media/${cover!.id}` },
      role: { name: 'STUDENT', displayName: 'Estudiante' },
      isStoryAuthor: true,
    });
    await t.app.db.update(users).set({ profilePictureId: null }).where(eq(users.id, w.author.id));
    await t.app.db.update(users).set({ profilePictureId: null }).where(eq(users.id, w.teacher.id));
  });

  it('gives each caller their own permissions, none to a visitor', async () => {
    const story = await freshStory();
    await addComment(t.app, w.classmate, story._id);
    const flags = async (headers: Record<string, string>) =>
      (await getComments(t.app, headers, story._id)).page!.docs[0]!.permissions;
    expect(await flags({})).toEqual({ canEdit: false, canDelete: false });
    expect(await flags(w.classmate.headers)).toEqual({ canEdit: true, canDelete: true });
    expect(await flags(w.author.headers)).toEqual({ canEdit: false, canDelete: false });
    expect(await flags(w.teacher.headers)).toEqual({ canEdit: true, canDelete: true });
    expect(await flags(w.otherGradeTeacher.headers)).toEqual({ canEdit: false, canDelete: false });
    expect(await flags(w.admin.headers)).toEqual({ canEdit: true, canDelete: true });
  });

  it('answers 401 for a bad token instead of the public view', async () => {
    const { res } = await getComments(t.app, { authorization: 'Bearer nada' }, w.story._id);
    expect(res.statusCode).toBe(401);
  });
});

describe('PATCH and DELETE /comments/:id', () => {
  it('edits the text, marks it edited, and the list shows it so', async () => {
    const story = await freshStory();
    const comment = await addComment(t.app, w.classmate, story._id, '<p>primera</p>');
    const res = await patchComment(t.app, w.classmate.headers, comment._id, '<p>segunda <u>versión</u></p>');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      comment: { ...comment, text: '<p>segunda <u>versión</u></p>', wasEdited: true },
      message: commentMessages.updated,
    });
    const { page } = await getComments(t.app, {}, story._id);
    expect(page!.docs[0]).toMatchObject({
      _id: comment._id,
      wasEdited: true,
      text: '<p>segunda <u>versión</u></p>',
    });
  });

  it('refuses an edit with nothing visible with the edit message, and keeps the text', async () => {
    const comment = await addComment(t.app, w.classmate, w.story._id, '<p>se queda</p>');
    for (const text of ['', '<p><br></p>', '<p><script>alert(1)</script></p>']) {
      const res = await patchComment(t.app, w.classmate.headers, comment._id, text);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ text: commentMessages.editTextRequired });
    }
    const tooLong = await patchComment(
      t.app,
      w.classmate.headers,
      comment._id,
      'b'.repeat(commentLimits.plainTextMax + 1),
    );
    expect(tooLong.json().errors).toEqual({ text: commentMessages.textMax });
    const [row] = await t.app.db.select().from(comments).where(eq(comments.id, comment._id));
    expect(row).toMatchObject({ text: '<p>se queda</p>', wasEdited: false });
  });

  it('deletes a comment; it is gone from the list and a second delete or edit is 404', async () => {
    const story = await freshStory();
    const comment = await addComment(t.app, w.classmate, story._id);
    const res = await removeComment(t.app, w.classmate.headers, comment._id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: commentMessages.deleted });
    expect((await getComments(t.app, {}, story._id)).page!.totalDocs).toBe(0);
    const again = await removeComment(t.app, w.classmate.headers, comment._id);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(commentMessages.notFound);
    expect((await patchComment(t.app, w.classmate.headers, comment._id, '<p>x</p>')).statusCode).toBe(404);
  });

  it('answers 401 to a visitor and 400 to a malformed id', async () => {
    const comment = await addComment(t.app, w.classmate, w.story._id);
    expect((await patchComment(t.app, {}, comment._id, '<p>x</p>')).statusCode).toBe(401);
    expect((await removeComment(t.app, {}, comment._id)).statusCode).toBe(401);
    expect((await removeComment(t.app, w.admin.headers, 'x')).statusCode).toBe(400);
  });
});

describe('activity of students', () => {
  it('records a student creating, editing and deleting a comment, with the fic and the comment', async () => {
    const story = await freshStory();
    const comment = await addComment(t.app, w.classmate, story._id);
    await patchComment(t.app, w.classmate.headers, comment._id, '<p>otra</p>');
    await removeComment(t.app, w.classmate.headers, comment._id);
    const rows = await t.app.db
      .select()
      .from(trackingEvents)
      .where(and(eq(trackingEvents.userId, w.classmate.id), eq(trackingEvents.commentId, comment._id)))
      .orderBy(trackingEvents.createdAt);
    expect(rows.map((r) => [r.resource, r.action])).toEqual([
      ['COMMENTS', 'CREATE'],
      ['COMMENTS', 'UPDATE'],
      ['COMMENTS', 'DELETE'],
    ]);
    for (const row of rows) {
      expect(row).toMatchObject({ storyId: story._id, storyTitle: story.title, replyId: null });
    }
  });

  it('records nothing for teachers and administrators, nor for a refused write', async () => {
    const story = await freshStory();
    const byTeacher = await addComment(t.app, w.teacher, story._id);
    await patchComment(t.app, w.admin.headers, byTeacher._id, '<p>moderado</p>');
    await removeComment(t.app, w.admin.headers, byTeacher._id);
    await postComment(t.app, w.classmate.headers, story._id, '<p><br></p>');
    const rows = await t.app.db.select().from(trackingEvents).where(eq(trackingEvents.storyId, story._id));
    // The fic's own events (its author writing and sending it) are another module's.
    expect(rows.filter((r) => r.resource === 'COMMENTS')).toEqual([]);
  });

  it('records a teacher deleting a student comment under nobody (only students are tracked)', async () => {
    const story = await freshStory();
    const comment = await addComment(t.app, w.classmate, story._id);
    await removeComment(t.app, w.teacher.headers, comment._id);
    const rows = await t.app.db
      .select()
      .from(trackingEvents)
      .where(eq(trackingEvents.commentId, comment._id));
    expect(rows.map((r) => [r.userId, r.action])).toEqual([[w.classmate.id, 'CREATE']]);
  });
});
