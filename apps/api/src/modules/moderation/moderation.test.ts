import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  moderationMessages,
  underReviewFlag,
  type Comment,
  type CreateReportBody,
  type NotificationsResponse,
  type Paged,
  type Reply,
  type ReportCase,
  type Story,
} from '@fics/contracts';
import { moderationCases, reports } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { storedEvents } from '../../test/domain-events';
import {
  addComment,
  addReply,
  forgetCommentLimits,
  getComments,
  getReplies,
} from '../comments/comments.fixtures';
import { publishedStory, storyWorld } from '../stories/stories.fixtures';

/**
 * Reports, hiding and the moderation queue (issue 21.1-3, 21.7) on the real app and database, as
 * each role: who may report what, who still sees a hidden item (counts included), who decides, once.
 */

type Headers = Record<string, string>;
type World = Awaited<ReturnType<typeof storyWorld>>;

let t: TestApp;
let w: World;
let visitor: Headers;

beforeAll(async () => {
  t = await buildTestApp();
  w = await storyWorld(t.app);
  visitor = {};
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
  ]);
});

const report = (headers: Headers, body: Partial<CreateReportBody> & Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/v1/reports', headers, payload: body });

async function reportOk(headers: Headers, body: CreateReportBody) {
  const res = await report(headers, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ report: { _id: string } }>().report;
}

const queue = (headers: Headers, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/v1/reports${query}`, headers });

async function queueDocs(headers: Headers, query = ''): Promise<Paged<ReportCase>> {
  const res = await queue(headers, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ reports: Paged<ReportCase> }>().reports;
}

const decide = (headers: Headers, caseId: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PATCH', url: `/api/v1/reports/${caseId}`, headers, payload });

async function caseOf(targetId: string): Promise<string> {
  const [row] = await t.app.db
    .select({ id: moderationCases.id })
    .from(moderationCases)
    .where(eq(moderationCases.targetId, targetId));
  return row!.id;
}

async function commentsSeenBy(headers: Headers, storyId: string) {
  const { res, page } = await getComments(t.app, headers, storyId);
  return { status: res.statusCode, page: page };
}

async function storySeenBy(headers: Headers, storyId: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/stories/${storyId}`, headers });
  return {
    status: res.statusCode,
    story: res.statusCode === 200 ? res.json<{ story: Story }>().story : null,
  };
}

async function notificationsOf(headers: Headers) {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/notifications?limit=50', headers });
  return res.json<NotificationsResponse>().notifications.docs;
}

describe('POST /reports', () => {
  let storyId: string;
  let comment: Comment;
  beforeAll(async () => {
    storyId = (await publishedStory(t.app, w)).story._id;
    comment = await addComment(t.app, w.classmate, storyId, '<p>Comentario a reportar</p>');
  });

  it('refuses bad input with a Spanish message per field, and nothing is stored', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ target: 'COMMENT', targetId: comment._id }, 'reason', moderationMessages.reasonRequired],
      [
        { target: 'COMMENT', targetId: comment._id, reason: 'NOPE' },
        'reason',
        moderationMessages.reasonRequired,
      ],
      [
        { target: 'COMMENT', targetId: comment._id, reason: 'OTHER' },
        'detail',
        moderationMessages.detailRequired,
      ],
      [
        { target: 'COMMENT', targetId: comment._id, reason: 'OTHER', detail: '   ' },
        'detail',
        moderationMessages.detailRequired,
      ],
      [
        { target: 'COMMENT', targetId: comment._id, reason: 'OTHER', detail: 'x'.repeat(301) },
        'detail',
        moderationMessages.detailMax,
      ],
      [{ targetId: comment._id, reason: 'SPAM' }, 'target', moderationMessages.targetRequired],
    ];
    for (const [body, field, message] of cases) {
      const res = await report(w.otherSchoolStudent.headers, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ type: string; errors: Record<string, string> }>()).toMatchObject({
        type: 'VALIDATION_ERROR',
        errors: { [field]: message },
      });
    }
    expect(await t.app.db.select().from(reports).where(eq(reports.targetId, comment._id))).toEqual([]);
  });

  it('needs a session (401), an item the reporter sees (404) and not their own (403)', async () => {
    expect(
      (await report(visitor, { target: 'COMMENT', targetId: comment._id, reason: 'SPAM' })).statusCode,
    ).toBe(401);
    const missing = await report(w.otherSchoolStudent.headers, {
      target: 'REPLY',
      targetId: '00000000-0000-4000-8000-000000000000',
      reason: 'SPAM',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ message: string }>().message).toBe(moderationMessages.itemNotFound);
    const own = await report(w.classmate.headers, {
      target: 'COMMENT',
      targetId: comment._id,
      reason: 'SPAM',
    });
    expect(own.statusCode).toBe(403);
    expect(own.json<{ message: string }>().message).toBe(moderationMessages.ownItem);
  });

  it('answers 201 with the report, 409 to a second report by the same person', async () => {
    const res = await report(w.otherSchoolStudent.headers, {
      target: 'COMMENT',
      targetId: comment._id,
      reason: 'OTHER',
      detail: '  Me molesta  ',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      report: { target: 'COMMENT', targetId: comment._id, reason: 'OTHER', detail: 'Me molesta' },
      message: moderationMessages.created,
    });
    const again = await report(w.otherSchoolStudent.headers, {
      target: 'COMMENT',
      targetId: comment._id,
      reason: 'SPAM',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(moderationMessages.alreadyReported);
    // One report by one student: still visible to everyone.
    const seen = await commentsSeenBy(visitor, storyId);
    expect(seen.page!.docs.map((c) => c._id)).toContain(comment._id);
  });
});

