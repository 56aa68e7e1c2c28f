import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { LikeResponse, Story } from '@fics/contracts';
import { stories, storyLikes } from '../../db/schema';
import { authHeader, buildTestApp, createUser, type TestApp } from '../../test/helpers';
import { publishedStory, storyWorld } from './stories.fixtures';

const onServer = Boolean(process.env.TEST_DATABASE_URL);

/**
 * Likes arriving together, settled by the database (the fic's row lock, story_likes' primary key,
 * the counter's trigger). Only on a PostgreSQL server (TEST_DATABASE_URL), where they overlap.
 */
describe.runIf(onServer)('likes at once (PostgreSQL server)', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof storyWorld>>;
  let readers: Record<string, string>[];

  const like = (storyId: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: `/api/v1/stories/${storyId}`, headers });
  const counted = async (storyId: string) => {
    const [row] = await t.app.db
      .select({ likesCount: stories.likesCount })
      .from(stories)
      .where(eq(stories.id, storyId));
    return {
      likesCount: row!.likesCount,
      rows: await t.app.db.$count(storyLikes, eq(storyLikes.storyId, storyId)),
    };
  };

  beforeAll(async () => {
    t = await buildTestApp();
    w = await storyWorld(t.app);
    readers = await Promise.all(
      Array.from({ length: 100 }, async (_, i) =>
        authHeader(t.app, await createUser(t.app, { role: 'STUDENT', name: `Lectora ${i}`, password: null })),
      ),
    );
  });
  afterAll(async () => {
    await t.close();
  });

  const freshStory = async (): Promise<Story> => (await publishedStory(t.app, w)).story;

  it('counts 100 readers liking at once as 100', async () => {
    const story = await freshStory();
    const results = await Promise.all(readers.map((headers) => like(story._id, headers)));
    expect(results.map((r) => r.statusCode)).toEqual(readers.map(() => 200));
    const answers = results.map((r) => r.json<LikeResponse>());
    expect(answers.every((a) => a.liked)).toBe(true);
    // Each answer is the count its own like made: 1 to 100, each once.
    expect(answers.map((a) => a.likesCount).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 100 }, (_, i) => i + 1),
    );
    expect(await counted(story._id)).toEqual({ likesCount: 100, rows: 100 });
  });

  it('ends at 0 when 100 readers toggle twice at once', async () => {
    const story = await freshStory();
    const results = await Promise.all(
      readers.flatMap((headers) => [like(story._id, headers), like(story._id, headers)]),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(await counted(story._id)).toEqual({ likesCount: 0, rows: 0 });
  });

  it("alternates one reader's 10 parallel toggles, and the count matches the rows", async () => {
    const story = await freshStory();
    const headers = readers[0]!;
    const results = await Promise.all(Array.from({ length: 10 }, () => like(story._id, headers)));
    const answers = results.map((r) => r.json<LikeResponse>());
    expect(answers.filter((a) => a.liked)).toHaveLength(5);
    expect(answers.filter((a) => !a.liked)).toHaveLength(5);
    expect(await counted(story._id)).toEqual({ likesCount: 0, rows: 0 });
    // An odd number leaves the like in place, once.
    await Promise.all(Array.from({ length: 7 }, () => like(story._id, headers)));
    expect(await counted(story._id)).toEqual({ likesCount: 1, rows: 1 });
  });

  it('keeps the count exact while the fic is read and liked by others', async () => {
    const story = await freshStory();
    const results = await Promise.all(
      readers
        .slice(0, 50)
        .flatMap((headers, i) => [
          like(story._id, headers),
          t.app.inject({ method: 'GET', url: `/api/v1/stories/${story._id}`, headers: i % 2 ? headers : {} }),
        ]),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(await counted(story._id)).toEqual({ likesCount: 50, rows: 50 });
  });
});
