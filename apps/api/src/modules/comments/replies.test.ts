import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { commentLimits, commentMessages, pagingMessages } from '@fics/contracts';
import { commentReplies, trackingEvents } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/helpers';
import {
  addComment,
  addReply,
  commentWorld,
  forgetCommentLimits,
  getComments,
  getReplies,
  patchReply,
  postReply,
  removeReply,
} from './comments.fixtures';

let t: TestApp;
let w: Awaited<ReturnType<typeof commentWorld>>;

beforeAll(async () => {
  t = await buildTestApp();
  w = await commentWorld(t.app);
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await forgetCommentLimits(t.app, [w.author, w.classmate, w.teacher, w.admin, w.otherSchoolStudent]);
});

describe('POST /comments/:id/replies', () => {
  it('answers 201 with the reply and counts it on the comment', async () => {
    const comment = await addComment(t.app, w.classmate, w.story._id);
    const res = await postReply(t.app, w.author.headers, comment._id, '<p>¡<em>Gracias</em>!</p>');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      reply: {
        _id: expect.any(String),
        commentId: comment._id,
        userId: {
          _id: w.author.id,
          name: 'Sofía Escobar Ruiz',
          profilePicture: null,
          role: { name: 'STUDENT', displayName: 'Estudiante' },
          isStoryAuthor: true,
        },
        text: '<p>¡<em>Gracias</em>!</p>',
        wasEdited: false,
        createdAt: expect.any(String),
        permissions: { canEdit: true, canDelete: true },
      },
      message: commentMessages.replyCreated,
    });
    const { page } = await getComments(t.app, {}, w.story._id);
    expect(page!.docs.find((c) => c._id === comment._id)!.replies).toBe(1);
  });

  it('refuses an empty or too long reply with the reply messages, cleaning first', async () => {
    const comment = await addComment(t.app, w.classmate, w.story._id);
    for (const text of ['', '<p><br></p>', '<iframe src="https://x.cl"></iframe>']) {
      const res = await postReply(t.app, w.author.headers, comment._id, text);
      expect(res.statusCode, text).toBe(400);
      expect(res.json(), text).toMatchObject({
        type: 'VALIDATION_ERROR',
        errors: { text: commentMessages.replyRequired },
      });
    }
    const long = await postReply(
      t.app,
      w.author.headers,
      comment._id,
      'x'.repeat(commentLimits.plainTextMax + 1),
    );
    expect(long.json().errors).toEqual({ text: commentMessages.replyMax });
    const raw = await postReply(t.app, w.author.headers, comment._id, 'x'.repeat(commentLimits.textMax + 1));
    expect(raw.json().errors).toEqual({ text: commentMessages.replyMax });
    const cleaned = await addReply(
      t.app,
      w.author,
      comment._id,
      '<p style="color:red">hola<script>x</script></p>',
    );
    expect(cleaned.text).toBe('<p>hola</p>');
  });

  it('answers 401 to a visitor and 404 for an unknown comment', async () => {
    const comment = await addComment(t.app, w.classmate, w.story._id);
    expect((await postReply(t.app, {}, comment._id, '<p>hola</p>')).statusCode).toBe(401);
    const unknown = await postReply(t.app, w.author.headers, crypto.randomUUID(), '<p>hola</p>');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(commentMessages.notFound);
  });
});

describe('GET /comments/:id/replies', () => {
  it('pages oldest first, 5 a page, with its edges', async () => {
    const comment = await addComment(t.app, w.classmate, w.story._id);
    const written = [];
    for (let i = 1; i <= 7; i += 1) {
      written.push(await addReply(t.app, i % 2 ? w.author : w.teacher, comment._id, `<p>respuesta ${i}</p>`));
    }
    const ids = written.map((r) => r._id);
    const first = await getReplies(t.app, {}, comment._id);
    expect(first.res.statusCode).toBe(200);
    expect(first.page).toMatchObject({ page: 1, limit: 5, totalDocs: 7, hasNextPage: true, nextPage: 2 });
    expect(first.page!.docs.map((r) => r._id)).toEqual(ids.slice(0, 5));
    const second = await getReplies(t.app, {}, comment._id, '?page=2');
    expect(second.page).toMatchObject({ page: 2, totalDocs: 7, hasNextPage: false, nextPage: null });
    expect(second.page!.docs.map((r) => r._id)).toEqual(ids.slice(5));
    const beyond = await getReplies(t.app, {}, comment._id, '?page=9');
    expect(beyond.page).toMatchObject({ docs: [], page: 9, totalDocs: 7, hasNextPage: false });
    const tooMany = await getReplies(t.app, {}, comment._id, '?limit=6');
    expect(tooMany.res.statusCode).toBe(400);
    expect(tooMany.res.json().errors).toEqual({ limit: pagingMessages.limit(5) });
  });

  it('shows a student to a visitor as first name and initial, and gives each caller their permissions', async () => {
    const comment = await addComment(t.app, w.teacher, w.story._id);
    await addReply(t.app, w.author, comment._id);
    const visitor = (await getReplies(t.app, {}, comment._id)).page!.docs[0]!;
    expect(visitor.userId).toMatchObject({ name: 'Sofía E.', profilePicture: null });
    expect(visitor.permissions).toEqual({ canEdit: false, canDelete: false });
    const teacher = (await getReplies(t.app, w.teacher.headers, comment._id)).page!.docs[0]!;
    expect(teacher.userId.name).toBe('Sofía Escobar Ruiz');
    expect(teacher.permissions).toEqual({ canEdit: true, canDelete: true });
    const stranger = (await getReplies(t.app, w.otherSchoolStudent.headers, comment._id)).page!.docs[0]!;
    expect(stranger.permissions).toEqual({ canEdit: false, canDelete: false });
  });

  it('answers 404 for an unknown comment', async () => {
    const { res } = await getReplies(t.app, {}, crypto.randomUUID());
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(commentMessages.notFound);
  });
});

