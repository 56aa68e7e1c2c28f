import { afterAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import type { FastifyInstance } from 'fastify';
import type { NotificationsResponse } from '@fics/contracts';
import { buildApp } from '../../app';
import { openDatabase, type Database } from '../../db/client';
import { freshDatabase, testConfig } from '../../test/helpers';
import { createStory, evaluate, storyWorld } from '../stories/stories.fixtures';

/**
 * Issue 19.4: a notification appears within 5 seconds also when the change was made on another
 * instance. Two apps on one PostgreSQL server (TEST_DATABASE_URL); instance A writes without
 * delivering (EVENTS_DISPATCH=off, as if it died right after its commit), instance B delivers in its
 * background loop at the default 1 s, and B's GET /notifications shows what A's change caused.
 */
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('notifications across two instances', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) {
      await cleanup();
    }
  });

  it('shows on instance B, within 5 s, the notification of a change made through instance A', async () => {
    const { database, drop } = await freshDatabase();
    const url = (database.db as unknown as { $client: pg.Pool }).$client.options.connectionString!;
    const secondDatabase: Database = await openDatabase({ databaseUrl: url });
    const a = await buildApp({
      config: testConfig({ events: { pollMs: 0, dispatch: false } }),
      database,
      logger: false,
    });
    const b = await buildApp({
      config: testConfig({ events: { pollMs: 1000, dispatch: true } }),
      database: secondDatabase,
      logger: false,
    });
    cleanups.push(async () => {
      await a.close();
      await b.close();
      await drop();
    });
    await Promise.all([a.ready(), b.ready()]);
    const w = await storyWorld(a);

    /** Milliseconds until `who`'s list on `app` has a notification about the fic of that type. */
    const shownAfter = async (
      app: FastifyInstance,
      headers: Record<string, string>,
      storyId: string,
      type: string,
    ) => {
      const started = Date.now();
      await expect
        .poll(
          async () => {
            const res = await app.inject({ method: 'GET', url: '/api/v1/notifications', headers });
            const body = res.json<NotificationsResponse>();
            return (
              body.notifications.docs.some((n) => n.storyId === storyId && n.type === type) && body.unread > 0
            );
          },
          { timeout: 5_000, interval: 100 },
        )
        .toBe(true);
      return Date.now() - started;
    };

    const story = await createStory(a, w.author.headers, { draft: false });
    expect(await shownAfter(b, w.teacher.headers, story._id, 'STORY_TO_REVIEW')).toBeLessThan(5_000);
    await evaluate(a, w.teacher.headers, story._id);
    expect(await shownAfter(b, w.author.headers, story._id, 'STORY_EVALUATED')).toBeLessThan(5_000);
    // Instance A, which delivered nothing itself, reads the same rows.
    const onA = await a.inject({ method: 'GET', url: '/api/v1/notifications', headers: w.author.headers });
    expect(onA.json<NotificationsResponse>().notifications.docs.map((n) => n.type)).toEqual([
      'STORY_EVALUATED',
    ]);
  });
});
