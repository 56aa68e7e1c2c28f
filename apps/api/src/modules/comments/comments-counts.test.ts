import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Story } from '@fics/contracts';
import { commentReplies, comments, stories } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { member } from '../users/users.fixtures';
import { publishedStory } from '../stories/stories.fixtures';
import {
  addComment,
  addReply,
  commentWorld,
  forgetCommentLimits,
  getComments,
  removeComment,
  removeReply,
} from './comments.fixtures';

/**
 * `stories.comments_count` and `comments.replies_count` are kept by triggers (migration 0007) and
 * never written by the application: they must equal the rows whatever removes them (a writer, a
 * moderator, the cascade of a deleted comment or account).
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
beforeEach(async () => {
  await forgetCommentLimits(t.app, [w.author, w.classmate, w.teacher, w.admin]);
});

async function counters(storyId: string) {
  const [story] = await t.app.db
    .select({ comments: stories.commentsCount })
    .from(stories)
    .where(eq(stories.id, storyId));
  const rows = await t.app.db
    .select({ id: comments.id, replies: comments.repliesCount })
    .from(comments)
    .where(eq(comments.storyId, storyId));
  return { comments: story!.comments, replies: Object.fromEntries(rows.map((r) => [r.id, r.replies])) };
}

/** Every counter of the database against a count of its rows: the list of those that differ. */
async function driftedCounters(): Promise<unknown[]> {
  const result = await t.app.db.execute(sql`
    select 'story' as kind, s.id from stories s
      where s.comments_count <> (select count(*) from comments c where c.story_id = s.id)
    union all
    select 'comment', c.id from comments c
      where c.replies_count <> (select count(*) from comment_replies r where r.comment_id = c.id)`);
  // Both drivers answer plain rows as { rows }.
  return (result as { rows: unknown[] }).rows;
}

async function storyAnswer(storyId: string): Promise<Story> {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/stories/${storyId}` });
  return res.json<{ story: Story }>().story;
}

describe('comment and reply counters', () => {
  it('count comments and replies as they are written and deleted, a comment taking its replies along', async () => {
    const { story } = await publishedStory(t.app, w);
    const first = await addComment(t.app, w.classmate, story._id);
    const second = await addComment(t.app, w.author, story._id);
    const third = await addComment(t.app, w.teacher, story._id);
    const replies = [
      await addReply(t.app, w.author, first._id),
      await addReply(t.app, w.teacher, first._id),
      await addReply(t.app, w.classmate, second._id),
    ];
    expect(await counters(story._id)).toEqual({
      comments: 3,
      replies: { [first._id]: 2, [second._id]: 1, [third._id]: 0 },
    });
    expect((await storyAnswer(story._id)).comments).toBe(3);
    const page = (await getComments(t.app, {}, story._id)).page!;
    expect(page.totalDocs).toBe(3);
    expect(Object.fromEntries(page.docs.map((c) => [c._id, c.replies]))).toMatchObject({
      [first._id]: 2,
      [second._id]: 1,
    });

    expect((await removeReply(t.app, w.teacher.headers, first._id, replies[1]!._id)).statusCode).toBe(200);
    expect((await counters(story._id)).replies[first._id]).toBe(1);

    // The first comment goes, with its reply; the second comment's reply stays.
    expect((await removeComment(t.app, w.admin.headers, first._id)).statusCode).toBe(200);
    expect(await t.app.db.$count(commentReplies, eq(commentReplies.commentId, first._id))).toBe(0);
    const after = await counters(story._id);
    expect(after.comments).toBe(2);
    expect(after.replies[second._id]).toBe(1);
    expect((await storyAnswer(story._id)).comments).toBe(2);
    expect(await driftedCounters()).toEqual([]);
  });

  it('stay exact when an account that commented and replied is deleted (its comments stay as Usuario eliminado)', async () => {
    const { story } = await publishedStory(t.app, w);
    const leaving = await member(t.app, 'STUDENT', [w.gradeA1], { name: 'Iván Idos' });
    const staying = await addComment(t.app, w.classmate, story._id);
    const leavingFirst = await addComment(t.app, leaving, story._id);
    const leavingComment = await addComment(t.app, leaving, story._id);
    await addReply(t.app, w.author, leavingComment._id);
    await addReply(t.app, leaving, staying._id);
    await addReply(t.app, w.author, staying._id);
    expect(await counters(story._id)).toMatchObject({ comments: 3 });

    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/users/${leaving.id}`,
      headers: w.admin.headers,
    });
    expect(res.statusCode).toBe(200);
    // The deletion is the erasure with everything going: the thread keeps its shape, the writer's
    // comments and replies without name or text (docs/decisions/privacy.md 'Supresión').
    expect(await counters(story._id)).toEqual({
      comments: 3,
      replies: { [staying._id]: 2, [leavingFirst._id]: 0, [leavingComment._id]: 1 },
    });
    expect((await storyAnswer(story._id)).comments).toBe(3);
    const page = (await getComments(t.app, {}, story._id)).page!;
    expect(page.totalDocs).toBe(3);
    expect(page.docs.find((c) => c._id === leavingComment._id)).toMatchObject({
      userId: { _id: null, name: 'Usuario eliminado' },
      text: '',
    });
    expect(await driftedCounters()).toEqual([]);
  });

  it('go with the fic when it is deleted, and the other fics keep theirs', async () => {
    const { story: kept } = await publishedStory(t.app, w);
    const { story: gone } = await publishedStory(t.app, w);
    await addComment(t.app, w.classmate, kept._id);
    const doomed = await addComment(t.app, w.classmate, gone._id);
    await addReply(t.app, w.author, doomed._id);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/stories/${gone._id}`,
      headers: w.admin.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(await t.app.db.$count(comments, eq(comments.storyId, gone._id))).toBe(0);
    expect(await t.app.db.$count(commentReplies, eq(commentReplies.commentId, doomed._id))).toBe(0);
    expect((await counters(kept._id)).comments).toBe(1);
    expect(await driftedCounters()).toEqual([]);
  });
});
