import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { eq, sql } from 'drizzle-orm';
import type { Comment, ErasureRecord } from '@fics/contracts';
import { media, oneTimeTokens, sessions, userGrades, users } from '../../db/schema';
import { rowsOf } from '../../lib/personal-data';
import { buildTestApp, tokensFor, type TestApp } from '../../test/helpers';
import { addComment, addReply, forgetCommentLimits } from '../comments/comments.fixtures';
import { createStory, publishedStory } from '../stories/stories.fixtures';
import { member, multipartBody, schoolWorld } from '../users/users.fixtures';

/**
 * DELETE /users/:id (docs/decisions/users.md 'Deleting a user'): the staff's deletion is the erasure
 * over the register with everything going (issue 22.4), recorded with cause STAFF and who did it.
 * An administrator deletes anyone but themselves and the last administrator; a teacher only their
 * own students; students are refused.
 */
describe('DELETE /users/:id', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof schoolWorld>>;
  let png: Buffer;
  beforeAll(async () => {
    t = await buildTestApp();
    w = await schoolWorld(t.app);
    png = await sharp({ create: { width: 640, height: 320, channels: 3, background: '#32ADD0' } })
      .png()
      .toBuffer();
  });
  afterAll(async () => {
    await t.close();
  });

  const patchJson = (headers: Record<string, string>, id: string, payload: object) =>
    t.app.inject({ method: 'PATCH', url: `/api/v1/users/${id}`, headers, payload });
  const patchForm = (
    headers: Record<string, string>,
    id: string,
    fields: Record<string, string>,
    file?: Parameters<typeof multipartBody>[1],
  ) => {
    const body = multipartBody(fields, file);
    return t.app.inject({
      method: 'PATCH',
      url: `/api/v1/users/${id}`,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  };
  const remove = (headers: Record<string, string>, id: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/v1/users/${id}`, headers });
  const records = async () =>
    (
      await t.app.inject({ method: 'GET', url: '/api/v1/erasures?limit=100', headers: w.admin.headers })
    ).json<{ erasures: { docs: ErasureRecord[]; totalDocs: number } }>().erasures;

  it('deletes a user with sessions, tokens, memberships and images', async () => {
    const target = await member(t.app, 'STUDENT', [w.gradeA1]);
    await tokensFor(t.app, target);
    await patchForm(w.admin.headers, target.id, {}, { content: png });
    await t.app.db.insert(oneTimeTokens).values({
      userId: target.id,
      purpose: 'INVITATION',
      tokenHash: `hash-${target.id}`,
      expiresAt: new Date(Date.now() + 60_000),
    });
    const res = await remove(w.admin.headers, target.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Usuario eliminado exitosamente' });
    for (const [table, column] of [
      [users, users.id],
      [sessions, sessions.userId],
      [userGrades, userGrades.userId],
      [oneTimeTokens, oneTimeTokens.userId],
    ] as const) {
      expect(await t.app.db.select().from(table).where(eq(column, target.id))).toEqual([]);
    }
    expect(await t.app.db.select().from(media).where(eq(media.ownerId, target.id))).toEqual([]);
    expect((await remove(w.admin.headers, target.id)).statusCode).toBe(404);
  });

  it('ends the deleted user’s access at once', async () => {
    const target = await member(t.app, 'TEACHER', [w.gradeA1]);
    expect((await remove(w.admin.headers, target.id)).statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/users', headers: target.headers });
    expect(me.statusCode).toBe(401);
  });

  it('refuses an administrator deleting themselves, and keeps the last administrator', async () => {
    const self = await remove(w.admin.headers, w.admin.id);
    expect(self.statusCode).toBe(409);
    expect(self.json()).toEqual({ type: 'CONFLICT', message: 'No puedes eliminar tu propia cuenta' });
    const second = await member(t.app, 'ADMIN');
    const admins = await t.app.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.roleId, w.roleIds.ADMIN));
    for (const admin of admins.filter((a) => a.id !== second.id)) {
      expect((await remove(second.headers, admin.id)).statusCode).toBe(200);
    }
    // `second` is now the only administrator: demoting them is refused too.
    const demote = await patchJson(second.headers, second.id, {
      role: w.roleIds.TEACHER,
      gradeId: [w.gradeA1],
      collegeId: [w.collegeA],
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toMatch(/al menos un administrador/);
    w.admin = second;
  });

  it('lets a teacher delete only their own students', async () => {
    const own = await member(t.app, 'STUDENT', [w.gradeA1]);
    expect((await remove(w.teacherA.headers, own.id)).statusCode).toBe(200);
    for (const other of [w.studentB1, w.studentA2, w.teacherB, w.admin]) {
      expect((await remove(w.teacherA.headers, other.id)).statusCode).toBe(404);
    }
    expect((await remove(w.teacherA.headers, w.teacherA.id)).statusCode).toBe(409);
    const [still] = await t.app.db.select().from(users).where(eq(users.id, w.studentB1.id));
    expect(still).toBeDefined();
  });

  it('erases a teacher’s student with everything going, recorded as STAFF by the teacher', async () => {
    const leaving = await member(t.app, 'STUDENT', [w.gradeA1], { name: 'Lucía Lejos' });
    await forgetCommentLimits(t.app, [leaving, w.studentA1]);
    const { story: theirs } = await publishedStory(t.app, { author: leaving, teacher: w.teacherA });
    const draft = await createStory(t.app, leaving.headers);
    const { story: classmates } = await publishedStory(t.app, { author: w.studentA1, teacher: w.teacherA });
    const comment = await addComment(t.app, leaving, classmates._id, '<p>Comentario de Lucía Lejos</p>');
    await addReply(t.app, w.studentA1, comment._id);
    const before = (await records()).totalDocs;
    // Refused: nothing changes and nothing is recorded.
    expect((await remove(w.teacherB.headers, leaving.id)).statusCode).toBe(404);
    expect((await records()).totalDocs).toBe(before);

    expect((await remove(w.teacherA.headers, leaving.id)).statusCode).toBe(200);
    const list = await records();
    expect(list.totalDocs).toBe(before + 1);
    const record = list.docs[0]!;
    expect(record).toMatchObject({
      cause: 'STAFF',
      privacyRequestId: null,
      performedBy: { _id: w.teacherA.id, name: 'Tomás Docente' },
      storiesKept: 0,
      commentTextsRemoved: true,
    });
    expect(record.counts).toMatchObject({ users: 1, stories: 2, comments: 1 });
    expect(JSON.stringify(record)).not.toContain(leaving.id);

    // Both fics are gone; the comment stays in the thread without name or text, the reply to it too.
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/stories/${theirs._id}` })).statusCode).toBe(
      404,
    );
    const [left] = await rowsOf<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from stories where id in (${theirs._id}, ${draft._id})`,
    );
    expect(Number(left!.n)).toBe(0);
    const thread = await t.app.inject({
      method: 'GET',
      url: `/api/v1/comments?storyId=${classmates._id}`,
      headers: w.studentA1.headers,
    });
    const shown = thread
      .json<{ comments: { docs: Comment[] } }>()
      .comments.docs.find((c) => c._id === comment._id);
    expect(shown).toMatchObject({
      userId: { _id: null, name: 'Usuario eliminado' },
      text: '',
      textRemoved: true,
      replies: 1,
    });
    expect(thread.body).not.toContain('Lucía');
  });
  it('refuses students (403) and anonymous callers (401)', async () => {
    expect((await remove(w.studentA1.headers, w.studentA2.id)).statusCode).toBe(403);
    expect((await remove({}, w.studentA2.id)).statusCode).toBe(401);
  });
});
