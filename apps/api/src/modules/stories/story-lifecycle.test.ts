import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, gt } from 'drizzle-orm';
import { domainEvents } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { member } from '../users/users.fixtures';
import {
  createStory,
  editStory,
  evaluate,
  evaluationGrid,
  patchEvaluation,
  publish,
  sendStory,
  storyWorld,
} from './stories.fixtures';

/**
 * Each change of a fic writes its domain event in the same transaction (issue 19.3): the catalog's
 * type, the fic, who did it and the payload subscribers need. A refused change writes none.
 */
describe('the fic lifecycle announces itself (story-lifecycle.ts)', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof storyWorld>>;
  let seen = 0;

  /** The events written since the last call, oldest first. */
  async function newEvents() {
    const rows = await t.app.db
      .select({
        id: domainEvents.id,
        type: domainEvents.type,
        storyId: domainEvents.storyId,
        actorId: domainEvents.actorId,
        actorRole: domainEvents.actorRole,
        payload: domainEvents.payload,
      })
      .from(domainEvents)
      .where(gt(domainEvents.id, seen))
      .orderBy(asc(domainEvents.id));
    seen = rows.at(-1)?.id ?? seen;
    return rows.map(({ id: _id, ...event }) => event);
  }

  beforeAll(async () => {
    t = await buildTestApp();
    w = await storyWorld(t.app);
    await newEvents();
  });
  afterAll(async () => {
    await t.close();
  });

  it('announces a fic created and sent, evaluated, resent, re-evaluated, liked, edited, published and deleted', async () => {
    const author = { actorId: w.author.id, actorRole: 'STUDENT' };
    const teacher = { actorId: w.teacher.id, actorRole: 'TEACHER' };
    const story = await createStory(t.app, w.author.headers, {
      draft: false,
      fields: { title: 'La ballena', writingTime: '300' },
    });
    const fic = { storyId: story._id };
    expect(await newEvents()).toEqual([
      {
        type: 'story.created',
        ...fic,
        ...author,
        payload: { authorId: w.author.id, gradeId: w.gradeA1, title: 'La ballena', writingTime: 300 },
      },
      {
        type: 'story.sent',
        ...fic,
        ...author,
        payload: {
          authorId: w.author.id,
          gradeId: w.gradeA1,
          title: 'La ballena',
          writingTime: 300,
          resent: false,
        },
      },
    ]);

    const evaluation = await evaluate(t.app, w.teacher.headers, story._id);
    expect(await newEvents()).toEqual([
      {
        type: 'story.evaluated',
        ...fic,
        ...teacher,
        payload: {
          authorId: w.author.id,
          evaluatorId: w.teacher.id,
          title: 'La ballena',
          score: evaluation.score,
        },
      },
    ]);

    expect((await editStory(t.app, w.author.headers, story._id, { writingTime: '60' })).statusCode).toBe(200);
    expect((await sendStory(t.app, w.author.headers, story._id)).statusCode).toBe(200);
    expect(await newEvents()).toEqual([
      {
        type: 'story.updated',
        ...fic,
        ...author,
        payload: { authorId: w.author.id, title: 'La ballena', writingTime: 60, published: false },
      },
      {
        type: 'story.sent',
        ...fic,
        ...author,
        payload: {
          authorId: w.author.id,
          gradeId: w.gradeA1,
          title: 'La ballena',
          writingTime: 360,
          resent: true,
        },
      },
    ]);

    const patched = await patchEvaluation(t.app, w.teacher.headers, evaluation._id, {
      ...evaluationGrid(['1', '1']),
    });
    expect(patched.statusCode).toBe(200);
    expect(await newEvents()).toEqual([
      {
        type: 'evaluation.updated',
        ...fic,
        ...teacher,
        payload: { authorId: w.author.id, evaluatorId: w.teacher.id, title: 'La ballena', score: 6 },
      },
    ]);

    expect((await publish(t.app, w.colleague.headers, story._id)).statusCode).toBe(200);
    expect(await newEvents()).toEqual([
      {
        type: 'story.published',
        ...fic,
        actorId: w.colleague.id,
        actorRole: 'TEACHER',
        payload: { authorId: w.author.id, title: 'La ballena' },
      },
    ]);

    const like = () =>
      t.app.inject({ method: 'POST', url: `/api/v1/stories/${story._id}`, headers: w.classmate.headers });
    expect((await like()).statusCode).toBe(200);
    expect((await like()).statusCode).toBe(200);
    const classmate = { actorId: w.classmate.id, actorRole: 'STUDENT' };
    expect(await newEvents()).toEqual([
      {
        type: 'story.liked',
        ...fic,
        ...classmate,
        payload: { authorId: w.author.id, title: 'La ballena', liked: true },
      },
      {
        type: 'story.liked',
        ...fic,
        ...classmate,
        payload: { authorId: w.author.id, title: 'La ballena', liked: false },
      },
    ]);

    // An administrator's edit of a published fic adds no writing time.
    expect(
      (await editStory(t.app, w.admin.headers, story._id, { title: 'La ballena azul', writingTime: '9' }))
        .statusCode,
    ).toBe(200);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/stories/${story._id}`,
      headers: w.admin.headers,
    });
    expect(deleted.statusCode).toBe(200);
    const admin = { actorId: w.admin.id, actorRole: 'ADMIN' };
    expect(await newEvents()).toEqual([
      {
        type: 'story.updated',
        ...fic,
        ...admin,
        payload: { authorId: w.author.id, title: 'La ballena azul', writingTime: null, published: true },
      },
      {
        type: 'story.deleted',
        ...fic,
        ...admin,
        payload: { authorId: w.author.id, gradeId: w.gradeA1, title: 'La ballena azul', wasPublished: true },
      },
    ]);
  });

  it('writes no event for a change refused or lost in a race', async () => {
    const draft = await createStory(t.app, w.author.headers);
    await newEvents();
    // Not the author's to send; not evaluable as a draft; nothing to publish yet; not liked unpublished.
    expect((await sendStory(t.app, w.teacher.headers, draft._id)).statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/evaluations',
          headers: w.teacher.headers,
          payload: { storyId: draft._id, ...evaluationGrid() },
        })
      ).statusCode,
    ).toBe(409);
    expect((await publish(t.app, w.teacher.headers, draft._id)).statusCode).toBe(409);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/v1/stories/${draft._id}`, headers: w.author.headers }))
        .statusCode,
    ).toBe(409);
    expect(await newEvents()).toEqual([]);
  });

  it('announces every fic of a deleted account as deleted, by no one (the erasure record names who)', async () => {
    const leaving = await member(t.app, 'STUDENT', [w.gradeA1], { name: 'Lucía Lejos' });
    const one = await createStory(t.app, leaving.headers, { fields: { title: 'Uno' } });
    const two = await createStory(t.app, leaving.headers, { draft: false, fields: { title: 'Dos' } });
    await newEvents();
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/users/${leaving.id}`,
      headers: w.admin.headers,
    });
    expect(res.statusCode).toBe(200);
    const events = (await newEvents()).filter((event) => event.type === 'story.deleted');
    expect(events.map((event) => [event.storyId, event.actorId, event.payload]).sort()).toEqual(
      [
        [one._id, null, { authorId: leaving.id, gradeId: w.gradeA1, title: 'Uno', wasPublished: false }],
        [two._id, null, { authorId: leaving.id, gradeId: w.gradeA1, title: 'Dos', wasPublished: false }],
      ].sort(),
    );
    expect(
      await t.app.db.select().from(domainEvents).where(eq(domainEvents.storyId, one._id)),
    ).not.toHaveLength(0);
  });
});
