import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  commentModerationMessages,
  heldFlag,
  type ApprovalDecision,
  type CommentsMode,
  type HeldComment,
  type NotificationsResponse,
  type Paged,
  type Reply,
  type Story,
} from '@fics/contracts';
import { domainEvents, moderationWords } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { storedEvents } from '../../test/domain-events';
import { member } from '../users/users.fixtures';
import { createStory, publishedStory, storyWorld } from '../stories/stories.fixtures';
import {
  addComment,
  addReply,
  forgetCommentLimits,
  getComments,
  getReplies,
  patchComment,
  patchReply,
  postComment,
  postReply,
  removeComment,
} from './comments.fixtures';

/**
 * Who may comment on a fic (issue 21.5: open, held for approval, closed) and comments held for a
 * teacher's approval (issue 21.5-6: a 'MODERATED' fic, or a word of the administrators' list), on
 * the real app and database, as each role: who sets the mode, who is refused, who sees a held item
 * (counts included), who approves, once.
 */

type Headers = Record<string, string>;
type World = Awaited<ReturnType<typeof storyWorld>>;

let t: TestApp;
let w: World;
/** A second classmate of the author (grade A1), who never wrote what is held. */
let reader: Awaited<ReturnType<typeof member>>;
const visitor: Headers = {};
let counter = 0;
const text = (words: string) => `<p>${words} (${(counter += 1)})</p>`;

beforeAll(async () => {
  t = await buildTestApp();
  w = await storyWorld(t.app);
  reader = await member(t.app, 'STUDENT', [w.gradeA1], { name: 'Lucía Lectora' });
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await forgetCommentLimits(t.app, [
    w.author,
    w.classmate,
    w.otherGradeStudent,
    w.otherSchoolStudent,
    w.teacher,
    w.admin,
    reader,
  ]);
});

const setMode = (headers: Headers, storyId: string, mode: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/v1/stories/${storyId}/comments-mode`,
    headers,
    payload: { mode },
  });

async function modeOk(headers: Headers, storyId: string, mode: CommentsMode): Promise<Story> {
  const res = await setMode(headers, storyId, mode);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ story: Story }>().story;
}

async function storyOf(headers: Headers, storyId: string): Promise<Story> {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/stories/${storyId}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ story: Story }>().story;
}

const approve = (headers: Headers, commentId: string, decision: unknown, replyId?: string) =>
  t.app.inject({
    method: 'PATCH',
    url: replyId
      ? `/api/v1/comments/${commentId}/replies/${replyId}/approval`
      : `/api/v1/comments/${commentId}/approval`,
    headers,
    payload: { decision },
  });

async function decideOk(headers: Headers, commentId: string, decision: ApprovalDecision, replyId?: string) {
  const res = await approve(headers, commentId, decision, replyId);
  expect(res.statusCode, res.body).toBe(200);
}

const heldList = (headers: Headers, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/v1/comments/held${query}`, headers });

async function heldOf(headers: Headers): Promise<Paged<HeldComment>> {
  const res = await heldList(headers, '?limit=50');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ held: Paged<HeldComment> }>().held;
}

async function idsSeenBy(headers: Headers, storyId: string) {
  const { page } = await getComments(t.app, headers, storyId);
  return { ids: page!.docs.map((c) => c._id), total: page!.totalDocs, docs: page!.docs };
}

async function notificationsOf(headers: Headers) {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/notifications?limit=50', headers });
  return res.json<NotificationsResponse>().notifications.docs;
}

async function addWord(word: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/moderation-words',
    headers: w.admin.headers,
    payload: { word },
  });
  expect(res.statusCode, res.body).toBe(201);
}

