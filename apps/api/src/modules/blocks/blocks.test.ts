import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { blockMessages, type Comment, type Story } from '@fics/contracts';
import { userBlocks } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { member } from '../users/users.fixtures';
import { publishedStory } from '../stories/stories.fixtures';
import {
  addComment,
  addReply,
  commentWorld,
  forgetCommentLimits,
  getComments,
  getReplies,
  postComment,
  postReply,
} from '../comments/comments.fixtures';
import { deleteBlock, getBlocks, postBlock } from './blocks.fixtures';

/**
 * Blocking (issue 21.4, docs/decisions/blocks.md) on the real app and database: who may block whom,
 * each rule with a refused user, the list on /perfil, and the effect on comments and replies (lists,
 * counts and writes, both ways) from the moment of the block until it is lifted.
 */

const onServer = Boolean(process.env.TEST_DATABASE_URL);

let t: TestApp;
let w: Awaited<ReturnType<typeof commentWorld>>;

const rowsOf = async (blockerId: string, blockedId: string) => {
  const [row] = await t.app.db
    .select({ n: count() })
    .from(userBlocks)
    .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)));
  return row!.n;
};

beforeAll(async () => {
  t = await buildTestApp();
  w = await commentWorld(t.app);
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await forgetCommentLimits(t.app, [w.author, w.classmate, w.otherGradeStudent, w.teacher]);
});

describe('who may block whom', () => {
  it('refuses a visitor (401)', async () => {
    expect((await postBlock(t.app, {}, w.classmate.id)).statusCode).toBe(401);
    expect((await getBlocks(t.app, {})).res.statusCode).toBe(401);
    expect((await deleteBlock(t.app, {}, w.classmate.id)).statusCode).toBe(401);
  });

  it('refuses teachers and administrators (403): they moderate instead', async () => {
    for (const staff of [w.teacher, w.admin]) {
      const res = await postBlock(t.app, staff.headers, w.classmate.id);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().message).toBe(blockMessages.onlyStudents);
      expect(await rowsOf(staff.id, w.classmate.id)).toBe(0);
      expect((await getBlocks(t.app, staff.headers)).res.statusCode).toBe(403);
      expect((await deleteBlock(t.app, staff.headers, w.classmate.id)).statusCode).toBe(403);
    }
  });

  it('a student cannot block a teacher or an administrator (403): they keep supervising', async () => {
    for (const staff of [w.teacher, w.admin]) {
      const res = await postBlock(t.app, w.author.headers, staff.id);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().message).toBe(blockMessages.notStudent);
      expect(await rowsOf(w.author.id, staff.id)).toBe(0);
    }
  });

  it('refuses blocking yourself and a malformed id (400), an unknown user (404)', async () => {
    const self = await postBlock(t.app, w.author.headers, w.author.id);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ type: 'VALIDATION_ERROR', errors: { userId: blockMessages.self } });
    expect(await rowsOf(w.author.id, w.author.id)).toBe(0);
    const malformed = await postBlock(t.app, w.author.headers, 'no-es-un-id');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors.userId).toBeTruthy();
    const missing = await postBlock(t.app, w.author.headers, undefined);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.userId).toBe(blockMessages.userRequired);
    const unknown = await postBlock(t.app, w.author.headers, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(blockMessages.userNotFound);
  });

  it('blocks once: 201, then 200 with the same block; students of any school', async () => {
    const far = await member(t.app, 'STUDENT', [w.gradeB1], { name: 'Lejos Lejano' });
    const first = await postBlock(t.app, far.headers, w.otherSchoolStudent.id);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().message).toBe(blockMessages.blocked);
    const again = await postBlock(t.app, far.headers, w.otherSchoolStudent.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe(blockMessages.alreadyBlocked);
    expect(again.json().block.createdAt).toBe(first.json().block.createdAt);
    expect(await rowsOf(far.id, w.otherSchoolStudent.id)).toBe(1);
    // Across schools too: comments are open to every school.
    const crossSchool = await postBlock(t.app, far.headers, w.otherGradeStudent.id);
    expect(crossSchool.statusCode).toBe(201);
  });

  it('lists only the caller’s own blocks, newest first, paged; unblocking someone not blocked is 404', async () => {
    const owner = await member(t.app, 'STUDENT', [w.gradeA1], { name: 'Olga Ordenada' });
    const first = await member(t.app, 'STUDENT', [w.gradeA1], { name: 'Primera Persona' });
    const second = await member(t.app, 'STUDENT', [w.gradeA2], { name: 'Segunda Persona' });
    expect((await postBlock(t.app, owner.headers, first.id)).statusCode).toBe(201);
    expect((await postBlock(t.app, owner.headers, second.id)).statusCode).toBe(201);
    const { page } = await getBlocks(t.app, owner.headers, '?limit=1');
    expect(page).toMatchObject({ totalDocs: 2, hasNextPage: true, nextPage: 2 });
    expect(page!.docs.map((b) => b.user)).toEqual([
      { _id: second.id, name: 'Segunda Persona', profilePicture: null },
    ]);
    const { page: next } = await getBlocks(t.app, owner.headers, '?limit=1&page=2');
    expect(next!.docs.map((b) => b.user._id)).toEqual([first.id]);
    // The blocked person's list does not show who blocked them.
    expect((await getBlocks(t.app, first.headers)).page!.totalDocs).toBe(0);
    // Someone else cannot lift the block: their own DELETE finds nothing.
    const stranger = await deleteBlock(t.app, second.headers, first.id);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().message).toBe(blockMessages.notBlocked);
    expect(await rowsOf(owner.id, first.id)).toBe(1);
    const bad = await getBlocks(t.app, owner.headers, '?limit=500');
    expect(bad.res.statusCode).toBe(400);
  });
});

