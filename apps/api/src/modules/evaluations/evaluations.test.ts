import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  evaluationMessages,
  rubricMessages,
  storyMessages,
  type Evaluation,
  type Story,
} from '@fics/contracts';
import { evaluations, rubrics, stories } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/helpers';
import {
  createStory,
  editStory,
  evaluatedStory,
  evaluationGrid,
  patchEvaluation,
  postEvaluation,
  publish,
  sendStory,
  setStatus,
  storyWorld,
} from '../stories/stories.fixtures';

describe('evaluating fics: POST and PATCH /evaluations', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof storyWorld>>;
  const getStory = async (id: string, headers: Record<string, string> = {}) =>
    (await t.app.inject({ method: 'GET', url: `/api/v1/stories/${id}`, headers })).json<{ story: Story }>()
      .story;
  const statusOf = async (id: string) =>
    (await t.app.db.select({ status: stories.status }).from(stories).where(eq(stories.id, id)))[0]?.status;
  const evaluationsOf = (id: string) => t.app.db.$count(evaluations, eq(evaluations.storyId, id));
  /** A rubric with the default grid's rows (one per entry of `rows`; criteria 'Criterio 1', …). */
  const insertRubric = async (ownerId: string, rows: (string | null)[] = [null, null]) => {
    const [row] = await t.app.db
      .insert(rubrics)
      .values({ ownerId, title: 'Rúbrica de cuentos', description: 'Para fics', ...evaluationGrid(rows) })
      .returning({ id: rubrics.id });
    return row!.id;
  };

  beforeAll(async () => {
    t = await buildTestApp();
    w = await storyWorld(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('lets a teacher of the grade evaluate a sent fic: the server computes the score, the fic is EVALUATED', async () => {
    const story = await createStory(t.app, w.author.headers, { draft: false });
    const rubricId = await insertRubric(w.teacher.id);
    const res = await postEvaluation(t.app, w.teacher.headers, story._id, {
      userId: w.author.id,
      rubricId,
      score: 999,
      maxScore: 999,
      comment: '  Revisa los diálogos  ',
    });
    expect(res.statusCode).toBe(201);
    const { evaluation } = res.json<{ evaluation: Evaluation }>();
    expect(evaluation).toMatchObject({
      storyId: story._id,
      teacherId: w.teacher.id,
      teacher: { _id: w.teacher.id, name: 'Tomás Docente' },
      rubricId,
      comment: 'Revisa los diálogos',
      // Logrado (3) + Medianamente logrado (2), out of 2 rows × 3.
      score: 5,
      maxScore: 6,
      round: 1,
    });
    expect(evaluation.columns[0]).toEqual({ key: '0', name: 'Criterio', pointValue: 0 });
    expect(await statusOf(story._id)).toBe('EVALUATED');

    // The author reads it inside the fic, and so do the evaluator and administrators.
    for (const viewer of [w.author, w.teacher, w.admin]) {
      const seen = await getStory(story._id, viewer.headers);
      expect({ who: viewer.name, evaluation: seen.evaluation }).toEqual({
        who: viewer.name,
        evaluation: [evaluation],
      });
      expect(seen.permissions.canViewEvaluation).toBe(true);
    }
    const author = await getStory(story._id, w.author.headers);
    expect(author.permissions).toMatchObject({ canEdit: true, canSend: true, canUpdateEvaluation: false });
    const evaluator = await getStory(story._id, w.teacher.headers);
    expect(evaluator.permissions).toMatchObject({
      canEdit: true,
      canDelete: true,
      canPublish: true,
      canEvaluate: false,
      canUpdateEvaluation: true,
    });
    // Another teacher of the grade may publish it but does not read the evaluation.
    const colleague = await getStory(story._id, w.colleague.headers);
    expect(colleague.evaluation).toEqual([]);
    expect(colleague.permissions).toMatchObject({
      canViewEvaluation: false,
      canPublish: true,
      canEdit: false,
      canDelete: false,
      canUpdateEvaluation: false,
    });
    // Nor does anyone once it is public, but its author and evaluator still do.
    expect((await publish(t.app, w.colleague.headers, story._id)).statusCode).toBe(200);
    expect((await getStory(story._id)).evaluation).toEqual([]);
    expect((await getStory(story._id, w.classmate.headers)).evaluation).toEqual([]);
    expect((await getStory(story._id, w.colleague.headers)).evaluation).toEqual([]);
    expect((await getStory(story._id, w.author.headers)).evaluation).toHaveLength(1);
    expect((await getStory(story._id, w.teacher.headers)).evaluation).toHaveLength(1);
  });

  it('refuses students, administrators and teachers of other grades or schools', async () => {
    const story = await createStory(t.app, w.author.headers, { draft: false });
    for (const who of [w.author, w.classmate, w.otherSchoolStudent, w.admin]) {
      const res = await postEvaluation(t.app, who.headers, story._id);
      expect({ who: who.name, code: res.statusCode }).toEqual({ who: who.name, code: 403 });
    }
    expect((await postEvaluation(t.app, w.author.headers, story._id)).json()).toEqual({
      type: 'FORBIDDEN',
      message: evaluationMessages.onlyTeachers,
    });
    // Teachers who cannot see the sent fic are told it does not exist.
    for (const who of [w.otherGradeTeacher, w.otherSchoolTeacher]) {
      const res = await postEvaluation(t.app, who.headers, story._id);
      expect({ who: who.name, code: res.statusCode }).toEqual({ who: who.name, code: 404 });
      expect(res.json()).toMatchObject({ message: storyMessages.notFound });
    }
    expect((await postEvaluation(t.app, {}, story._id)).statusCode).toBe(401);
    const unknown = await postEvaluation(t.app, w.teacher.headers, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(await evaluationsOf(story._id)).toBe(0);
    expect(await statusOf(story._id)).toBe('REVIEWING');

    // A published fic is visible to them, and still not theirs to evaluate.
    const published = await createStory(t.app, w.author.headers, { draft: false });
    await setStatus(t.app, published._id, 'PUBLISHED');
    for (const who of [w.otherGradeTeacher, w.otherSchoolTeacher]) {
      const res = await postEvaluation(t.app, who.headers, published._id);
      expect({ who: who.name, code: res.statusCode }).toEqual({ who: who.name, code: 403 });
    }
    expect(await evaluationsOf(published._id)).toBe(0);
  });

  it('checks the grid, the comment, the author and the rubric, with the field of each error', async () => {
    const story = await createStory(t.app, w.author.headers, { draft: false });
    const twoChecks = evaluationGrid(['1', '2']);
    twoChecks.items[1]!.col3!.checked = true;
    const criterion = evaluationGrid(['0', '1']);
    const othersRubric = await insertRubric(w.colleague.id);
    // [body, field with the error, its message ('' : any)]
    const cases: [Record<string, unknown>, string, string][] = [
      [twoChecks, 'items.1', evaluationMessages.oneCheckPerRow],
      [criterion, 'items.0', evaluationMessages.criterionNotCheckable],
      [{ comment: 'x'.repeat(71) }, 'comment', evaluationMessages.commentMax],
      [{ items: [] }, 'items', evaluationMessages.rowsRequired],
      [{ userId: w.classmate.id }, 'userId', evaluationMessages.userMismatch],
      [{ rubricId: othersRubric }, 'rubricId', rubricMessages.notFound],
      [{ rubricId: '00000000-0000-4000-8000-000000000000' }, 'rubricId', rubricMessages.notFound],
    ];
    for (const [body, field, message] of cases) {
      const res = await postEvaluation(t.app, w.teacher.headers, story._id, body);
      expect({ field, code: res.statusCode }).toEqual({ field, code: 400 });
      const errors = res.json<{ errors: Record<string, string> }>().errors;
      expect(errors[field]).toBe(message || errors[field]);
      expect(errors[field]).toBeTruthy();
    }
    expect(await evaluationsOf(story._id)).toBe(0);
    expect(await statusOf(story._id)).toBe('REVIEWING');

    // Seventy characters (surrounding spaces trimmed) are fine, and so is a row left unmarked once
    // the teacher confirmed it.
    const ok = await postEvaluation(t.app, w.teacher.headers, story._id, {
      ...evaluationGrid([null, '3']),
      comment: ` ${'y'.repeat(70)} `,
      incomplete: true,
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ evaluation: { score: 1, maxScore: 6, comment: 'y'.repeat(70) } });
  });

  it('follows the status machine: not before sending, once per fic, not after publication', async () => {
    const draft = await createStory(t.app, w.author.headers);
    const notSent = await postEvaluation(t.app, w.teacher.headers, draft._id);
    expect(notSent.statusCode).toBe(409);
    expect(notSent.json()).toEqual({ type: 'CONFLICT', message: evaluationMessages.notSent });

    const { story, evaluation } = await evaluatedStory(t.app, w);
    const again = await postEvaluation(t.app, w.teacher.headers, story._id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: evaluationMessages.alreadyEvaluated });
    const other = await postEvaluation(t.app, w.colleague.headers, story._id);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ message: evaluationMessages.evaluatedByOther });
    // Resent, it is under review again, and still has its one evaluation and evaluator.
    expect((await sendStory(t.app, w.author.headers, story._id)).statusCode).toBe(200);
    expect((await postEvaluation(t.app, w.colleague.headers, story._id)).json()).toMatchObject({
      message: evaluationMessages.evaluatedByOther,
    });
    expect((await postEvaluation(t.app, w.teacher.headers, story._id)).json()).toMatchObject({
      message: evaluationMessages.alreadyEvaluated,
    });
    expect(await evaluationsOf(story._id)).toBe(1);
    expect(await statusOf(story._id)).toBe('REVIEWING');

    expect((await publish(t.app, w.teacher.headers, story._id)).statusCode).toBe(200);
    const afterPublication = await patchEvaluation(t.app, w.teacher.headers, evaluation._id, {
      comment: 'Cambio tardío',
    });
    expect(afterPublication.statusCode).toBe(409);
    expect(afterPublication.json()).toEqual({ type: 'CONFLICT', message: evaluationMessages.published });
    const [row] = await t.app.db.select().from(evaluations).where(eq(evaluations.id, evaluation._id));
    expect(row!.comment).toBe('Muy buen trabajo');
  });

  it('lets only the evaluator update it; a resent fic goes back to EVALUATED with the new round and score', async () => {
    const { story, evaluation } = await evaluatedStory(t.app, w);
    // The author corrects and resends: round 2, under review.
    expect((await editStory(t.app, w.author.headers, story._id, { title: 'Versión dos' })).statusCode).toBe(
      200,
    );
    expect((await sendStory(t.app, w.author.headers, story._id)).statusCode).toBe(200);
    expect(await statusOf(story._id)).toBe('REVIEWING');

    for (const who of [w.colleague, w.author, w.admin]) {
      const res = await patchEvaluation(t.app, who.headers, evaluation._id, { comment: 'Intruso' });
      expect({ who: who.name, code: res.statusCode }).toEqual({ who: who.name, code: 403 });
    }
    for (const who of [w.otherGradeTeacher, w.otherSchoolTeacher, w.classmate]) {
      const res = await patchEvaluation(t.app, who.headers, evaluation._id, { comment: 'Intruso' });
      expect({ who: who.name, code: res.statusCode }).toEqual({ who: who.name, code: 404 });
      expect(res.json()).toMatchObject({ message: evaluationMessages.notFound });
    }
    const unknown = await patchEvaluation(t.app, w.teacher.headers, '00000000-0000-4000-8000-000000000000', {
      comment: 'x',
    });
    expect(unknown.statusCode).toBe(404);
    expect(await statusOf(story._id)).toBe('REVIEWING');

    // A grid of another rubric of theirs, with three criteria.
    const res = await patchEvaluation(t.app, w.teacher.headers, evaluation._id, {
      rubricId: await insertRubric(w.teacher.id, [null, null, null]),
      items: evaluationGrid(['1', '1', '3']).items,
      score: 0,
    });
    expect(res.statusCode).toBe(200);
    const updated = res.json<{ evaluation: Evaluation }>().evaluation;
    expect(updated).toMatchObject({
      _id: evaluation._id,
      score: 7,
      maxScore: 9,
      round: 2,
      // Left out: kept.
      comment: 'Muy buen trabajo',
      teacherId: w.teacher.id,
    });
    expect(updated.items).toHaveLength(3);
    expect(await statusOf(story._id)).toBe('EVALUATED');
    expect((await getStory(story._id, w.author.headers)).evaluation).toEqual([updated]);

    // The comment alone, while EVALUATED.
    const comment = await patchEvaluation(t.app, w.teacher.headers, evaluation._id, { comment: 'Mejoró' });
    expect(comment.json()).toMatchObject({ evaluation: { comment: 'Mejoró', score: 7 } });
  });

  it('checks the grid an update leaves: two checks in a row, rows that miss a new column, long comments', async () => {
    const { evaluation } = await evaluatedStory(t.app, w);
    const twoChecks = evaluationGrid(['1', '2']);
    twoChecks.items[0]!.col2!.checked = true;
    const withNewColumn = evaluationGrid().columns.concat({ key: '4', name: 'No logrado', pointValue: 0 });
    // [body, field with the error, its message ('' : any)]
    const cases: [Record<string, unknown>, string, string][] = [
      [{ items: twoChecks.items }, 'items.0', evaluationMessages.oneCheckPerRow],
      [{ items: evaluationGrid(['0']).items }, 'items.0', evaluationMessages.criterionNotCheckable],
      [{ columns: withNewColumn }, 'items.0.col4.value', rubricMessages.cellRequired],
      [{ comment: 'z'.repeat(71) }, 'comment', evaluationMessages.commentMax],
      [{ items: [] }, 'items', evaluationMessages.rowsRequired],
    ];
    for (const [body, field, message] of cases) {
      const res = await patchEvaluation(t.app, w.teacher.headers, evaluation._id, body);
      expect({ field, code: res.statusCode }).toEqual({ field, code: 400 });
      const errors = res.json<{ errors: Record<string, string> }>().errors;
      expect(errors[field]).toBe(message || errors[field]);
      expect(errors[field]).toBeTruthy();
    }
    const [row] = await t.app.db.select().from(evaluations).where(eq(evaluations.id, evaluation._id));
    expect(row).toMatchObject({ score: 5, maxScore: 6, comment: 'Muy buen trabajo' });
  });

  it('asks for every criterion: one left unmarked is refused by name unless the teacher confirmed it', async () => {
    const story = await createStory(t.app, w.author.headers, { draft: false });
    const rubricId = await insertRubric(w.teacher.id, [null, null, null]);
    const errorsOf = (res: { json: () => unknown }) =>
      (res.json() as { type: string; errors: Record<string, string> }).errors;

    // One of three marked, no confirmation: 400 naming the two others; nothing written.
    const partial = await postEvaluation(t.app, w.teacher.headers, story._id, {
      rubricId,
      ...evaluationGrid(['1', null, null]),
    });
    expect(partial.statusCode).toBe(400);
    expect(partial.json()).toMatchObject({ type: 'VALIDATION_ERROR' });
    expect(errorsOf(partial)).toEqual({ items: 'Falta evaluar: Criterio 2, Criterio 3' });
    const refused: [Record<string, unknown>, Record<string, string>][] = [
      [{ incomplete: 'sí' }, { incomplete: evaluationMessages.incompleteInvalid }],
      // Leaving a row out is not a way around it: the rubric's criteria are all there, and only they.
      [
        { rubricId, ...evaluationGrid(['1', '2']), incomplete: true },
        { items: 'Faltan criterios de la rúbrica: Criterio 3' },
      ],
      [
        { rubricId, ...evaluationGrid(['1', '2', '3', '1']) },
        { 'items.3': 'El criterio «Criterio 4» no está en la rúbrica' },
      ],
    ];
    for (const [body, errors] of refused) {
      const res = await postEvaluation(t.app, w.teacher.headers, story._id, body);
      expect({ body, code: res.statusCode, errors: errorsOf(res) }).toEqual({ body, code: 400, errors });
    }
    expect(await evaluationsOf(story._id)).toBe(0);
    expect(await statusOf(story._id)).toBe('REVIEWING');

    // Confirmed: accepted, the unmarked criteria worth nothing out of the best possible score.
    const confirmed = await postEvaluation(t.app, w.teacher.headers, story._id, {
      rubricId,
      ...evaluationGrid(['1', null, null]),
      incomplete: true,
    });
    expect(confirmed.statusCode).toBe(201);
    const { evaluation } = confirmed.json<{ evaluation: Evaluation }>();
    expect(evaluation).toMatchObject({ score: 3, maxScore: 9, rubricId });

    // An update follows the same rule, and keeps the evaluation's own criteria.
    const update = (body: Record<string, unknown>) =>
      patchEvaluation(t.app, w.teacher.headers, evaluation._id, body);
    const unmarked = await update({ items: evaluationGrid(['1', '2', null]).items });
    expect({ code: unmarked.statusCode, errors: errorsOf(unmarked) }).toEqual({
      code: 400,
      errors: { items: 'Falta evaluar: Criterio 3' },
    });
    const dropped = await update({ items: evaluationGrid(['1', '2']).items, incomplete: true });
    expect({ code: dropped.statusCode, errors: errorsOf(dropped) }).toEqual({
      code: 400,
      errors: { items: 'Faltan criterios de la rúbrica: Criterio 3' },
    });
    // A new comment alone leaves the confirmed grid as it is.
    expect((await update({ comment: 'Faltó revisar el resto' })).statusCode).toBe(200);
    const done = await update({ items: evaluationGrid(['1', '2', '3']).items });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      evaluation: { score: 6, maxScore: 9, comment: 'Faltó revisar el resto' },
    });
  });
});