describe('PATCH and DELETE /comments/:commentId/replies/:replyId', () => {
  it('edits a reply, marks it edited, and refuses an empty one with the reply message', async () => {
    const comment = await addComment(t.app, w.classmate, w.story._id);
    const reply = await addReply(t.app, w.author, comment._id, '<p>uno</p>');
    const res = await patchReply(t.app, w.author.headers, comment._id, reply._id, '<p><s>dos</s></p>');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      reply: { ...reply, text: '<p><s>dos</s></p>', wasEdited: true },
      message: commentMessages.replyUpdated,
    });
    const empty = await patchReply(t.app, w.author.headers, comment._id, reply._id, '<p> </p>');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ text: commentMessages.replyRequired });
    const listed = (await getReplies(t.app, {}, comment._id)).page!.docs[0]!;
    expect(listed).toMatchObject({ text: '<p><s>dos</s></p>', wasEdited: true });
  });

  it('deletes a reply and uncounts it', async () => {
    const comment = await addComment(t.app, w.classmate, w.story._id);
    const reply = await addReply(t.app, w.author, comment._id);
    await addReply(t.app, w.author, comment._id);
    const res = await removeReply(t.app, w.author.headers, comment._id, reply._id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: commentMessages.replyDeleted });
    const { page } = await getReplies(t.app, {}, comment._id);
    expect(page!.totalDocs).toBe(1);
    expect(
      (await getComments(t.app, {}, w.story._id)).page!.docs.find((c) => c._id === comment._id)!.replies,
    ).toBe(1);
    const again = await removeReply(t.app, w.author.headers, comment._id, reply._id);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(commentMessages.replyNotFound);
  });

  it('answers 404 when the reply belongs to another comment, and changes nothing', async () => {
    const one = await addComment(t.app, w.classmate, w.story._id);
    const other = await addComment(t.app, w.classmate, w.story._id);
    const reply = await addReply(t.app, w.author, one._id, '<p>mía</p>');
    for (const res of [
      await patchReply(t.app, w.author.headers, other._id, reply._id, '<p>cambio</p>'),
      await removeReply(t.app, w.author.headers, other._id, reply._id),
      await removeReply(t.app, w.admin.headers, other._id, reply._id),
      await removeReply(t.app, w.admin.headers, crypto.randomUUID(), reply._id),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(commentMessages.replyNotFound);
    }
    const [row] = await t.app.db.select().from(commentReplies).where(eq(commentReplies.id, reply._id));
    expect(row).toMatchObject({ text: '<p>mía</p>', wasEdited: false, commentId: one._id });
  });

  it('answers 401 to a visitor and 400 to malformed ids', async () => {
    const comment = await addComment(t.app, w.classmate, w.story._id);
    const reply = await addReply(t.app, w.author, comment._id);
    expect((await patchReply(t.app, {}, comment._id, reply._id, '<p>x</p>')).statusCode).toBe(401);
    expect((await removeReply(t.app, {}, comment._id, reply._id)).statusCode).toBe(401);
    expect((await removeReply(t.app, w.admin.headers, comment._id, 'x')).statusCode).toBe(400);
  });
});

describe('activity of students', () => {
  it('records a student creating, editing and deleting a reply, with the fic, comment and reply', async () => {
    const comment = await addComment(t.app, w.teacher, w.story._id);
    const reply = await addReply(t.app, w.classmate, comment._id);
    await patchReply(t.app, w.classmate.headers, comment._id, reply._id, '<p>otra</p>');
    await removeReply(t.app, w.classmate.headers, comment._id, reply._id);
    const rows = await t.app.db
      .select()
      .from(trackingEvents)
      .where(and(eq(trackingEvents.userId, w.classmate.id), eq(trackingEvents.replyId, reply._id)))
      .orderBy(trackingEvents.createdAt);
    expect(rows.map((r) => [r.resource, r.action])).toEqual([
      ['REPLIES', 'CREATE'],
      ['REPLIES', 'UPDATE'],
      ['REPLIES', 'DELETE'],
    ]);
    for (const row of rows) {
      expect(row).toMatchObject({ storyId: w.story._id, storyTitle: w.story.title, commentId: comment._id });
    }
    // The teacher's comment is not recorded.
    expect(
      await t.app.db.$count(
        trackingEvents,
        and(eq(trackingEvents.commentId, comment._id), eq(trackingEvents.resource, 'COMMENTS')),
      ),
    ).toBe(0);
  });
});
