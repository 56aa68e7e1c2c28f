import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { evaluationMessages, storyMessages } from '@fics/contracts';
import { evaluations, mailOutbox, notifications, stories } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/helpers';
import {
  createStory,
  evaluatedStory,
  postEvaluation,
  publish,
  storyWorld,
} from '../stories/stories.fixtures';

const onServer = Boolean(process.env.TEST_DATABASE_URL);

/**
 * Requests racing on one fic, settled by the database (the fic's conditional UPDATE, the unique
 * evaluation and notification). Only on a PostgreSQL server (TEST_DATABASE_URL), where they overlap.
 */
describe.runIf(onServer)('evaluating and publishing at once (PostgreSQL server)', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof storyWorld>>;
  beforeAll(async () => {
    t = await buildTestApp();
    w = await storyWorld(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('lets one of two teachers evaluating a fic at once win; the other gets 409', async () => {
    for (let round = 0; round < 5; round += 1) {
      const story = await createStory(t.app, w.author.headers, { draft: false });
      const results = await Promise.all([
        postEvaluation(t.app, w.teacher.headers, story._id, { comment: 'Tomás' }),
        postEvaluation(t.app, w.colleague.headers, story._id, { comment: 'Carla' }),
      ]);
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes).toEqual([201, 409]);
      const loser = results.find((r) => r.statusCode === 409)!;
      expect(loser.json()).toEqual({ type: 'CONFLICT', message: evaluationMessages.evaluatedByOther });
      const rows = await t.app.db.select().from(evaluations).where(eq(evaluations.storyId, story._id));
      expect(rows).toHaveLength(1);
      const winner = results.find((r) => r.statusCode === 201)!;
      expect(rows[0]!.comment).toBe(winner.json<{ evaluation: { comment: string } }>().evaluation.comment);
      const [row] = await t.app.db.select().from(stories).where(eq(stories.id, story._id));
      expect(row!.status).toBe('EVALUATED');
    }
  });

  it('publishes once when 10 publish requests arrive together, with one notification and one e-mail', async () => {
    const { story } = await evaluatedStory(t.app, w);
    const people = [w.teacher, w.colleague, w.admin];
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => publish(t.app, people[i % people.length]!.headers, story._id)),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(9);
    for (const res of results.filter((r) => r.statusCode === 409)) {
      expect(res.json()).toMatchObject({ message: storyMessages.cannotPublishAgain });
    }
    // The publication's one notification (the fic's others: sent for review, evaluated).
    expect(
      await t.app.db.$count(
        notifications,
        and(eq(notifications.storyId, story._id), eq(notifications.type, 'STORY_PUBLISHED')),
      ),
    ).toBe(1);
    const mails = await t.app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'published'), eq(mailOutbox.to, w.author.email)));
    expect(mails.filter((m) => m.text.includes(story._id))).toHaveLength(1);
  });
});