describe('what a block does to comments and replies', () => {
  /** A = w.author (the blocker, their fic is w.story), B = w.classmate (blocked), C = a bystander. */
  let commentA: Comment;
  let commentB: Comment;
  let commentC: Comment;
  let bStory: { _id: string };
  let commentAOnB: Comment;
  let commentCOnB: Comment;
  let replyA: { _id: string };
  let replyB: { _id: string };

  const ids = (docs: { _id: string }[]) => docs.map((d) => d._id);

  beforeAll(async () => {
    const A = w.author;
    const B = w.classmate;
    const C = w.otherGradeStudent;
    await forgetCommentLimits(t.app, [A, B, C]);
    ({ story: bStory } = await publishedStory(t.app, { author: B, teacher: w.teacher }));
    commentA = await addComment(t.app, A, w.story._id, '<p>Gracias por leer</p>');
    commentB = await addComment(t.app, B, w.story._id, '<p>Comentario de B</p>');
    commentC = await addComment(t.app, C, w.story._id, '<p>Comentario de C</p>');
    // Enough of C's that a page of 5 is full and the total comes from the counted SQL.
    for (let i = 0; i < 5; i += 1) {
      await addComment(t.app, C, w.story._id, `<p>Otro de C ${i}</p>`);
    }
    replyB = await addReply(t.app, B, commentC._id, '<p>Respuesta de B</p>');
    replyA = await addReply(t.app, A, commentC._id, '<p>Respuesta de A</p>');
    await forgetCommentLimits(t.app, [A, B, C]);
    for (let i = 0; i < 5; i += 1) {
      await addReply(t.app, C, commentC._id, `<p>Respuesta de C ${i}</p>`);
    }
    commentAOnB = await addComment(t.app, A, bStory._id, '<p>A en la fic de B</p>');
    commentCOnB = await addComment(t.app, C, bStory._id, '<p>C en la fic de B</p>');
    const res = await postBlock(t.app, A.headers, B.id);
    expect(res.statusCode, res.body).toBe(201);
  });

  it('neither sees the other’s comments on a fic, counts included; others see everything', async () => {
    const forA = await getComments(t.app, w.author.headers, w.story._id);
    expect(forA.res.statusCode, forA.res.body).toBe(200);
    expect(forA.page!.totalDocs).toBe(7);
    expect(forA.page!.docs).toHaveLength(5);
    const allForA = [
      ...forA.page!.docs,
      ...(await getComments(t.app, w.author.headers, w.story._id, '&page=2')).page!.docs,
    ];
    expect(ids(allForA)).not.toContain(commentB._id);
    expect(ids(allForA)).toContain(commentA._id);

    const forB = await getComments(t.app, w.classmate.headers, w.story._id);
    expect(forB.page!.totalDocs).toBe(7);
    const allForB = [
      ...forB.page!.docs,
      ...(await getComments(t.app, w.classmate.headers, w.story._id, '&page=2')).page!.docs,
    ];
    expect(ids(allForB)).not.toContain(commentA._id);
    expect(ids(allForB)).toContain(commentB._id);

    for (const other of [w.otherGradeStudent.headers, w.teacher.headers, {}]) {
      expect((await getComments(t.app, other, w.story._id)).page!.totalDocs).toBe(8);
    }
  });

  it('neither sees the other’s replies in a thread, the comment’s replies count included', async () => {
    const repliesCountFor = async (headers: Record<string, string>) => {
      const docs = [
        ...(await getComments(t.app, headers, w.story._id)).page!.docs,
        ...(await getComments(t.app, headers, w.story._id, '&page=2')).page!.docs,
      ];
      return docs.find((c) => c._id === commentC._id)?.replies;
    };
    expect(await repliesCountFor(w.author.headers)).toBe(6);
    expect(await repliesCountFor(w.classmate.headers)).toBe(6);
    expect(await repliesCountFor(w.otherGradeStudent.headers)).toBe(7);

    const forA = await getReplies(t.app, w.author.headers, commentC._id);
    expect(forA.page!.totalDocs).toBe(6);
    expect(ids(forA.page!.docs)).toContain(replyA._id);
    expect(ids(forA.page!.docs)).not.toContain(replyB._id);
    const forB = await getReplies(t.app, w.classmate.headers, commentC._id);
    expect(forB.page!.totalDocs).toBe(6);
    expect(ids(forB.page!.docs)).toContain(replyB._id);
    expect(ids(forB.page!.docs)).not.toContain(replyA._id);
    expect((await getReplies(t.app, w.otherGradeStudent.headers, commentC._id)).page!.totalDocs).toBe(7);

    // The other's comment is not there, nor its thread; for anyone else it is.
    expect((await getReplies(t.app, w.author.headers, commentB._id)).res.statusCode).toBe(404);
    expect((await getReplies(t.app, w.classmate.headers, commentA._id)).res.statusCode).toBe(404);
    expect((await getReplies(t.app, w.otherGradeStudent.headers, commentB._id)).res.statusCode).toBe(200);
  });

  it('the fic’s own comments count follows the same rule for each of them, exactly', async () => {
    const countOn = async (headers: Record<string, string>, storyId: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/stories/${storyId}`, headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ story: Story }>().story.comments;
    };
    // A's fic: 8 public comments, one of them B's (out for A and for B).
    expect(await countOn(w.author.headers, w.story._id)).toBe(7);
    expect(await countOn(w.classmate.headers, w.story._id)).toBe(7);
    // B's fic: A's and C's comments; B no longer sees A's, A sees both (B wrote none there).
    expect(await countOn(w.classmate.headers, bStory._id)).toBe(1);
    expect(await countOn(w.author.headers, bStory._id)).toBe(2);
    // A third student, a teacher and a visitor count every visible comment.
    for (const other of [w.otherGradeStudent.headers, w.teacher.headers, {}]) {
      expect(await countOn(other, w.story._id)).toBe(8);
      expect(await countOn(other, bStory._id)).toBe(2);
    }
    // The figure equals each list's total.
    expect((await getComments(t.app, w.classmate.headers, bStory._id)).page!.totalDocs).toBe(1);
    expect((await getComments(t.app, w.author.headers, bStory._id)).page!.totalDocs).toBe(2);
  });

  it('the blocked person may not comment on the blocker’s fic, nor the blocker on theirs (403)', async () => {
    const byB = await postComment(t.app, w.classmate.headers, w.story._id, '<p>¿Puedo?</p>');
    expect(byB.statusCode).toBe(403);
    expect(byB.json().message).toBe(blockMessages.cannotComment);
    const byA = await postComment(t.app, w.author.headers, bStory._id, '<p>¿Y yo?</p>');
    expect(byA.statusCode).toBe(403);
    expect(byA.json().message).toBe(blockMessages.cannotComment);
    // Nobody else is touched.
    const byC = await postComment(t.app, w.otherGradeStudent.headers, w.story._id, '<p>Yo sí</p>');
    expect(byC.statusCode).toBe(201);
    const byTeacher = await postComment(t.app, w.teacher.headers, w.story._id, '<p>Muy bien</p>');
    expect(byTeacher.statusCode).toBe(201);
  });

  it('no replies between them: to each other’s comments, nor in threads on each other’s fics (403)', async () => {
    const refusals = [
      // B to the blocker's comment, and within a thread of the blocker's fic.
      await postReply(t.app, w.classmate.headers, commentA._id, '<p>x</p>'),
      await postReply(t.app, w.classmate.headers, commentC._id, '<p>x</p>'),
      await postReply(t.app, w.classmate.headers, commentAOnB._id, '<p>x</p>'),
      // And the other way round.
      await postReply(t.app, w.author.headers, commentB._id, '<p>x</p>'),
      await postReply(t.app, w.author.headers, commentCOnB._id, '<p>x</p>'),
    ];
    for (const res of refusals) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().message).toBe(blockMessages.cannotReply);
    }
    // C, outside the block, still answers both.
    expect((await postReply(t.app, w.otherGradeStudent.headers, commentB._id, '<p>y</p>')).statusCode).toBe(
      201,
    );
    expect((await postReply(t.app, w.otherGradeStudent.headers, commentA._id, '<p>z</p>')).statusCode).toBe(
      201,
    );
  });

  it('lifting the block gives everything back at once', async () => {
    const other = await member(t.app, 'STUDENT', [w.gradeA1], { name: 'Dora Desbloqueo' });
    await forgetCommentLimits(t.app, [other]);
    const mine = await addComment(t.app, other, w.story._id, '<p>Hola</p>');
    expect((await postBlock(t.app, w.author.headers, other.id)).statusCode).toBe(201);
    expect((await postComment(t.app, other.headers, w.story._id, '<p>no</p>')).statusCode).toBe(403);
    const unblock = await deleteBlock(t.app, w.author.headers, other.id);
    expect(unblock.statusCode).toBe(200);
    expect(unblock.json().message).toBe(blockMessages.unblocked);
    expect((await deleteBlock(t.app, w.author.headers, other.id)).statusCode).toBe(404);
    expect((await postComment(t.app, other.headers, w.story._id, '<p>sí</p>')).statusCode).toBe(201);
    expect((await getReplies(t.app, w.author.headers, mine._id)).res.statusCode).toBe(200);
  });
});

describe.runIf(onServer)('blocking at once (PostgreSQL server)', () => {
  it('ten simultaneous blocks of the same person settle to one row: one 201, the rest 200', async () => {
    const blocker = await member(t.app, 'STUDENT', [w.gradeA1], { name: 'Rita Rápida' });
    const target = await member(t.app, 'STUDENT', [w.gradeA1], { name: 'Tito Tarde' });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => postBlock(t.app, blocker.headers, target.id)),
    );
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    expect(await rowsOf(blocker.id, target.id)).toBe(1);
  });
});
