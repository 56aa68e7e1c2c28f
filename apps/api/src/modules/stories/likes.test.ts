import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { likeMessages, storyMessages, type LikeResponse, type Story } from '@fics/contracts';
import { stories, storyLikes, trackingEvents } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { gallery } from './gallery.fixtures';
import { createStory, evaluatedStory, publishedStory, storyWorld } from './stories.fixtures';

describe('POST /stories/:id (like toggle)', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof storyWorld>>;
  let published: Story;

  const like = (storyId: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `/api/v1/stories/${storyId}`, headers });
  const readStory = async (storyId: string, headers: Record<string, string> = {}) =>
    (await t.app.inject({ method: 'GET', url: `/api/v1/stories/${storyId}`, headers })).json<{
      story: Story;
    }>().story;
  const likeRows = (storyId: string) => t.app.db.$count(storyLikes, eq(storyLikes.storyId, storyId));

  beforeAll(async () => {
    t = await buildTestApp();
    w = await storyWorld(t.app);
    published = (await publishedStory(t.app, w, { fields: { title: 'La ballena del faro' } })).story;
  });
  afterAll(async () => {
    await t.close();
  });

  it('asks a visitor without a session to log in (401), and refuses a bad token', async () => {
    const res = await like(published._id);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ type: 'UNAUTHORIZED', message: likeMessages.loginRequired });
    expect((await like(published._id, { authorization: 'Bearer nope' })).statusCode).toBe(401);
    expect(await likeRows(published._id)).toBe(0);
  });

  it('likes, then unlikes, answering the count and whether the caller likes it', async () => {
    const first = await like(published._id, w.classmate.headers);
    expect(first.statusCode).toBe(200);
    expect(first.json<LikeResponse>()).toEqual({ likesCount: 1, liked: true });
    expect((await like(published._id, w.otherSchoolTeacher.headers)).json()).toEqual({
      likesCount: 2,
      liked: true,
    });
    // A client that sends an empty JSON body is answered the same.
    const withBody = await t.app.inject({
      method: 'POST',
      url: `/api/v1/stories/${published._id}`,
      headers: w.author.headers,
      payload: {},
    });
    expect(withBody.json()).toEqual({ likesCount: 3, liked: true });
    expect((await like(published._id, w.classmate.headers)).json()).toEqual({ likesCount: 2, liked: false });
    expect(await likeRows(published._id)).toBe(2);
    const [row] = await t.app.db
      .select({ likesCount: stories.likesCount })
      .from(stories)
      .where(eq(stories.id, published._id));
    expect(row!.likesCount).toBe(2);
  });

  it('tells each reader whether they like the fic (likedByMe), and shows the count on the fic and the card', async () => {
    expect(await readStory(published._id, w.author.headers)).toMatchObject({
      likesCount: 2,
      likedByMe: true,
    });
    expect(await readStory(published._id, w.classmate.headers)).toMatchObject({
      likesCount: 2,
      likedByMe: false,
    });
    expect(await readStory(published._id)).toMatchObject({ likesCount: 2, likedByMe: false });
    const card = (await gallery(t.app, '', w.admin.headers)).page!.docs.find(
      (doc) => doc._id === published._id,
    );
    expect(card?.likesCount).toBe(2);
  });

  it('records a student’s like and unlike in their activity, with the fic and its title', async () => {
    const { story } = await publishedStory(t.app, w, { fields: { title: 'El faro dormido' } });
    await like(story._id, w.otherGradeStudent.headers);
    await like(story._id, w.otherGradeStudent.headers);
    const events = await t.app.db
      .select({
        resource: trackingEvents.resource,
        action: trackingEvents.action,
        storyId: trackingEvents.storyId,
        storyTitle: trackingEvents.storyTitle,
      })
      .from(trackingEvents)
      .where(and(eq(trackingEvents.userId, w.otherGradeStudent.id), eq(trackingEvents.storyId, story._id)))
      .orderBy(trackingEvents.createdAt);
    expect(events).toEqual([
      { resource: 'STORIES', action: 'LIKE', storyId: story._id, storyTitle: 'El faro dormido' },
      { resource: 'STORIES', action: 'UNLIKE', storyId: story._id, storyTitle: 'El faro dormido' },
    ]);
    // Teachers' and administrators' likes count, but their activity is not tracked.
    await like(story._id, w.teacher.headers);
    await like(story._id, w.admin.headers);
    expect(await t.app.db.$count(trackingEvents, eq(trackingEvents.userId, w.teacher.id))).toBe(0);
    expect(await t.app.db.$count(trackingEvents, eq(trackingEvents.userId, w.admin.id))).toBe(0);
    expect(await likeRows(story._id)).toBe(2);
  });

  it('refuses a fic that is not published: 409 to those who may see it, 404 to the others', async () => {
    const draft = await createStory(t.app, w.author.headers);
    const { story: evaluated } = await evaluatedStory(t.app, w);
    for (const [story, status] of [
      [draft, 'EDITING'],
      [evaluated, 'EVALUATED'],
    ] as const) {
      expect((await readStory(story._id, w.author.headers)).publicationStatus).toBe(status);
      for (const people of [w.author, w.admin, ...(status === 'EDITING' ? [] : [w.teacher, w.colleague])]) {
        const res = await like(story._id, people.headers);
        expect(res.statusCode, `${people.name} on ${status}`).toBe(409);
        expect(res.json()).toEqual({ type: 'CONFLICT', message: likeMessages.notPublished });
      }
      for (const people of [w.classmate, w.otherGradeTeacher, w.otherSchoolStudent]) {
        const res = await like(story._id, people.headers);
        expect(res.statusCode, `${people.name} on ${status}`).toBe(404);
        expect(res.json()).toEqual({ type: 'NOT_FOUND', message: storyMessages.notFound });
      }
      expect(await likeRows(story._id)).toBe(0);
    }
    const missing = await like(crypto.randomUUID(), w.classmate.headers);
    expect(missing.statusCode).toBe(404);
    const bad = await like('no-es-un-id', w.classmate.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ type: 'VALIDATION_ERROR', errors: { id: 'Identificador inválido' } });
  });

  it('drops the likes of a deleted fic with it', async () => {
    const { story } = await publishedStory(t.app, w);
    await like(story._id, w.classmate.headers);
    await like(story._id, w.otherSchoolStudent.headers);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/stories/${story._id}`,
      headers: w.admin.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(await likeRows(story._id)).toBe(0);
  });
});
