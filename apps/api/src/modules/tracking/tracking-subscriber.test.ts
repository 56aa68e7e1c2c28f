import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { domainEvents, stories, trackingEvents, users } from '../../db/schema';
import { redeliver, storedEventsBy } from '../../test/domain-events';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { addComment, addReply, commentWorld, patchReply, removeReply } from '../comments/comments.fixtures';
import { emitEvents, type DomainEvent, type NewDomainEvent } from '../events';
import { createStory } from '../stories/stories.fixtures';
import { member } from '../users/users.fixtures';
import { trackingSubscriber } from './tracking.subscriber';

/**
 * The tracking subscriber on its own: what it writes for an event, delivered once or again, in which
 * order, and what it leaves alone. (The lines an action writes through the API are in
 * tracking-recording.test.ts and the comments' tests.)
 */
let t: TestApp;
let w: Awaited<ReturnType<typeof commentWorld>>;
beforeAll(async () => {
  t = await buildTestApp();
  w = await commentWorld(t.app);
});
afterAll(async () => {
  await t.close();
});

const deliver = (app: FastifyInstance, events: readonly DomainEvent[]) =>
  redeliver(app, trackingSubscriber, events);

const linesOf = (userId: string) =>
  t.app.db
    .select()
    .from(trackingEvents)
    .where(eq(trackingEvents.userId, userId))
    .orderBy(asc(trackingEvents.createdAt));

/** An event that was never stored (ids far above the real ones), for states the API cannot reach in time. */
let unstoredId = 4_000_000_000_000_000;
function unstored(event: NewDomainEvent): DomainEvent {
  return { ...event, id: ++unstoredId, storyId: event.storyId ?? null, occurredAt: new Date() };
}