describe('a comment reported by three people', () => {
  let storyId: string;
  let comment: Comment;
  let reply: Reply;
  beforeAll(async () => {
    storyId = (await publishedStory(t.app, w)).story._id;
    comment = await addComment(t.app, w.classmate, storyId, '<p>Eres un tonto</p>');
    reply = await addReply(t.app, w.author, comment._id, '<p>No me gusta</p>');
    await addComment(t.app, w.otherGradeStudent, storyId, '<p>Qué bonito</p>');
    for (const who of [w.otherGradeStudent, w.otherSchoolStudent]) {
      await reportOk(who.headers, { target: 'COMMENT', targetId: comment._id, reason: 'HARASSMENT' });
      expect((await commentsSeenBy(visitor, storyId)).page!.totalDocs).toBe(2);
    }
    await reportOk(w.author.headers, { target: 'COMMENT', targetId: comment._id, reason: 'OFFENSIVE' });
  });

  it('is gone, count included, for a visitor, classmates, the fic’s author and teachers of other grades', async () => {
    for (const who of [
      visitor,
      w.otherSchoolStudent.headers,
      w.author.headers,
      w.otherGradeTeacher.headers,
    ]) {
      const { status, page } = await commentsSeenBy(who, storyId);
      expect(status).toBe(200);
      expect(page!.docs.map((c) => c._id)).not.toContain(comment._id);
      expect(page!.totalDocs).toBe(1);
      expect(JSON.stringify(page)).not.toContain('tonto');
      // Its replies cannot be read either.
      expect((await getReplies(t.app, who, comment._id)).res.statusCode).toBe(404);
      // The fic's count is the visible one.
      expect((await storySeenBy(who, storyId)).story!.comments).toBe(1);
    }
  });

  it('is shown as under review (En revisión) to its writer, the teachers of the writer’s grade and administrators', async () => {
    for (const who of [w.classmate.headers, w.teacher.headers, w.colleague.headers, w.admin.headers]) {
      const { page } = await commentsSeenBy(who, storyId);
      const mine = page!.docs.find((c) => c._id === comment._id);
      expect(mine?.moderation).toEqual(underReviewFlag);
      expect(page!.totalDocs).toBe(2);
      expect(page!.docs.find((c) => c._id !== comment._id)?.moderation).toBeUndefined();
      const replies = await getReplies(t.app, who, comment._id);
      expect(replies.page!.docs.map((r) => r._id)).toEqual([reply._id]);
    }
    // The hiding is recorded on the case, with every reporter counted.
    const [row] = await t.app.db
      .select()
      .from(moderationCases)
      .where(eq(moderationCases.targetId, comment._id));
    expect(row).toMatchObject({ status: 'OPEN', reportsCount: 3 });
    expect(row!.hiddenAt).not.toBeNull();
  });

  it('leaves the fic’s author’s notification of it without a link to the comment; its writer keeps theirs', async () => {
    const commented = (await notificationsOf(w.author.headers)).filter(
      (n) => n.type === 'STORY_COMMENTED' && n.storyId === storyId,
    );
    expect(commented.length).toBeGreaterThanOrEqual(2);
    expect(commented.map((n) => n.commentId)).not.toContain(comment._id);
    expect(commented.some((n) => n.commentId === null)).toBe(true);
    const replied = (await notificationsOf(w.classmate.headers)).filter((n) => n.type === 'COMMENT_REPLIED');
    expect(replied.map((n) => n.commentId)).toContain(comment._id);
  });

  it('tells the teachers of the writer’s grade once, when the case opens, without naming anyone', async () => {
    const teacherNotes = (await notificationsOf(w.teacher.headers)).filter(
      (n) => n.type === 'REPORT_CREATED',
    );
    expect(teacherNotes.length).toBeGreaterThanOrEqual(1);
    for (const note of teacherNotes) {
      for (const name of ['Pedro', 'Zoe', 'Bruno', 'Sofía']) {
        expect(note.text).not.toContain(name);
      }
    }
    expect(
      (await notificationsOf(w.otherGradeTeacher.headers)).filter((n) => n.type === 'REPORT_CREATED'),
    ).toEqual([]);
    const events = await storedEvents(t.app, ['report.created']);
    const payloads = events.map((e) => e.payload as { targetId: string; hidden: boolean });
    expect(payloads.filter((p) => p.targetId === comment._id).map((p) => p.hidden)).toEqual([
      false,
      false,
      true,
    ]);
  });
});