describe('PUT /stories/:id/comments-mode', () => {
  let storyId: string;
  beforeAll(async () => {
    storyId = (await publishedStory(t.app, w)).story._id;
  });

  it('is the author’s, the grade’s teachers’ and administrators’ choice, flagged on the fic', async () => {
    for (const who of [w.author, w.teacher, w.colleague, w.admin]) {
      expect((await storyOf(who.headers, storyId)).permissions.canManageComments).toBe(true);
    }
    for (const headers of [
      w.classmate.headers,
      w.otherGradeTeacher.headers,
      w.otherSchoolStudent.headers,
      visitor,
    ]) {
      expect((await storyOf(headers, storyId)).permissions.canManageComments).toBe(false);
    }
    expect((await storyOf(visitor, storyId)).commentsMode).toBe('OPEN');
    expect((await modeOk(w.author.headers, storyId, 'CLOSED')).commentsMode).toBe('CLOSED');
    expect((await modeOk(w.colleague.headers, storyId, 'MODERATED')).commentsMode).toBe('MODERATED');
    expect((await modeOk(w.admin.headers, storyId, 'OPEN')).commentsMode).toBe('OPEN');
    expect((await storyOf(visitor, storyId)).commentsMode).toBe('OPEN');
  });

  it('refuses classmates, other grades’ teachers and visitors, changing nothing', async () => {
    for (const headers of [w.classmate.headers, w.otherGradeTeacher.headers, w.otherSchoolStudent.headers]) {
      expect((await setMode(headers, storyId, 'CLOSED')).statusCode).toBe(403);
    }
    expect((await setMode(visitor, storyId, 'CLOSED')).statusCode).toBe(401);
    expect((await storyOf(visitor, storyId)).commentsMode).toBe('OPEN');
  });

  it('is 404 on a fic the caller may not see, 400 with a Spanish message on a bad mode', async () => {
    const draft = await createStory(t.app, w.author.headers);
    expect((await setMode(w.classmate.headers, draft._id, 'CLOSED')).statusCode).toBe(404);
    expect((await setMode(w.otherGradeTeacher.headers, draft._id, 'CLOSED')).statusCode).toBe(404);
    // Its author may choose before publishing.
    expect((await modeOk(w.author.headers, draft._id, 'MODERATED')).commentsMode).toBe('MODERATED');
    const unknown = await setMode(w.teacher.headers, '00000000-0000-4000-8000-000000000000', 'OPEN');
    expect(unknown.statusCode).toBe(404);
    for (const mode of ['ABIERTO', '', 3, null]) {
      const res = await setMode(w.author.headers, storyId, mode);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        type: 'VALIDATION_ERROR',
        errors: { mode: commentModerationMessages.modeRequired },
      });
    }
  });

  it('announces a change once, with the mode it replaced (none when it stays)', async () => {
    const before = (await storedEvents(t.app, ['story.comments_mode_changed'])).length;
    await modeOk(w.teacher.headers, storyId, 'CLOSED');
    await modeOk(w.teacher.headers, storyId, 'CLOSED');
    const events = (await storedEvents(t.app, ['story.comments_mode_changed'])).slice(before);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      storyId,
      actor: { userId: w.teacher.id },
      payload: { mode: 'CLOSED', previousMode: 'OPEN', authorId: w.author.id },
    });
    await modeOk(w.teacher.headers, storyId, 'OPEN');
  });
});

describe("'Comentarios cerrados'", () => {
  it('refuses new comments and replies with 409, keeps the old ones, which can still be edited and deleted', async () => {
    const storyId = (await publishedStory(t.app, w)).story._id;
    const old = await addComment(t.app, w.classmate, storyId);
    const other = await addComment(t.app, w.classmate, storyId);
    await modeOk(w.author.headers, storyId, 'CLOSED');

    for (const who of [w.classmate, w.author, w.teacher, w.admin]) {
      const comment = await postComment(t.app, who.headers, storyId, text('Otro más'));
      expect(comment.statusCode).toBe(409);
      expect(comment.json().message).toBe(commentModerationMessages.closed);
      const reply = await postReply(t.app, who.headers, old._id, text('Respuesta'));
      expect(reply.statusCode).toBe(409);
      expect(reply.json().message).toBe(commentModerationMessages.closed);
    }
    expect((await idsSeenBy(visitor, storyId)).ids).toEqual([other._id, old._id]);
    expect((await patchComment(t.app, w.classmate.headers, old._id, text('Corregido'))).statusCode).toBe(200);
    expect((await removeComment(t.app, w.classmate.headers, other._id)).statusCode).toBe(200);
    expect((await idsSeenBy(visitor, storyId)).ids).toEqual([old._id]);
  });
});

