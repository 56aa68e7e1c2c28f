import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { storyMessages, trackingMessages, type Paged, type TrackingRecord } from '@fics/contracts';
import { commentReplies, comments, trackingEvents } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { addComment, addReply, removeComment, removeReply } from '../comments/comments.fixtures';
import { createStory, publishedStory, storyWorld } from '../stories/stories.fixtures';
import { member } from '../users/users.fixtures';
import { recordActivities, recordActivity, type ActivityEvent } from './record';
import { eventKeysOf, eventsOf, postTracking, readTracking, trackingPage } from './tracking.fixtures';

describe('POST /tracking and GET /tracking/:userId', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof storyWorld>>;
  let published: { _id: string; title: string };
  let draft: { _id: string; title: string };
  beforeAll(async () => {
    t = await buildTestApp();
    w = await storyWorld(t.app);
    published = (await publishedStory(t.app, w, { fields: { title: 'La fic publicada' } })).story;
    draft = await createStory(t.app, w.author.headers, { fields: { title: 'Borrador privado' } });
  });
  afterAll(async () => {
    await t.close();
  });

  const read = (storyId: string) => ({ resource: 'STORIES', action: 'READ', storyId });
  const logout = { resource: 'AUTH', action: 'LOGOUT' };

  describe('POST /tracking', () => {
    it('records a student reading a fic they may see, once in 30 minutes', async () => {
      const reader = await member(t.app, 'STUDENT', [w.gradeB1]);
      const first = await postTracking(t.app, reader.headers, read(published._id));
      expect(first.statusCode).toBe(201);
      expect(first.json()).toEqual({ recorded: true });
      const again = await postTracking(t.app, reader.headers, read(published._id));
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ recorded: false });
      expect(await eventsOf(t.app, reader.id)).toEqual([
        { event: 'STORIES.READ', storyId: published._id, storyTitle: 'La fic publicada', writingTime: null },
      ]);
      // Half an hour later it counts as another reading.
      await t.app.db
        .update(trackingEvents)
        .set({ createdAt: sql`now() - interval '31 minutes'` })
        .where(eq(trackingEvents.userId, reader.id));
      expect((await postTracking(t.app, reader.headers, read(published._id))).statusCode).toBe(201);
      expect(await eventKeysOf(t.app, reader.id)).toEqual(['STORIES.READ', 'STORIES.READ']);
    });

    it('records the author reading their own draft, and reads of different fics separately', async () => {
      const author = await member(t.app, 'STUDENT', [w.gradeA1]);
      const own = await createStory(t.app, author.headers);
      expect((await postTracking(t.app, author.headers, read(own._id))).statusCode).toBe(201);
      expect((await postTracking(t.app, author.headers, read(published._id))).statusCode).toBe(201);
      expect(await eventKeysOf(t.app, author.id)).toEqual(['STORIES.CREATE', 'STORIES.READ', 'STORIES.READ']);
    });

    it('answers 404 for a fic the caller may not see or that does not exist, recording nothing', async () => {
      const stranger = await member(t.app, 'STUDENT', [w.gradeA1]);
      for (const storyId of [draft._id, randomUUID()]) {
        const res = await postTracking(t.app, stranger.headers, read(storyId));
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ type: 'NOT_FOUND', message: storyMessages.notFound });
      }
      // A teacher of another school neither sees the draft.
      expect((await postTracking(t.app, w.otherSchoolTeacher.headers, read(draft._id))).statusCode).toBe(404);
      expect(await eventKeysOf(t.app, stranger.id)).toEqual([]);
    });

    it('records nothing for teachers and administrators, who get recorded: false', async () => {
      for (const who of [w.teacher, w.admin]) {
        for (const body of [read(draft._id), logout]) {
          const res = await postTracking(t.app, who.headers, body);
          expect(res.statusCode).toBe(200);
          expect(res.json()).toEqual({ recorded: false });
        }
        expect(await eventKeysOf(t.app, who.id)).toEqual([]);
      }
    });

    it('records a reported logout once a minute', async () => {
      const student = await member(t.app, 'STUDENT', [w.gradeA1]);
      expect((await postTracking(t.app, student.headers, logout)).statusCode).toBe(201);
      expect((await postTracking(t.app, student.headers, logout)).json()).toEqual({ recorded: false });
      expect(await eventKeysOf(t.app, student.id)).toEqual(['AUTH.LOGOUT']);
    });

    it.each([
      [
        { resource: 'STORIES', action: 'LIKE', storyId: randomUUID() },
        { action: trackingMessages.onlyReadOrLogout },
      ],
      [
        { resource: 'STORIES', action: 'CREATE', storyId: randomUUID() },
        { action: trackingMessages.onlyReadOrLogout },
      ],
      [{ resource: 'AUTH', action: 'LOGIN' }, { action: trackingMessages.onlyReadOrLogout }],
      [{ resource: 'PROFILE', action: 'UPDATE_NAME' }, { action: trackingMessages.onlyReadOrLogout }],
      [{ resource: 'COMMENTS', action: 'CREATE' }, { action: trackingMessages.onlyReadOrLogout }],
      [
        { resource: 'AUTH', action: 'READ', storyId: randomUUID() },
        { resource: trackingMessages.onlyReadOrLogout },
      ],
      [{ resource: 'STORIES', action: 'LOGOUT' }, { resource: trackingMessages.onlyReadOrLogout }],
      [{ resource: 'STORIES', action: 'READ' }, { storyId: trackingMessages.storyRequired }],
      [{ resource: 'STORIES', action: 'READ', storyId: 'abc' }, { storyId: 'Identificador inválido' }],
      [{}, { action: trackingMessages.onlyReadOrLogout }],
    ])('refuses %j with 400 and %j', async (body, errors) => {
      const student = await member(t.app, 'STUDENT', [w.gradeA1]);
      const res = await postTracking(t.app, student.headers, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ type: 'VALIDATION_ERROR', errors });
      expect(await eventKeysOf(t.app, student.id)).toEqual([]);
    });

    it('answers 401 to a visitor and to a bad token', async () => {
      expect((await postTracking(t.app, {}, read(published._id))).statusCode).toBe(401);
      const bad = await postTracking(t.app, { authorization: 'Bearer nada' }, logout);
      expect(bad.statusCode).toBe(401);
    });

    it('limits each user to 60 reports a minute (429 with Retry-After)', async () => {
      const student = await member(t.app, 'STUDENT', [w.gradeA1]);
      for (let i = 0; i < 60; i += 1) {
        expect((await postTracking(t.app, student.headers, logout)).statusCode).toBeLessThan(300);
      }
      const over = await postTracking(t.app, student.headers, logout);
      expect(over.statusCode).toBe(429);
      expect(over.json()).toMatchObject({ type: 'RATE_LIMITED' });
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      // Another user is not affected.
      const other = await member(t.app, 'STUDENT', [w.gradeA1]);
      expect((await postTracking(t.app, other.headers, logout)).statusCode).toBe(201);
    });
  });

  describe('GET /tracking/:userId: who may read it', () => {
    let student: Awaited<ReturnType<typeof member>>;
    beforeAll(async () => {
      student = await member(t.app, 'STUDENT', [w.gradeA1]);
      await postTracking(t.app, student.headers, read(published._id));
    });

    it('lets an administrator and a teacher of the student’s grade read it', async () => {
      for (const who of [w.admin, w.teacher, w.colleague]) {
        const page = await trackingPage(t.app, who.headers, student.id);
        expect(page.docs.map((doc) => `${doc.resource}.${doc.action}`)).toEqual(['STORIES.READ']);
      }
    });

    it('refuses teachers of other grades, the student themself and other students with 403', async () => {
      for (const who of [
        w.otherGradeTeacher,
        w.otherSchoolTeacher,
        student,
        w.classmate,
        w.otherSchoolStudent,
      ]) {
        const res = await readTracking(t.app, who.headers, student.id);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ type: 'FORBIDDEN' });
      }
    });

    it('refuses a teacher another teacher’s or an administrator’s activity (403)', async () => {
      for (const target of [w.colleague, w.admin, w.teacher]) {
        expect((await readTracking(t.app, w.teacher.headers, target.id)).statusCode).toBe(403);
      }
    });

    it('answers 404 for an unknown user, 401 to a visitor and 400 for a bad id', async () => {
      for (const who of [w.admin, w.teacher]) {
        expect((await readTracking(t.app, who.headers, randomUUID())).statusCode).toBe(404);
      }
      // A student learns nothing: 403 whether the user exists or not.
      expect((await readTracking(t.app, w.author.headers, randomUUID())).statusCode).toBe(403);
      expect((await readTracking(t.app, {}, student.id)).statusCode).toBe(401);
      expect((await readTracking(t.app, w.admin.headers, 'abc')).statusCode).toBe(400);
    });

    it('gives an administrator an empty page for a teacher (nothing is recorded for staff)', async () => {
      const page = await trackingPage(t.app, w.admin.headers, w.teacher.id);
      expect(page).toEqual({
        docs: [],
        page: 1,
        limit: 13,
        totalDocs: 0,
        hasNextPage: false,
        nextPage: null,
      });
    });
  });

  describe('GET /tracking/:userId: the records', () => {
    it('carries the fic’s title, the writing time, and the comment or reply while it exists', async () => {
      const student = await member(t.app, 'STUDENT', [w.gradeA1]);
      const [comment] = await t.app.db
        .insert(comments)
        .values({ storyId: published._id, authorId: student.id, text: '<p>¡Me encantó!</p>' })
        .returning();
      const [reply] = await t.app.db
        .insert(commentReplies)
        .values({ commentId: comment!.id, authorId: student.id, text: '<p>Gracias</p>' })
        .returning();
      const [gone] = await t.app.db
        .insert(comments)
        .values({ storyId: published._id, authorId: student.id, text: '<p>Borrado</p>' })
        .returning();
      const actor = { userId: student.id, role: 'STUDENT' as const };
      await recordActivities(t.app.db, actor, [
        {
          resource: 'STORIES',
          action: 'UPDATE',
          storyId: draft._id,
          storyTitle: 'Título de entonces',
          writingTime: 42,
        },
        {
          resource: 'COMMENTS',
          action: 'CREATE',
          storyId: published._id,
          storyTitle: published.title,
          commentId: comment!.id,
        },
        {
          resource: 'REPLIES',
          action: 'CREATE',
          storyId: published._id,
          storyTitle: published.title,
          commentId: comment!.id,
          replyId: reply!.id,
        },
        {
          resource: 'COMMENTS',
          action: 'DELETE',
          storyId: published._id,
          storyTitle: published.title,
          commentId: gone!.id,
        },
      ]);
      await t.app.db.delete(comments).where(eq(comments.id, gone!.id));

      const page = await trackingPage(t.app, w.admin.headers, student.id);
      expect(page.totalDocs).toBe(4);
      const [deleted, replied, commented, updated] = page.docs;
      expect(updated).toEqual({
        _id: expect.any(String),
        resource: 'STORIES',
        action: 'UPDATE',
        date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        writingTime: 42,
        storyId: draft._id,
        storyTitle: 'Título de entonces',
        commentId: null,
        replyId: null,
        moderation: null,
      });
      expect(commented).toMatchObject({
        resource: 'COMMENTS',
        action: 'CREATE',
        writingTime: null,
        storyTitle: 'La fic publicada',
        commentId: {
          _id: comment!.id,
          text: '<p>¡Me encantó!</p>',
          createdAt: comment!.createdAt.toISOString(),
          deleted: false,
        },
        replyId: null,
      });
      expect(replied).toMatchObject({
        resource: 'REPLIES',
        commentId: { _id: comment!.id, text: '<p>¡Me encantó!</p>', deleted: false },
        replyId: {
          _id: reply!.id,
          text: '<p>Gracias</p>',
          createdAt: reply!.createdAt.toISOString(),
          deleted: false,
        },
      });
      expect(deleted).toMatchObject({
        resource: 'COMMENTS',
        action: 'DELETE',
        commentId: { _id: gone!.id, text: null, createdAt: null, deleted: true },
      });
    });

    it('says a comment or reply was deleted since its line was written (by its writer or a moderator)', async () => {
      const student = await member(t.app, 'STUDENT', [w.gradeA1]);
      const kept = await addComment(t.app, student, published._id, '<p>Sigue aquí</p>');
      const moderated = await addComment(t.app, student, published._id, '<p>Lo borra el docente</p>');
      const answer = await addReply(t.app, student, moderated._id, '<p>Se va con su comentario</p>');
      const withdrawn = await addReply(t.app, student, kept._id, '<p>La borro yo</p>');
      // A moderator deletes the comment (its reply goes with it); the student deletes their reply.
      expect((await removeComment(t.app, w.teacher.headers, moderated._id)).statusCode).toBe(200);
      expect((await removeReply(t.app, student.headers, kept._id, withdrawn._id)).statusCode).toBe(200);

      const page = await trackingPage(t.app, w.admin.headers, student.id);
      const line = (key: string, id: string) =>
        page.docs.find(
          (doc) =>
            `${doc.resource}.${doc.action}` === key &&
            (doc.resource === 'REPLIES' ? doc.replyId?._id : doc.commentId?._id) === id,
        );
      expect(line('COMMENTS.CREATE', kept._id)?.commentId).toEqual({
        _id: kept._id,
        text: '<p>Sigue aquí</p>',
        createdAt: kept.createdAt,
        deleted: false,
      });
      expect(line('COMMENTS.CREATE', moderated._id)?.commentId).toEqual({
        _id: moderated._id,
        text: null,
        createdAt: null,
        deleted: true,
      });
      expect(line('REPLIES.CREATE', answer._id)).toMatchObject({
        commentId: { _id: moderated._id, deleted: true },
        replyId: { _id: answer._id, text: null, createdAt: null, deleted: true },
      });
      expect(line('REPLIES.CREATE', withdrawn._id)).toMatchObject({
        commentId: { _id: kept._id, text: '<p>Sigue aquí</p>', deleted: false },
        replyId: { _id: withdrawn._id, text: null, deleted: true },
      });
      expect(line('REPLIES.DELETE', withdrawn._id)?.replyId).toMatchObject({ deleted: true });
    });

    it('pages 13 at a time, newest first, without overlaps; past the end is empty', async () => {
      const student = await member(t.app, 'STUDENT', [w.gradeA1]);
      const actor = { userId: student.id, role: 'STUDENT' as const };
      // 30 events at distinct times, plus 3 sharing one instant (the id breaks the tie).
      const events: ActivityEvent[] = Array.from({ length: 30 }, (_, i) => ({
        resource: 'STORIES',
        action: 'READ',
        storyId: published._id,
        storyTitle: `Lectura ${i + 1}`,
      }));
      await recordActivities(t.app.db, actor, events);
      for (let i = 0; i < 3; i += 1) {
        await recordActivity(t.app.db, actor, { resource: 'AUTH', action: 'LOGIN' });
      }
      await t.app.db
        .update(trackingEvents)
        .set({ createdAt: sql`now() + interval '1 second'` })
        .where(and(eq(trackingEvents.userId, student.id), eq(trackingEvents.action, 'LOGIN')));

      const first = await trackingPage(t.app, w.teacher.headers, student.id);
      expect(first).toMatchObject({ page: 1, limit: 13, totalDocs: 33, hasNextPage: true, nextPage: 2 });
      expect(first.docs).toHaveLength(13);
      expect(first.docs.slice(0, 3).map((doc) => doc.action)).toEqual(['LOGIN', 'LOGIN', 'LOGIN']);
      expect(first.docs.slice(3).map((doc) => doc.storyTitle)).toEqual(
        Array.from({ length: 10 }, (_, i) => `Lectura ${30 - i}`),
      );
      const pages: Paged<TrackingRecord>[] = [first];
      for (let page = 2; page <= 3; page += 1) {
        pages.push(await trackingPage(t.app, w.teacher.headers, student.id, `?page=${page}`));
      }
      expect(pages[2]).toMatchObject({ page: 3, totalDocs: 33, hasNextPage: false, nextPage: null });
      expect(pages[2]!.docs).toHaveLength(7);
      const ids = pages.flatMap((page) => page.docs.map((doc) => doc._id));
      expect(new Set(ids).size).toBe(33);
      const dates = pages.flatMap((page) => page.docs.map((doc) => doc.date));
      expect([...dates].sort().reverse()).toEqual(dates);

      const past = await trackingPage(t.app, w.teacher.headers, student.id, '?page=4');
      expect(past).toEqual({
        docs: [],
        page: 4,
        limit: 13,
        totalDocs: 33,
        hasNextPage: false,
        nextPage: null,
      });
      const all = await trackingPage(t.app, w.teacher.headers, student.id, '?limit=50');
      expect(all.docs).toHaveLength(33);
      expect(all.docs.map((doc) => doc._id)).toEqual(ids);
    });

    it.each(['?limit=51', '?limit=0', '?page=0', '?page=1.5', '?limit=abc'])(
      'refuses %s with 400',
      async (query) => {
        const res = await readTracking(t.app, w.admin.headers, w.author.id, query);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ type: 'VALIDATION_ERROR' });
      },
    );
  });

  it('keeps recordActivity a no-op for staff and visitors', async () => {
    await recordActivity(t.app.db, null, { resource: 'AUTH', action: 'LOGIN' });
    await recordActivity(
      t.app.db,
      { userId: w.admin.id, role: 'ADMIN' },
      { resource: 'AUTH', action: 'LOGIN' },
    );
    expect(await eventKeysOf(t.app, w.admin.id)).toEqual([]);
  });
});