describe('the tracking subscriber', () => {
  it('writes one line per event however often it is delivered (a redelivery writes nothing)', async () => {
    const student = await member(t.app, 'STUDENT', [w.gradeA1]);
    const comment = await addComment(t.app, student, w.story._id);
    const [added] = await storedEventsBy(t.app, student.id, ['comment.added']);
    expect(added).toBeDefined();
    await deliver(t.app, [added!, added!]);
    await deliver(t.app, [added!]);
    const lines = await linesOf(student.id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      resource: 'COMMENTS',
      action: 'CREATE',
      storyId: w.story._id,
      storyTitle: w.story.title,
      commentId: comment._id,
      replyId: null,
      eventId: added!.id,
    });
  });

  it('dates each line when its change happened, to the microsecond, so one change’s lines keep their order', async () => {
    const student = await member(t.app, 'STUDENT', [w.gradeA1]);
    const story = await createStory(t.app, student.headers, { fields: { title: 'En orden' } });
    const actor = { userId: student.id, role: 'STUDENT' };
    const fic = { authorId: student.id, gradeId: w.gradeA1, title: 'En orden' };
    // Written in one statement, as a fic created and sent at once is: a microsecond apart.
    await emitEvents(t.app.db, [
      { type: 'story.created', storyId: story._id, actor, payload: { ...fic, writingTime: 30 } },
      { type: 'story.sent', storyId: story._id, actor, payload: { ...fic, writingTime: 30, resent: false } },
    ]);
    const [created, sent] = (await storedEventsBy(t.app, student.id, ['story.created', 'story.sent'])).slice(
      -2,
    );
    expect([created?.type, sent?.type]).toEqual(['story.created', 'story.sent']);
    // Delivered in reverse: the line's date is the event's, not the delivery's.
    await deliver(t.app, [sent!, created!]);
    const lines = await t.app.db
      .select({
        action: trackingEvents.action,
        // In SQL: JavaScript dates keep milliseconds only, and these are a microsecond apart.
        micros: sql<string>`(extract(epoch from ${trackingEvents.createdAt}) * 1000000)::bigint::text`,
        onTime: sql<boolean>`${trackingEvents.createdAt} = ${domainEvents.occurredAt}`,
      })
      .from(trackingEvents)
      .innerJoin(domainEvents, eq(domainEvents.id, trackingEvents.eventId))
      .where(inArray(trackingEvents.eventId, [created!.id, sent!.id]))
      .orderBy(asc(trackingEvents.eventId));
    expect(lines.map((line) => [line.action, line.onTime])).toEqual([
      ['CREATE', true],
      ['SEND', true],
    ]);
    expect(BigInt(lines[0]!.micros)).toBeLessThan(BigInt(lines[1]!.micros));
  });

  it('writes nothing for teachers’, administrators’ or the system’s changes', async () => {
    const byTeacher = await addComment(t.app, w.teacher, w.story._id);
    const byAdmin = await addComment(t.app, w.admin, w.story._id);
    const events = [
      ...(await storedEventsBy(t.app, w.teacher.id, ['comment.added'])),
      ...(await storedEventsBy(t.app, w.admin.id, ['comment.added'])),
    ];
    expect(events.length).toBeGreaterThanOrEqual(2);
    await deliver(t.app, events);
    const system = unstored({
      type: 'comment.deleted',
      storyId: w.story._id,
      actor: null,
      payload: { commentId: byAdmin._id, commentAuthorId: w.admin.id, title: w.story.title },
    });
    await deliver(t.app, [system]);
    const lines = await t.app.db
      .select()
      .from(trackingEvents)
      .where(inArray(trackingEvents.commentId, [byTeacher._id, byAdmin._id]));
    expect(lines).toEqual([]);
  });

  it('writes no line for a student’s change to someone else’s fic (an editor’s change is not the author’s activity)', async () => {
    const classmate = await member(t.app, 'STUDENT', [w.gradeA1]);
    await deliver(t.app, [
      unstored({
        type: 'story.updated',
        storyId: w.story._id,
        actor: { userId: classmate.id, role: 'STUDENT' },
        payload: { authorId: w.author.id, title: w.story.title, writingTime: 10, published: true },
      }),
    ]);
    expect(await linesOf(classmate.id)).toEqual([]);
  });

  it('keeps the title of a fic deleted before the delivery, without the fic, and writes nothing for a deleted student', async () => {
    const student = await member(t.app, 'STUDENT', [w.gradeA1]);
    const story = await createStory(t.app, student.headers, { fields: { title: 'Se fue' } });
    const edited = unstored({
      type: 'story.updated',
      storyId: story._id,
      actor: { userId: student.id, role: 'STUDENT' },
      payload: { authorId: student.id, title: 'Se fue', writingTime: null, published: false },
    });
    await t.app.db.delete(stories).where(eq(stories.id, story._id));
    await deliver(t.app, [edited]);
    expect((await linesOf(student.id)).filter((line) => line.eventId === edited.id)).toEqual([
      expect.objectContaining({ action: 'UPDATE', storyId: null, storyTitle: 'Se fue', writingTime: null }),
    ]);

    const gone = await member(t.app, 'STUDENT', [w.gradeA1]);
    const liked = unstored({
      type: 'story.liked',
      storyId: w.story._id,
      actor: { userId: gone.id, role: 'STUDENT' },
      payload: { authorId: w.author.id, title: w.story.title, liked: true },
    });
    await t.app.db.delete(users).where(eq(users.id, gone.id));
    // The delivery succeeds (no foreign key error to retry forever) and writes nothing.
    await deliver(t.app, [liked]);
    expect(await t.app.db.select().from(trackingEvents).where(eq(trackingEvents.eventId, liked.id))).toEqual(
      [],
    );
  });

  it('writes a reply’s lines with its comment: added, edited, deleted', async () => {
    const student = await member(t.app, 'STUDENT', [w.gradeA1]);
    const comment = await addComment(t.app, w.author, w.story._id);
    const reply = await addReply(t.app, student, comment._id);
    expect(
      (await patchReply(t.app, student.headers, comment._id, reply._id, '<p>editada</p>')).statusCode,
    ).toBe(200);
    expect((await removeReply(t.app, student.headers, comment._id, reply._id)).statusCode).toBe(200);
    await deliver(
      t.app,
      await storedEventsBy(t.app, student.id, ['reply.added', 'reply.updated', 'reply.deleted']),
    );
    const reference = {
      storyId: w.story._id,
      storyTitle: w.story.title,
      commentId: comment._id,
      replyId: reply._id,
    };
    expect(await linesOf(student.id)).toEqual([
      expect.objectContaining({ resource: 'REPLIES', action: 'CREATE', ...reference }),
      expect.objectContaining({ resource: 'REPLIES', action: 'UPDATE', ...reference }),
      expect.objectContaining({ resource: 'REPLIES', action: 'DELETE', ...reference }),
    ]);
  });
});
