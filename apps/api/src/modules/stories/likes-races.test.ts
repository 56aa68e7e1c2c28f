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

  // Every like of one fic queues on its row lock, and 100 or 200 at once wait for the pool's 10
  // connections: on a loaded machine (CI's other worker busy) the last ones can wait out the pool's
  // 5 s and be answered 503 UNAVAILABLE, as a server would answer them. That is the only other answer
  // allowed; what must hold is that every like that went through counts, once.
  const through = (results: { statusCode: number }[]) => {
    expect(results.map((r) => r.statusCode).filter((s) => s !== 200 && s !== 503)).toEqual([]);
    // The first ten always get a connection at once.
    expect(results.filter((r) => r.statusCode === 200).length).toBeGreaterThanOrEqual(10);
    return results.map((r) => r.statusCode === 200);
  };

  it('counts 100 readers liking at once as 100', async () => {
    const story = await freshStory();
    const results = await Promise.all(readers.map((headers) => like(story._id, headers)));
    const wentThrough = through(results);
    const ok = results.filter((_, i) => wentThrough[i]);
    const answers = ok.map((r) => r.json<LikeResponse>());
    expect(answers.every((a) => a.liked)).toBe(true);
    // Each answer is the count its own like made: 1 to 100 (to as many as went through), each once.
    expect(answers.map((a) => a.likesCount).sort((a, b) => a - b)).toEqual(
      Array.from({ length: ok.length }, (_, i) => i + 1),
    );
    expect(await counted(story._id)).toEqual({ likesCount: ok.length, rows: ok.length });
  });

  it('ends at 0 when 100 readers toggle twice at once', async () => {
    const story = await freshStory();
    const results = await Promise.all(
      readers.flatMap((headers) => [like(story._id, headers), like(story._id, headers)]),
    );
    const ok = through(results);
    // Both toggles through: no like; one: a like (0 when every request went through).
    const liking = readers.filter((_, i) => ok[2 * i] !== ok[2 * i + 1]).length;
    expect(await counted(story._id)).toEqual({ likesCount: liking, rows: liking });
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
    expect(results.map((r) => r.statusCode).filter((s) => s !== 200)).toEqual([]);
    expect(await counted(story._id)).toEqual({ likesCount: 50, rows: 50 });
  });
});