describe('comments held for approval on a MODERATED fic', () => {
  let storyId: string;
  let held: { _id: string };
  let heldReply: Reply;
  let open: { _id: string };

  beforeAll(async () => {
    storyId = (await publishedStory(t.app, w, { fields: { title: 'Fic moderada' } })).story._id;
    open = await addComment(t.app, reader, storyId);
    await modeOk(w.teacher.headers, storyId, 'MODERATED');
    const res = await postComment(t.app, w.classmate.headers, storyId, text('Espero aprobación'));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      comment: { moderation: heldFlag },
      message: commentModerationMessages.commentHeld,
    });
    held = res.json<{ comment: { _id: string } }>().comment;
    const replyRes = await postReply(
      t.app,
      w.otherGradeStudent.headers,
      open._id,
      text('Respuesta retenida'),
    );
    expect(replyRes.statusCode).toBe(201);
    expect(replyRes.json()).toMatchObject({
      reply: { moderation: heldFlag },
      message: commentModerationMessages.replyHeld,
    });
    heldReply = replyRes.json<{ reply: Reply }>().reply;
  });

  it('shows a held comment to its writer (flagged), the grade’s teachers and administrators (who may approve)', async () => {
    const writer = await idsSeenBy(w.classmate.headers, storyId);
    expect(writer.ids).toContain(held._id);
    expect(writer.total).toBe(2);
    const own = writer.docs.find((c) => c._id === held._id)!;
    expect(own.moderation).toEqual(heldFlag);
    expect(own.permissions.canApprove).toBeUndefined();
    for (const headers of [w.teacher.headers, w.colleague.headers, w.admin.headers]) {
      const seen = await idsSeenBy(headers, storyId);
      expect(seen.ids).toContain(held._id);
      expect(seen.total).toBe(2);
      const item = seen.docs.find((c) => c._id === held._id)!;
      expect(item.moderation).toEqual(heldFlag);
      expect(item.permissions.canApprove).toBe(true);
    }
  });

  it('keeps it from the fic’s author, classmates, other teachers and visitors: lists, counts and its thread', async () => {
    for (const headers of [
      w.author.headers,
      reader.headers,
      w.otherGradeStudent.headers,
      w.otherGradeTeacher.headers,
      w.otherSchoolTeacher.headers,
      visitor,
    ]) {
      const seen = await idsSeenBy(headers, storyId);
      expect(seen.ids).not.toContain(held._id);
      expect(seen.total).toBe(1);
      expect((await getReplies(t.app, headers, held._id)).res.statusCode).toBe(404);
    }
    expect((await storyOf(visitor, storyId)).comments).toBe(1);
  });

  it('holds replies too: its writer and approvers see it, the comment’s writer and the rest do not (counts included)', async () => {
    const writer = await getReplies(t.app, w.otherGradeStudent.headers, open._id);
    expect(writer.page!.docs.map((r) => r._id)).toEqual([heldReply._id]);
    expect(writer.page!.totalDocs).toBe(1);
    const teacher = await getReplies(t.app, w.teacher.headers, open._id);
    expect(teacher.page!.docs[0]).toMatchObject({ _id: heldReply._id, moderation: heldFlag });
    expect(teacher.page!.docs[0]!.permissions.canApprove).toBe(true);
    for (const headers of [reader.headers, w.author.headers, w.classmate.headers, visitor]) {
      const { page } = await getReplies(t.app, headers, open._id);
      expect(page!.docs).toEqual([]);
      expect(page!.totalDocs).toBe(0);
      const comment = (await idsSeenBy(headers, storyId)).docs.find((c) => c._id === open._id)!;
      expect(comment.replies).toBe(0);
    }
  });

  it('does not hold the fic’s own author nor teachers; nobody replies to a held comment', async () => {
    const byAuthor = await addComment(t.app, w.author, storyId);
    expect(byAuthor.moderation).toBeUndefined();
    const byTeacher = await addComment(t.app, w.otherGradeTeacher, storyId);
    expect(byTeacher.moderation).toBeUndefined();
    for (const who of [w.classmate, w.teacher]) {
      const res = await postReply(t.app, who.headers, held._id, text('¿Puedo?'));
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(commentModerationMessages.heldNoReplies);
    }
    await removeComment(t.app, w.author.headers, byAuthor._id);
    await removeComment(t.app, w.otherGradeTeacher.headers, byTeacher._id);
  });

  it('tells the grade’s teachers once, and the fic’s author nothing until it is approved', async () => {
    const teacherTold = (await notificationsOf(w.teacher.headers)).filter(
      (n) => n.type === 'COMMENT_HELD' && n.storyId === storyId,
    );
    expect(teacherTold.map((n) => n.text).sort()).toEqual([
      'Un comentario espera tu aprobación en «Fic moderada»',
      'Una respuesta espera tu aprobación en «Fic moderada»',
    ]);
    expect(
      (await notificationsOf(w.colleague.headers)).filter((n) => n.type === 'COMMENT_HELD'),
    ).not.toHaveLength(0);
    expect(
      (await notificationsOf(w.otherGradeTeacher.headers)).filter((n) => n.type === 'COMMENT_HELD'),
    ).toEqual([]);
    const authorTold = (await notificationsOf(w.author.headers)).filter(
      (n) => n.type === 'STORY_COMMENTED' && n.commentId === held._id,
    );
    expect(authorTold).toEqual([]);
    const events = await storedEvents(t.app, ['comment.held']);
    expect(events.filter((e) => e.storyId === storyId).map((e) => e.payload)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ target: 'COMMENT', commentId: held._id, heldFor: 'MODERATED' }),
        expect.objectContaining({ target: 'REPLY', replyId: heldReply._id, heldFor: 'MODERATED' }),
      ]),
    );
  });

  it('lists what waits for each approver, in context; students are refused', async () => {
    const teacher = await heldOf(w.teacher.headers);
    const item = teacher.docs.find((h) => h._id === held._id);
    expect(item).toMatchObject({
      target: 'COMMENT',
      commentId: held._id,
      storyId,
      storyTitle: 'Fic moderada',
      writer: { _id: w.classmate.id, name: 'Pedro Pérez' },
      grade: 'Primero Básico A — Escuela Arrayán',
      heldFor: 'MODERATED',
      parentText: null,
    });
    expect(item!.text).toMatch(/^Espero aprobación/);
    const reply = teacher.docs.find((h) => h._id === heldReply._id);
    expect(reply).toMatchObject({ target: 'REPLY', commentId: open._id, heldFor: 'MODERATED' });
    expect(reply!.parentText).toMatch(/^Me encantó tu fic/);
    expect((await heldOf(w.admin.headers)).docs.map((h) => h._id)).toEqual(
      expect.arrayContaining([held._id, heldReply._id]),
    );
    expect((await heldOf(w.otherGradeTeacher.headers)).docs.map((h) => h._id)).not.toContain(held._id);
    for (const headers of [w.classmate.headers, w.author.headers]) {
      expect((await heldList(headers)).statusCode).toBe(403);
    }
    expect((await heldList(visitor)).statusCode).toBe(401);
    const paged = await heldList(w.teacher.headers, '?limit=1&page=2');
    expect(paged.json<{ held: Paged<HeldComment> }>().held).toMatchObject({ page: 2, limit: 1 });
    expect((await heldList(w.teacher.headers, '?limit=500')).statusCode).toBe(400);
  });

  it('refuses deciding to students (403), other grades’ teachers (404) and bad input (400)', async () => {
    expect((await approve(w.classmate.headers, held._id, 'APPROVE')).statusCode).toBe(403);
    expect((await approve(w.author.headers, held._id, 'APPROVE')).statusCode).toBe(403);
    expect((await approve(w.otherGradeTeacher.headers, held._id, 'APPROVE')).statusCode).toBe(404);
    expect((await approve(visitor, held._id, 'APPROVE')).statusCode).toBe(401);
    const bad = await approve(w.teacher.headers, held._id, 'SI');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ errors: { decision: commentModerationMessages.decisionRequired } });
    expect((await approve(w.teacher.headers, open._id, 'APPROVE')).statusCode).toBe(409);
    expect((await idsSeenBy(visitor, storyId)).ids).not.toContain(held._id);
  });

  it('approving shows it to everyone, counted, and tells its writer and the fic’s author then', async () => {
    await decideOk(w.teacher.headers, held._id, 'APPROVE');
    const seen = await idsSeenBy(visitor, storyId);
    expect(seen.ids).toContain(held._id);
    expect(seen.total).toBe(2);
    expect((await storyOf(visitor, storyId)).comments).toBe(2);
    const writerTold = (await notificationsOf(w.classmate.headers)).filter(
      (n) => n.type === 'COMMENT_APPROVED',
    );
    expect(writerTold.map((n) => n.text)).toContain(
      'Tu comentario en «Fic moderada» fue aprobado y ya se muestra',
    );
    const authorTold = (await notificationsOf(w.author.headers)).filter(
      (n) => n.type === 'STORY_COMMENTED' && n.commentId === held._id,
    );
    expect(authorTold.map((n) => n.text)).toEqual(['Pedro Pérez comentó tu fic «Fic moderada»']);
    expect((await approve(w.admin.headers, held._id, 'REJECT')).statusCode).toBe(409);
    expect((await heldOf(w.teacher.headers)).docs.map((h) => h._id)).not.toContain(held._id);
  });

  it('approving a reply tells the comment’s writer; rejecting one deletes it and tells its writer', async () => {
    await decideOk(w.admin.headers, open._id, 'APPROVE', heldReply._id);
    expect((await getReplies(t.app, visitor, open._id)).page!.totalDocs).toBe(1);
    const commentWriterTold = (await notificationsOf(reader.headers)).filter(
      (n) => n.type === 'COMMENT_REPLIED',
    );
    expect(commentWriterTold.map((n) => n.text)).toEqual([
      'Zoe Zúñiga respondió tu comentario en «Fic moderada»',
    ]);

    const rejected = await addReply(t.app, w.classmate, open._id, text('Otra respuesta'));
    expect(rejected.moderation).toEqual(heldFlag);
    await decideOk(w.colleague.headers, open._id, 'REJECT', rejected._id);
    expect(
      (await getReplies(t.app, w.classmate.headers, open._id)).page!.docs.map((r) => r._id),
    ).not.toContain(rejected._id);
    const told = (await notificationsOf(w.classmate.headers)).filter((n) => n.type === 'COMMENT_REJECTED');
    expect(told.map((n) => n.text)).toContain('Tu respuesta en «Fic moderada» no fue aprobada y se eliminó');
    const events = await storedEvents(t.app, ['comment.rejected', 'reply.deleted']);
    expect(
      events
        .filter((e) => (e.payload as { replyId?: string | null }).replyId === rejected._id)
        .map((e) => e.type),
    ).toEqual(['reply.deleted', 'comment.rejected']);
    expect(
      (await notificationsOf(reader.headers)).filter(
        (n) => n.type === 'COMMENT_REPLIED' && n.text.includes('Pedro'),
      ),
    ).toEqual([]);
  });

  it('a report’s Mantener does not show a held comment (only a teacher’s approval does)', async () => {
    const target = await addComment(t.app, w.classmate, storyId);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/reports',
      headers: w.teacher.headers,
      payload: { target: 'COMMENT', targetId: target._id, reason: 'SPAM' },
    });
    expect(res.statusCode).toBe(201);
    const cases = await t.app.inject({
      method: 'GET',
      url: '/api/v1/reports?status=OPEN',
      headers: w.admin.headers,
    });
    const caseId = cases
      .json<{ reports: Paged<{ _id: string; item: { targetId: string | null } }> }>()
      .reports.docs.find((c) => c.item.targetId === target._id)!._id;
    const kept = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/reports/${caseId}`,
      headers: w.admin.headers,
      payload: { decision: 'KEEP' },
    });
    expect(kept.statusCode).toBe(200);
    expect((await idsSeenBy(visitor, storyId)).ids).not.toContain(target._id);
    expect((await heldOf(w.teacher.headers)).docs.map((h) => h._id)).toContain(target._id);
  });
});

describe('approval settles once', () => {
  async function heldComment() {
    const storyId = (await publishedStory(t.app, w)).story._id;
    await modeOk(w.author.headers, storyId, 'MODERATED');
    const target = await addComment(t.app, w.classmate, storyId);
    expect(target.moderation).toEqual(heldFlag);
    return target;
  }
  const decisionsOn = async (commentId: string) =>
    (await storedEvents(t.app, ['comment.approved', 'comment.rejected'])).filter(
      (e) => (e.payload as { commentId: string }).commentId === commentId,
    );

  it('of 8 parallel approvals exactly one is 200, the rest 409, with one event', async () => {
    const target = await heldComment();
    const calls = Array.from({ length: 8 }, (_, i) =>
      approve(i % 2 === 0 ? w.teacher.headers : w.admin.headers, target._id, 'APPROVE'),
    );
    const statuses = (await Promise.all(calls)).map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    expect(await decisionsOn(target._id)).toHaveLength(1);
  });

  it('of 8 parallel approvals and rejections exactly one wins (a rejected one is gone: 409 or 404 after)', async () => {
    const target = await heldComment();
    const calls = Array.from({ length: 8 }, (_, i) =>
      approve(
        i % 2 === 0 ? w.teacher.headers : w.admin.headers,
        target._id,
        i % 3 === 0 ? 'REJECT' : 'APPROVE',
      ),
    );
    const statuses = (await Promise.all(calls)).map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 200).every((s) => s === 409 || s === 404)).toBe(true);
    expect(await decisionsOn(target._id)).toHaveLength(1);
  });
});

describe('the words list holds comments and replies', () => {
  let storyId: string;
  beforeAll(async () => {
    storyId = (await publishedStory(t.app, w, { fields: { title: 'Fic abierta' } })).story._id;
    await addWord('idiota');
    await addWord('Estúpido');
    await addWord('cara de sapo');
  });

  it('on any fic, ignoring case and accents, as whole words only', async () => {
    const cases: [string, boolean][] = [
      ['Eres un IDIOTA.', true],
      ['¡Idíota!', true],
      ['qué estupido eres', true],
      ['ESTÚPIDA no, ESTÚPIDO sí', true],
      ['tienes\ncara   de SAPO', true],
      ['<strong>idiota</strong> en negrita', true],
      ['Eso fue una idiotez', false],
      ['idiotas', false],
      ['Estupidez', false],
      ['sapo con cara', false],
    ];
    for (const [words, heldExpected] of cases) {
      const comment = await addComment(t.app, w.classmate, storyId, text(words));
      expect(comment.moderation ?? null, words).toEqual(heldExpected ? heldFlag : null);
    }
    const words = (await heldOf(w.teacher.headers)).docs.filter((h) => h.storyId === storyId);
    expect(words.every((h) => h.heldFor === 'WORDS')).toBe(true);
    expect(words.find((h) => h.text.startsWith('Eres un IDIOTA'))!.words).toEqual(['idiota']);
    expect(words.find((h) => h.text.startsWith('tienes'))!.words).toEqual(['cara de sapo']);
    expect((await idsSeenBy(visitor, storyId)).total).toBe(4);
  });

  it('holds a reply, but never a teacher’s or an administrator’s words', async () => {
    const comment = await addComment(t.app, reader, storyId);
    const reply = await addReply(t.app, w.classmate, comment._id, text('Eres idiota'));
    expect(reply.moderation).toEqual(heldFlag);
    const teacher = await addComment(t.app, w.teacher, storyId, text('No digan idiota'));
    expect(teacher.moderation).toBeUndefined();
  });

  it('holds a visible comment or reply when an edit brings a listed word in, once', async () => {
    const comment = await addComment(t.app, w.classmate, storyId, text('Muy lindo'));
    expect(comment.moderation).toBeUndefined();
    const before = (await storedEvents(t.app, ['comment.held'])).length;
    const res = await patchComment(t.app, w.classmate.headers, comment._id, text('Muy idiota'));
    expect(res.statusCode).toBe(200);
    expect(res.json().comment.moderation).toEqual(heldFlag);
    expect((await idsSeenBy(visitor, storyId)).ids).not.toContain(comment._id);
    await patchComment(t.app, w.classmate.headers, comment._id, text('Muy idiota otra vez'));
    const held = (await storedEvents(t.app, ['comment.held'])).slice(before);
    expect(held.map((e) => e.payload)).toEqual([
      expect.objectContaining({ target: 'COMMENT', commentId: comment._id, heldFor: 'WORDS' }),
    ]);

    const parent = await addComment(t.app, reader, storyId);
    const reply = await addReply(t.app, w.classmate, parent._id, text('Respuesta amable'));
    const edited = await patchReply(
      t.app,
      w.classmate.headers,
      parent._id,
      reply._id,
      text('Respuesta estúpida no, estúpido'),
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json().reply.moderation).toEqual(heldFlag);
    expect((await getReplies(t.app, visitor, parent._id)).page!.totalDocs).toBe(0);
  });

  it('stops holding once a word is removed from the list', async () => {
    const [word] = await t.app.db
      .select({ id: moderationWords.id })
      .from(moderationWords)
      .where(eq(moderationWords.folded, 'cara de sapo'));
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/moderation-words/${word!.id}`,
      headers: w.admin.headers,
    });
    expect(res.statusCode).toBe(200);
    const comment = await addComment(t.app, w.classmate, storyId, text('cara de sapo'));
    expect(comment.moderation).toBeUndefined();
    const removed = await t.app.db
      .select()
      .from(domainEvents)
      .where(eq(domainEvents.type, 'moderation_word.removed'));
    expect(removed).toHaveLength(1);
  });
});
