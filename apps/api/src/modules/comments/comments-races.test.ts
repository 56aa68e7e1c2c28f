import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { commentReplies, comments, stories } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { member } from '../users/users.fixtures';
import { publishedStory } from '../stories/stories.fixtures';
import {
  addComment,
  commentWorld,
  forgetCommentLimits,
  postComment,
  postReply,
  removeComment,
} from './comments.fixtures';

const onServer = Boolean(process.env.TEST_DATABASE_URL);

/**
 * Comments and replies written at once, counted by the triggers (migration 0007) and settled by the
 * database. Only on a PostgreSQL server (TEST_DATABASE_URL), where the requests really overlap.
 */
describe.runIf(onServer)('writing comments at once (PostgreSQL server)', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof commentWorld>>;
  let readers: Awaited<ReturnType<typeof member>>[];

  beforeAll(async () => {
    t = await buildTestApp();
    w = await commentWorld(t.app);
    readers = [];
    for (let i = 0; i < 30; i += 1) {
      readers.push(await member(t.app, 'STUDENT', [w.gradeA1], { name: `Lector Número${i}` }));
    }
  });
  afterAll(async () => {
    await t.close();
  });

  const commentsCount = async (storyId: string) => {
    const [row] = await t.app.db
      .select({ n: stories.commentsCount })
      .from(stories)
      .where(eq(stories.id, storyId));
    return row!.n;
  };
  const repliesCount = async (commentId: string) => {
    const [row] = await t.app.db
      .select({ n: comments.repliesCount })
      .from(comments)
      .where(eq(comments.id, commentId));
    return row!.n;
  };

  it('counts 30 comments arriving together as 30', async () => {
    const { story } = await publishedStory(t.app, w);
    const results = await Promise.all(
      readers.map((reader, i) => postComment(t.app, reader.headers, story._id, `<p>hola ${i}</p>`)),
    );
    expect(results.map((r) => r.statusCode)).toEqual(readers.map(() => 201));
    expect(await commentsCount(story._id)).toBe(30);
    expect(await t.app.db.$count(comments, eq(comments.storyId, story._id))).toBe(30);
  });

  it('counts 30 replies to one comment arriving together as 30', async () => {
    await forgetCommentLimits(t.app, [...readers, w.classmate]);
    const comment = await addComment(t.app, w.classmate, w.story._id);
    const results = await Promise.all(
      readers.map((reader, i) => postReply(t.app, reader.headers, comment._id, `<p>respuesta ${i}</p>`)),
    );
    expect(results.map((r) => r.statusCode)).toEqual(readers.map(() => 201));
    expect(await repliesCount(comment._id)).toBe(30);
  });

  it('keeps the counts exact when a comment is deleted while replies to it arrive', async () => {
    for (let round = 0; round < 3; round += 1) {
      await forgetCommentLimits(t.app, [...readers, w.classmate]);
      const before = await commentsCount(w.story._id);
      const comment = await addComment(t.app, w.classmate, w.story._id);
      const replying = readers
        .slice(0, 15)
        .map((reader) => postReply(t.app, reader.headers, comment._id, '<p>a tiempo</p>'));
      const [deleted, ...replies] = await Promise.all([
        removeComment(t.app, w.admin.headers, comment._id),
        ...replying,
      ]);
      expect(deleted.statusCode).toBe(200);
      // Each reply went in before the comment went (and with it), or found it gone: never a 500.
      for (const reply of replies) {
        expect([201, 404]).toContain(reply.statusCode);
      }
      expect(await t.app.db.$count(commentReplies, eq(commentReplies.commentId, comment._id))).toBe(0);
      expect(await commentsCount(w.story._id)).toBe(before);
    }
  });

  it('answers 201 or 404 to comments racing the fic being deleted, and leaves nothing behind', async () => {
    for (let round = 0; round < 3; round += 1) {
      await forgetCommentLimits(t.app, readers);
      const { story } = await publishedStory(t.app, w);
      const [deleted, ...results] = await Promise.all([
        t.app.inject({ method: 'DELETE', url: `/api/v1/stories/${story._id}`, headers: w.admin.headers }),
        ...readers
          .slice(0, 15)
          .map((reader) => postComment(t.app, reader.headers, story._id, '<p>¿llegué?</p>')),
      ]);
      expect(deleted.statusCode).toBe(200);
      for (const res of results) {
        expect([201, 404]).toContain(res.statusCode);
      }
      expect(await t.app.db.$count(comments, eq(comments.storyId, story._id))).toBe(0);
    }
  });
});