describe('a teacher’s report', () => {
  it('hides a reply at once, and the comment’s replies count follows what each person sees', async () => {
    const storyId = (await publishedStory(t.app, w)).story._id;
    const comment = await addComment(t.app, w.author, storyId, '<p>Gracias por leer</p>');
    const reply = await addReply(t.app, w.classmate, comment._id, '<p>Respuesta fea</p>');
    await reportOk(w.otherSchoolTeacher.headers, { target: 'REPLY', targetId: reply._id, reason: 'SPAM' });
    for (const who of [visitor, w.author.headers, w.otherSchoolStudent.headers]) {
      const { page } = await getReplies(t.app, who, comment._id);
      expect(page!.docs).toEqual([]);
      expect(page!.totalDocs).toBe(0);
      const { page: list } = await commentsSeenBy(who, storyId);
      expect(list!.docs.find((c) => c._id === comment._id)!.replies).toBe(0);
    }
    for (const who of [w.classmate.headers, w.teacher.headers, w.admin.headers]) {
      const { page } = await getReplies(t.app, who, comment._id);
      expect(page!.docs.map((r) => [r._id, r.moderation])).toEqual([[reply._id, underReviewFlag]]);
      const { page: list } = await commentsSeenBy(who, storyId);
      expect(list!.docs.find((c) => c._id === comment._id)!.replies).toBe(1);
    }
  });

  it('hides a fic at once from the gallery, its page and its comments, for all but its author, its grade’s teachers and administrators', async () => {
    const { story } = await publishedStory(t.app, w, { fields: { title: 'Fic reportada' } });
    await addComment(t.app, w.classmate, story._id);
    await reportOk(w.otherSchoolTeacher.headers, { target: 'STORY', targetId: story._id, reason: 'SEXUAL' });
    for (const who of [
      visitor,
      w.classmate.headers,
      w.otherSchoolStudent.headers,
      w.otherSchoolTeacher.headers,
    ]) {
      expect((await storySeenBy(who, story._id)).status).toBe(404);
      expect((await commentsSeenBy(who, story._id)).status).toBe(404);
      const gallery = await t.app.inject({ method: 'GET', url: '/api/v1/stories?limit=12', headers: who });
      expect(gallery.body).not.toContain(story._id);
      // Nobody reports what they cannot see.
      if (who !== visitor) {
        const again = await report(who, { target: 'STORY', targetId: story._id, reason: 'SPAM' });
        expect(again.statusCode).toBe(404);
      }
    }
    for (const who of [w.author.headers, w.teacher.headers, w.admin.headers]) {
      const seen = await storySeenBy(who, story._id);
      expect(seen.story!.moderation).toEqual(underReviewFlag);
    }
  });
});

