import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { trackingMessages, type CreateReportBody, type TrackingRecord } from '@fics/contracts';
import { moderationCases, trackingEvents } from '../../db/schema';
import { redeliver, storedEvents } from '../../test/domain-events';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { addComment, addReply, forgetCommentLimits } from '../comments/comments.fixtures';
import { deleteBlock, postBlock } from '../blocks/blocks.fixtures';
import { publishedStory, storyWorld } from '../stories/stories.fixtures';
import { member } from '../users/users.fixtures';
import { readTracking, trackingPage } from './tracking.fixtures';
import { trackingSubscriber } from './tracking.subscriber';

/**
 * Moderation in the activity view (issue 21.7, docs/decisions/tracking.md "Moderation") on the real
 * app and database: a student's own reports and blocks, what happened to their comment, reply or fic,
 * each written once however often its event is delivered, and who reads which line: a report line is
 * never shown to the person whose item was reported.
 */

type Headers = Record<string, string>;

let t: TestApp;
let w: Awaited<ReturnType<typeof storyWorld>>;
let story: { _id: string; title: string };

beforeAll(async () => {
  t = await buildTestApp();
  w = await storyWorld(t.app);
  ({ story } = await publishedStory(t.app, { author: w.author, teacher: w.teacher }));
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await forgetCommentLimits(t.app, [w.author, w.classmate, w.otherGradeStudent, w.teacher, w.colleague]);
});

async function report(headers: Headers, body: CreateReportBody) {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/reports', headers, payload: body });
  expect(res.statusCode, res.body).toBe(201);
}

