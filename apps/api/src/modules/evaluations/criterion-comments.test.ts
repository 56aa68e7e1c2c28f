import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { evaluationMessages, type Evaluation, type Story } from '@fics/contracts';
import { evaluations } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/helpers';
import {
  createStory,
  evaluatedStory,
  patchEvaluation,
  postEvaluation,
  storyWorld,
} from '../stories/stories.fixtures';

/** Issue 20.5: a comment per criterion of the evaluation, read by the student with the score. */
describe('per-criterion comments on evaluations', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof storyWorld>>;
  const getStory = async (id: string, headers: Record<string, string> = {}) =>
    (await t.app.inject({ method: 'GET', url: `/api/v1/stories/${id}`, headers })).json<{ story: Story }>()
      .story;
  const storedRow = async (id: string) =>
    (await t.app.db.select().from(evaluations).where(eq(evaluations.id, id)))[0]!;

  beforeAll(async () => {
    t = await buildTestApp();
    w = await storyWorld(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('a teacher writes them (trimmed, plain text); the author reads them beside each row and score', async () => {
    const story = await createStory(t.app, w.author.headers, { draft: false });
    const res = await postEvaluation(t.app, w.teacher.headers, story._id, {
      criterionComments: ['  Buen inicio <b>claro</b>\u0007  ', ''],
    });
    expect(res.statusCode).toBe(201);
    const { evaluation } = res.json<{ evaluation: Evaluation }>();
    // Kept as text: the web never reads it as HTML; control characters are removed.
    expect(evaluation.criterionComments).toEqual(['Buen inicio <b>claro</b>', '']);
    expect(evaluation.score).toBe(5);

    const seen = await getStory(story._id, w.author.headers);
    expect(seen.evaluation[0]).toMatchObject({
      criterionComments: ['Buen inicio <b>claro</b>', ''],
      score: 5,
      items: evaluation.items,
    });
    // Neither a classmate, nor a colleague who did not evaluate, nor a teacher of another grade.
    for (const who of [w.classmate, w.colleague, w.otherGradeTeacher]) {
      const other = await t.app.inject({
        method: 'GET',
        url: `/api/v1/stories/${story._id}`,
        headers: who.headers,
      });
      const body = other.json<{ story?: Story }>();
      expect({ who: who.name, evaluation: body.story?.evaluation ?? [] }).toEqual({
        who: who.name,
        evaluation: [],
      });
      expect(other.body).not.toContain('Buen inicio');
    }
  });

  it('the evaluator updates them; a grid-only update keeps them; others are refused and change nothing', async () => {
    const { story, evaluation } = await evaluatedStory(t.app, w);
    // Evaluations written before the comments existed answer one empty comment per row.
    expect(evaluation.criterionComments).toEqual(['', '']);
    const res = await patchEvaluation(t.app, w.teacher.headers, evaluation._id, {
      criterionComments: ['', 'Cuida los tiempos verbales'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ evaluation: Evaluation }>().evaluation.criterionComments).toEqual([
      '',
      'Cuida los tiempos verbales',
    ]);
    const comment = await patchEvaluation(t.app, w.teacher.headers, evaluation._id, { comment: 'Bien' });
    expect(comment.json<{ evaluation: Evaluation }>().evaluation.criterionComments).toEqual([
      '',
      'Cuida los tiempos verbales',
    ]);

    for (const [who, code] of [
      [w.author, 403],
      [w.classmate, 404],
      [w.colleague, 403],
      [w.otherGradeTeacher, 404],
    ] as const) {
      const refused = await patchEvaluation(t.app, who.headers, evaluation._id, {
        criterionComments: ['Otro', 'Otro'],
      });
      expect({ who: who.name, code: refused.statusCode }).toEqual({ who: who.name, code });
    }
    expect((await storedRow(evaluation._id)).criterionComments).toEqual(['', 'Cuida los tiempos verbales']);
    expect((await getStory(story._id, w.author.headers)).evaluation[0]?.criterionComments).toEqual([
      '',
      'Cuida los tiempos verbales',
    ]);
  });

  it('refuses 301 characters on the row, and more comments than rows, changing nothing', async () => {
    const { evaluation } = await evaluatedStory(t.app, w);
    const exactly = 'á'.repeat(300);
    const ok = await patchEvaluation(t.app, w.teacher.headers, evaluation._id, {
      criterionComments: [`  ${exactly}  `],
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<{ evaluation: Evaluation }>().evaluation.criterionComments).toEqual([exactly, '']);

    const cases: [Record<string, unknown>, string, string][] = [
      [
        { criterionComments: ['', 'x'.repeat(301)] },
        'criterionComments.1',
        evaluationMessages.criterionCommentMax,
      ],
      [{ criterionComments: [42] }, 'criterionComments.0', evaluationMessages.criterionCommentMax],
      [
        { criterionComments: ['a', 'b', 'c'] },
        'criterionComments',
        evaluationMessages.criterionCommentsTooMany,
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await patchEvaluation(t.app, w.teacher.headers, evaluation._id, body);
      expect({ field, code: res.statusCode }).toEqual({ field, code: 400 });
      expect(res.json<{ errors: Record<string, string> }>().errors[field]).toBe(message);
    }
    expect((await storedRow(evaluation._id)).criterionComments).toEqual([exactly, '']);

    const story = await createStory(t.app, w.author.headers, { draft: false });
    const long = await postEvaluation(t.app, w.teacher.headers, story._id, {
      criterionComments: ['x'.repeat(301)],
    });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({
      type: 'VALIDATION_ERROR',
      errors: { 'criterionComments.0': evaluationMessages.criterionCommentMax },
    });
    expect(await t.app.db.$count(evaluations, eq(evaluations.storyId, story._id))).toBe(0);
  });

  it('the database refuses more comments than rows, whatever the caller; older rows have none', async () => {
    const { story, evaluation } = await evaluatedStory(t.app, w);
    // As migration 0015 leaves the evaluations written before it: one empty comment per row.
    await t.app.db
      .update(evaluations)
      .set({ criterionComments: [] })
      .where(eq(evaluations.id, evaluation._id));
    expect((await getStory(story._id, w.author.headers)).evaluation[0]?.criterionComments).toEqual(['', '']);
    await expect(
      t.app.db
        .update(evaluations)
        .set({ criterionComments: ['a', 'b', 'c'] })
        .where(eq(evaluations.id, evaluation._id)),
    ).rejects.toThrow();
  });
});