describe('GET /reports and PATCH /reports/:id', () => {
  let storyId: string;
  let comment: Comment;
  let caseId: string;
  beforeAll(async () => {
    storyId = (await publishedStory(t.app, w)).story._id;
    comment = await addComment(t.app, w.classmate, storyId, '<p>Algo que molesta</p>');
    await reportOk(w.otherSchoolStudent.headers, {
      target: 'COMMENT',
      targetId: comment._id,
      reason: 'OTHER',
      detail: 'Se burla de mí',
    });
    await reportOk(w.otherGradeStudent.headers, {
      target: 'COMMENT',
      targetId: comment._id,
      reason: 'HARASSMENT',
    });
    caseId = await caseOf(comment._id);
  });

  it('refuses a visitor (401) and a student (403), on the queue and on a decision', async () => {
    expect((await queue(visitor)).statusCode).toBe(401);
    expect((await queue(w.classmate.headers)).statusCode).toBe(403);
    expect((await decide(visitor, caseId, { decision: 'KEEP' })).statusCode).toBe(401);
    for (const student of [w.classmate, w.otherSchoolStudent, w.author]) {
      expect((await decide(student.headers, caseId, { decision: 'REMOVE' })).statusCode).toBe(403);
    }
  });

  it('shows a teacher the cases about their grades’ students, in context, with reasons and counts, never the reporters', async () => {
    const page = await queueDocs(w.teacher.headers, '?status=OPEN&limit=50');
    const mine = page.docs.find((c) => c._id === caseId)!;
    expect(mine).toMatchObject({
      status: 'OPEN',
      reportsCount: 2,
      details: ['Se burla de mí'],
      decision: null,
      item: {
        target: 'COMMENT',
        targetId: comment._id,
        exists: true,
        hidden: false,
        text: 'Algo que molesta',
        storyId,
        author: { _id: w.classmate.id, name: 'Pedro Pérez' },
      },
    });
    expect(mine.reasons).toEqual([
      { reason: 'HARASSMENT', count: 1 },
      { reason: 'OTHER', count: 1 },
    ]);
    const body = JSON.stringify(page);
    for (const reporter of ['Bruno', 'Zoe', w.otherSchoolStudent.id, w.otherGradeStudent.id]) {
      expect(body).not.toContain(reporter);
    }
    // Newest report first.
    const times = page.docs.map((c) => c.lastReportedAt);
    expect([...times].sort().reverse()).toEqual(times);
    // The reason filter.
    expect(
      (await queueDocs(w.teacher.headers, '?reason=HARASSMENT&limit=50')).docs.map((c) => c._id),
    ).toContain(caseId);
    expect(
      (await queueDocs(w.teacher.headers, '?reason=SPAM&limit=50')).docs.map((c) => c._id),
    ).not.toContain(caseId);
    expect(
      (await queueDocs(w.teacher.headers, '?status=KEPT&limit=50')).docs.map((c) => c._id),
    ).not.toContain(caseId);
    // A bad filter is a Spanish 400.
    const bad = await queue(w.teacher.headers, '?status=NOPE');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ errors: Record<string, string> }>().errors.status).toBe(
      moderationMessages.statusInvalid,
    );
  });

  it('hides the case from teachers of other grades and schools (none listed, 404 on a decision)', async () => {
    for (const teacher of [w.otherGradeTeacher, w.otherSchoolTeacher]) {
      expect((await queueDocs(teacher.headers, '?limit=50')).docs.map((c) => c._id)).not.toContain(caseId);
      expect((await decide(teacher.headers, caseId, { decision: 'REMOVE' })).statusCode).toBe(404);
    }
    expect((await queueDocs(w.admin.headers, '?limit=50')).docs.map((c) => c._id)).toContain(caseId);
  });

  it('validates the decision in Spanish', async () => {
    const res = await decide(w.teacher.headers, caseId, { decision: 'MAYBE' });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: Record<string, string> }>().errors.decision).toBe(
      moderationMessages.decisionRequired,
    );
    const long = await decide(w.teacher.headers, caseId, { decision: 'KEEP', note: 'x'.repeat(301) });
    expect(long.json<{ errors: Record<string, string> }>().errors.note).toBe(moderationMessages.noteMax);
  });

  it('removes the comment once (409 after), records who and when, and tells reporters and author without names', async () => {
    const res = await decide(w.teacher.headers, caseId, { decision: 'REMOVE', note: 'No se insulta' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ report: ReportCase }>().report).toMatchObject({
      status: 'REMOVED',
      item: { exists: false, text: 'Algo que molesta' },
      decision: {
        decision: 'REMOVE',
        note: 'No se insulta',
        decidedBy: { _id: w.teacher.id, name: 'Tomás Docente' },
      },
    });
    const again = await decide(w.admin.headers, caseId, { decision: 'KEEP' });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(moderationMessages.alreadySettled);
    expect((await commentsSeenBy(w.classmate.headers, storyId)).page!.docs.map((c) => c._id)).not.toContain(
      comment._id,
    );
    const removed = (await notificationsOf(w.classmate.headers)).filter((n) => n.type === 'CONTENT_REMOVED');
    expect(removed.map((n) => n.text)).toEqual([
      expect.stringContaining('fue eliminado por: Acoso o bullying, Otro. Nota: No se insulta'),
    ]);
    for (const reporter of [w.otherSchoolStudent, w.otherGradeStudent]) {
      const settled = (await notificationsOf(reporter.headers)).filter((n) => n.type === 'REPORT_SETTLED');
      expect(settled.length).toBeGreaterThanOrEqual(1);
      expect(settled[0]!.text).toContain('que reportaste: fue eliminado');
      expect(settled[0]!.text).not.toContain('Pedro');
      expect(settled[0]!.text).not.toContain('Tomás');
    }
    const events = await storedEvents(t.app, ['moderation.decided', 'comment.deleted']);
    expect(events.filter((e) => e.type === 'moderation.decided' && e.payload.caseId === caseId)).toHaveLength(
      1,
    );
  });

  it('keeps an item: shown again to everyone, the case closed; a new report opens a new case', async () => {
    const kept = await addComment(t.app, w.classmate, storyId, '<p>Opinión fuerte</p>');
    await reportOk(w.admin.headers, { target: 'COMMENT', targetId: kept._id, reason: 'OFFENSIVE' });
    expect((await commentsSeenBy(visitor, storyId)).page!.docs.map((c) => c._id)).not.toContain(kept._id);
    const id = await caseOf(kept._id);
    const res = await decide(w.teacher.headers, id, { decision: 'KEEP' });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ message: string }>().message).toBe(moderationMessages.kept);
    const seen = await commentsSeenBy(visitor, storyId);
    expect(seen.page!.docs.find((c) => c._id === kept._id)?.moderation).toBeUndefined();
    expect(seen.page!.totalDocs).toBe(seen.page!.docs.length);
    await reportOk(w.otherSchoolStudent.headers, { target: 'COMMENT', targetId: kept._id, reason: 'SPAM' });
    const cases = await t.app.db.select().from(moderationCases).where(eq(moderationCases.targetId, kept._id));
    expect(cases.map((c) => c.status).sort()).toEqual(['KEPT', 'OPEN']);
  });

  it('takes a removed fic out of publication back to its author, never deleting it', async () => {
    const { story } = await publishedStory(t.app, w, { fields: { title: 'Fic a revisar' } });
    await reportOk(w.teacher.headers, { target: 'STORY', targetId: story._id, reason: 'VIOLENCE_SELF_HARM' });
    const id = await caseOf(story._id);
    const res = await decide(w.admin.headers, id, { decision: 'REMOVE' });
    expect(res.statusCode, res.body).toBe(200);
    const own = await storySeenBy(w.author.headers, story._id);
    expect(own.story).toMatchObject({ publicationStatus: 'EVALUATED', title: 'Fic a revisar' });
    expect(own.story!.moderation).toBeUndefined();
    expect(own.story!.permissions.canEdit).toBe(true);
    expect((await storySeenBy(visitor, story._id)).status).toBe(404);
    const told = (await notificationsOf(w.author.headers)).filter((n) => n.type === 'CONTENT_REMOVED');
    expect(told.map((n) => [n.text, n.storyId])).toContainEqual([
      'Tu fic «Fic a revisar» salió de la galería por: Violencia o autolesión. Puedes corregirla y enviarla de nuevo',
      story._id,
    ]);
    const teacherTold = (await notificationsOf(w.teacher.headers)).filter((n) => n.type === 'REPORT_SETTLED');
    expect(teacherTold.map((n) => [n.text, n.storyId])).toContainEqual([
      'Revisamos la fic «Fic a revisar» que reportaste: salió de la galería',
      null,
    ]);
  });

  it('settles once under parallel decisions: exactly one 200, the rest 409', async () => {
    const target = await addComment(t.app, w.classmate, storyId, '<p>Carrera</p>');
    await reportOk(w.teacher.headers, { target: 'COMMENT', targetId: target._id, reason: 'SPAM' });
    const id = await caseOf(target._id);
    const calls = Array.from({ length: 8 }, (_, i) =>
      decide(i % 2 === 0 ? w.teacher.headers : w.admin.headers, id, {
        decision: i % 3 === 0 ? 'KEEP' : 'REMOVE',
      }),
    );
    const statuses = (await Promise.all(calls)).map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    const events = await storedEvents(t.app, ['moderation.decided']);
    expect(events.filter((e) => (e.payload as { caseId: string }).caseId === id)).toHaveLength(1);
  });
});