async function decide(headers: Headers, targetId: string, decision: 'KEEP' | 'REMOVE') {
  const [row] = await t.app.db
    .select({ id: moderationCases.id })
    .from(moderationCases)
    .where(and(eq(moderationCases.targetId, targetId), eq(moderationCases.status, 'OPEN')));
  const res = await t.app.inject({
    method: 'PATCH',
    url: `/api/v1/reports/${row!.id}`,
    headers,
    payload: { decision },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** The user's moderation lines as the reader gets them, newest first. */
async function moderationLines(reader: Headers, userId: string): Promise<TrackingRecord[]> {
  const page = await trackingPage(t.app, reader, userId, '?limit=50');
  return page.docs.filter((doc) => doc.resource === 'MODERATION');
}

const storedModerationLines = (userId: string) =>
  t.app.db
    .select()
    .from(trackingEvents)
    .where(and(eq(trackingEvents.userId, userId), eq(trackingEvents.resource, 'MODERATION')));

/** Every event of these kinds delivered again, twice, to the tracking subscriber alone. */
async function redeliverAll() {
  const events = await storedEvents(t.app, [
    'report.created',
    'moderation.decided',
    'user.blocked',
    'user.unblocked',
  ]);
  await redeliver(t.app, trackingSubscriber, [...events, ...events]);
}

describe('moderation in the activity view', () => {
  it('reports, the hiding and the removal: each a line of its own student, once, without the reporters', async () => {
    const second = await member(t.app, 'STUDENT', [w.gradeA1], { name: 'Rita Reporte' });
    const third = await member(t.app, 'STUDENT', [w.gradeA2], { name: 'Raúl Reporte' });
    await forgetCommentLimits(t.app, [second, third]);
    const comment = await addComment(t.app, w.classmate, story._id, '<p>Eres muy lento</p>');
    await report(w.author.headers, { target: 'COMMENT', targetId: comment._id, reason: 'HARASSMENT' });
    await report(second.headers, { target: 'COMMENT', targetId: comment._id, reason: 'HARASSMENT' });
    await report(third.headers, { target: 'COMMENT', targetId: comment._id, reason: 'OFFENSIVE' });
    await decide(w.teacher.headers, comment._id, 'REMOVE');
    await redeliverAll();

    // Each reporter: one line, what kind of item, on which fic, why; no comment, no writer.
    for (const [reporter, reason] of [
      [w.author, 'HARASSMENT'],
      [second, 'HARASSMENT'],
      [third, 'OFFENSIVE'],
    ] as const) {
      const stored = await storedModerationLines(reporter.id);
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({ action: 'REPORT', reportedUserId: w.classmate.id });
      const lines = await moderationLines(w.admin.headers, reporter.id);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({
        action: 'REPORT',
        storyId: story._id,
        storyTitle: story.title,
        commentId: null,
        replyId: null,
        moderation: { target: 'COMMENT', reasons: [reason], person: null },
      });
    }

    // The writer: hidden by the third report, then removed with the reasons (most chosen first).
    expect(await storedModerationLines(w.classmate.id)).toHaveLength(2);
    const forTeacher = await moderationLines(w.teacher.headers, w.classmate.id);
    expect(forTeacher.map((line) => line.action)).toEqual(['CONTENT_REMOVED', 'CONTENT_HIDDEN']);
    expect(forTeacher[0]).toMatchObject({
      storyId: story._id,
      commentId: { _id: comment._id, deleted: true },
      moderation: { target: 'COMMENT', reasons: ['HARASSMENT', 'OFFENSIVE'], person: null },
    });
    expect(forTeacher[1]!.moderation).toEqual({ target: 'COMMENT', reasons: [], person: null });
    // Nothing in the writer's activity says who reported.
    const answer = (await readTracking(t.app, w.teacher.headers, w.classmate.id, '?limit=50')).body;
    for (const reporter of [w.author, second, third]) {
      expect(answer).not.toContain(reporter.id);
      expect(answer).not.toContain(reporter.name.split(' ')[0]!);
    }
    // The deciding teacher has no activity (nothing is recorded for teachers).
    expect(await storedModerationLines(w.teacher.id)).toHaveLength(0);
  });

  it('a reply hidden at once by a teacher’s report and kept: hidden, then kept, in its writer’s activity', async () => {
    const comment = await addComment(t.app, w.author, story._id, '<p>Gracias</p>');
    const reply = await addReply(t.app, w.classmate, comment._id, '<p>De nada</p>');
    await report(w.colleague.headers, { target: 'REPLY', targetId: reply._id, reason: 'SPAM' });
    await decide(w.admin.headers, reply._id, 'KEEP');
    await redeliverAll();
    const lines = (await moderationLines(w.admin.headers, w.classmate.id)).filter(
      (line) => line.replyId?._id === reply._id,
    );
    expect(lines.map((line) => line.action)).toEqual(['CONTENT_KEPT', 'CONTENT_HIDDEN']);
    expect(lines[0]).toMatchObject({
      replyId: { _id: reply._id, deleted: false },
      moderation: { target: 'REPLY', reasons: [], person: null },
    });
  });

  it('a fic hidden and taken out of publication: in its author’s activity', async () => {
    const { story: fic } = await publishedStory(t.app, {
      author: w.otherGradeStudent,
      teacher: w.otherGradeTeacher,
    });
    await report(w.admin.headers, { target: 'STORY', targetId: fic._id, reason: 'PERSONAL_INFO' });
    await decide(w.admin.headers, fic._id, 'REMOVE');
    await redeliverAll();
    const lines = await moderationLines(w.admin.headers, w.otherGradeStudent.id);
    expect(lines.map((line) => line.action)).toEqual(['CONTENT_REMOVED', 'CONTENT_HIDDEN']);
    expect(lines[0]).toMatchObject({
      storyId: fic._id,
      storyTitle: fic.title,
      moderation: { target: 'STORY', reasons: ['PERSONAL_INFO'] },
    });
  });

  it('a report line is left out for the reader whose item it was, and only for them', async () => {
    const student = await member(t.app, 'STUDENT', [w.gradeA1], { name: 'Iris Informa' });
    await forgetCommentLimits(t.app, [student]);
    const teachersComment = await addComment(t.app, w.teacher, story._id, '<p>Buen trabajo</p>');
    await report(student.headers, {
      target: 'COMMENT',
      targetId: teachersComment._id,
      reason: 'OTHER',
      detail: 'No me gustó',
    });
    await redeliverAll();

    // Its author (a teacher of the student's grade) reads the student's activity without it: the
    // page and its count, as if it did not exist.
    const forAuthor = await trackingPage(t.app, w.teacher.headers, student.id, '?limit=50');
    expect(forAuthor.docs.filter((doc) => doc.resource === 'MODERATION')).toEqual([]);
    const forColleague = await trackingPage(t.app, w.colleague.headers, student.id, '?limit=50');
    expect(forAuthor.totalDocs).toBe(forColleague.totalDocs - 1);
    // Another teacher of the grade and an administrator see it, with the reason and the fic.
    for (const reader of [w.colleague.headers, w.admin.headers]) {
      const lines = await moderationLines(reader, student.id);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({
        action: 'REPORT',
        storyTitle: story.title,
        moderation: { target: 'COMMENT', reasons: ['OTHER'], person: null },
      });
    }
    // Nothing of the teacher's comment is in the line: not its id, not its text.
    const body = (await readTracking(t.app, w.admin.headers, student.id, '?limit=50')).body;
    expect(body).not.toContain(teachersComment._id);
    expect(body).not.toContain(w.teacher.id);
  });

  it('comments held for approval, approved or rejected, and the author’s choice of who may comment', async () => {
    const { story: fic } = await publishedStory(t.app, { author: w.author, teacher: w.teacher });
    const setMode = async (headers: Headers, mode: string) => {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/stories/${fic._id}/comments-mode`,
        headers,
        payload: { mode },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const approval = async (url: string, decision: 'APPROVE' | 'REJECT') => {
      const res = await t.app.inject({
        method: 'PATCH',
        url,
        headers: w.teacher.headers,
        payload: { decision },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await setMode(w.author.headers, 'MODERATED');
    const comment = await addComment(t.app, w.classmate, fic._id, '<p>Me gustó mucho</p>');
    await approval(`/api/v1/comments/${comment._id}/approval`, 'APPROVE');
    const reply = await addReply(t.app, w.classmate, comment._id, '<p>Y el final también</p>');
    await approval(`/api/v1/comments/${comment._id}/replies/${reply._id}/approval`, 'REJECT');
    // A teacher's choice is not the author's activity; the author's own is.
    await setMode(w.teacher.headers, 'CLOSED');
    await setMode(w.author.headers, 'OPEN');
    await redeliverAll();
    const events = await storedEvents(t.app, [
      'comment.held',
      'comment.approved',
      'comment.rejected',
      'story.comments_mode_changed',
    ]);
    await redeliver(t.app, trackingSubscriber, [...events, ...events]);

    const onFic = (lines: TrackingRecord[]) => lines.filter((line) => line.storyId === fic._id);
    const writer = onFic(await moderationLines(w.teacher.headers, w.classmate.id));
    expect(writer.map((line) => [line.action, line.moderation?.target])).toEqual([
      ['CONTENT_REJECTED', 'REPLY'],
      ['CONTENT_HELD', 'REPLY'],
      ['CONTENT_APPROVED', 'COMMENT'],
      ['CONTENT_HELD', 'COMMENT'],
    ]);
    expect(writer[3]).toMatchObject({ commentId: { _id: comment._id, deleted: false }, replyId: null });
    expect(writer[0]).toMatchObject({ replyId: { _id: reply._id, deleted: true } });
    const author = onFic(await moderationLines(w.admin.headers, w.author.id));
    expect(author.map((line) => line.action)).toEqual(['COMMENTS_OPENED', 'COMMENTS_MODERATED']);
    expect(author[0]).toMatchObject({ storyTitle: fic.title, moderation: { target: 'STORY' } });
  });

  it('blocks and unblocks: a line each, once, naming the other student (whole for administrators)', async () => {
    const blocker = await member(t.app, 'STUDENT', [w.gradeA1], { name: 'Bea Bloqueo' });
    const other = await member(t.app, 'STUDENT', [w.gradeB1], { name: 'Mario Molesto Díaz' });
    expect((await postBlock(t.app, blocker.headers, other.id)).statusCode).toBe(201);
    // A repeated click changes nothing, and writes nothing.
    expect((await postBlock(t.app, blocker.headers, other.id)).statusCode).toBe(200);
    expect((await deleteBlock(t.app, blocker.headers, other.id)).statusCode).toBe(200);
    await redeliverAll();
    expect(await storedModerationLines(blocker.id)).toHaveLength(2);
    // The blocked student's own activity holds nothing of it.
    expect(await storedModerationLines(other.id)).toHaveLength(0);

    const forTeacher = await moderationLines(w.teacher.headers, blocker.id);
    expect(forTeacher.map((line) => [line.action, line.moderation?.person?.name])).toEqual([
      ['UNBLOCK', 'Mario M.'],
      ['BLOCK', 'Mario M.'],
    ]);
    const forAdmin = await moderationLines(w.admin.headers, blocker.id);
    expect(forAdmin.map((line) => line.moderation?.person?.name)).toEqual([
      'Mario Molesto Díaz',
      'Mario Molesto Díaz',
    ]);
    // A teacher of another grade may not read it at all.
    expect((await readTracking(t.app, w.otherGradeTeacher.headers, blocker.id)).statusCode).toBe(403);
  });

  it("names a blocked student without a guardian's consent only inside their school (issue 22.5)", async () => {
    const blocker = await member(t.app, 'STUDENT', [w.gradeA1], { name: 'Bea Bloqueo' });
    const child = await member(t.app, 'STUDENT', [w.gradeB1], { name: 'Nico Niño Pérez' });
    expect((await postBlock(t.app, blocker.headers, child.id)).statusCode).toBe(201);
    await redeliverAll();
    // Ten years old, no consent: fics_consent_withheld is true for them from now on.
    await t.app.db.execute(
      sql`update users set birth_year = extract(year from now())::int - 10 where id = ${child.id}`,
    );
    const forTeacher = await moderationLines(w.teacher.headers, blocker.id);
    expect(forTeacher.map((line) => line.moderation?.person?.name)).toEqual([
      trackingMessages.withheldPerson,
    ]);
    expect(JSON.stringify(forTeacher)).not.toContain('Nico');
    const forAdmin = await moderationLines(w.admin.headers, blocker.id);
    expect(forAdmin.map((line) => line.moderation?.person?.name)).toEqual(['Nico Niño Pérez']);
  });
});
