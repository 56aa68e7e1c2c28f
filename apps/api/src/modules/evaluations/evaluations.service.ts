import { and, eq } from 'drizzle-orm';
import {
  alignCriterionComments,
  criterionOf,
  evaluationMessages,
  gridMaxScore,
  gridScore,
  missingCriteria,
  parseEvaluationGrid,
  rubricMessages,
  type CreateEvaluationBody,
  type Evaluation,
  type RubricColumn,
  type RubricRow,
  type UpdateEvaluationBody,
} from '@fics/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { evaluations, rubrics } from '../../db/schema';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors';
import { AppError, conflict, forbidden, notFound, validationError } from '../../lib/errors';
import { fieldErrorsOf } from '../../lib/validation';
import type { Actor } from '../../plugins/auth';
import {
  allowedStatuses,
  conflictMessage,
  decide,
  loadEvaluationView,
  loadStoryFor,
  markStoryEvaluated,
  type StoryAction,
  type StoryRow,
} from '../stories';

const evaluationNotFound = () => notFound(evaluationMessages.notFound);

/**
 * The fic a teacher would evaluate, or why not: only teachers (403); a fic the caller may not see
 * (404); not a teacher of its grade (403); an evaluation already exists (409: the evaluator is told
 * to update it, another teacher that someone came first); the status forbids it (409).
 */
async function loadForEvaluation(db: DbOrTx, actor: Actor, storyId: string): Promise<StoryRow> {
  if (actor.role !== 'TEACHER') {
    throw forbidden(evaluationMessages.onlyTeachers);
  }
  const { row, relation } = await loadStoryFor({ db, actor, storyId, action: 'view' });
  // Decided here rather than by the loader: an existing evaluation is explained before the status.
  const decision = decide('evaluate', relation, row.status);
  if (!decision.ok && decision.type === 'FORBIDDEN') {
    throw forbidden();
  }
  if (row.evaluationId !== null) {
    throw conflict(
      relation === 'evaluator' ? evaluationMessages.alreadyEvaluated : evaluationMessages.evaluatedByOther,
    );
  }
  if (!decision.ok) {
    throw conflict(decision.message);
  }
  return row;
}

/**
 * The fic whose evaluation the caller would update: unknown or invisible (404), not its evaluator
 * (403), the status forbids it (409: published, or not sent).
 */
async function loadForUpdate(db: DbOrTx, actor: Actor, storyId: string) {
  return loadStoryFor({
    db,
    actor,
    storyId,
    action: 'updateEvaluation',
    notFoundMessage: evaluationMessages.notFound,
  });
}

/**
 * After the fic's conditional UPDATE matched nothing, why (read again inside the transaction): the
 * checks that passed before now fail, most often because another teacher's evaluation committed.
 */
async function raceError(
  check: () => Promise<{ status: StoryRow['status'] }>,
  action: StoryAction,
): Promise<AppError> {
  let current: { status: StoryRow['status'] };
  try {
    current = await check();
  } catch (error) {
    if (error instanceof AppError) {
      return error;
    }
    throw error;
  }
  return conflict(conflictMessage(action, current.status));
}

type Grid = { columns: RubricColumn[]; items: RubricRow[] };

/** A rubric of the caller's, or a 400 on `rubricId`; returns its grid. */
async function checkRubric(db: DbOrTx, actor: Actor, rubricId: string): Promise<Grid> {
  const [rubric] = await db
    .select({ columns: rubrics.columns, items: rubrics.items })
    .from(rubrics)
    .where(and(eq(rubrics.id, rubricId), eq(rubrics.ownerId, actor.userId)))
    .limit(1);
  if (!rubric) {
    throw validationError({ rubricId: rubricMessages.notFound });
  }
  return rubric;
}

/**
 * The rows of an evaluation are the criteria of the grid it came from (the rubric, or the
 * evaluation's own grid on an update): a criterion added is refused on its row, the ones left out
 * are named on `items`. Otherwise leaving a row out would pass for a complete evaluation.
 */
function checkCriteria(grid: Grid, reference: Grid): void {
  const expected = new Map<string, number>();
  reference.items.forEach((row, index) => {
    const criterion = criterionOf(reference, row, index);
    expected.set(criterion, (expected.get(criterion) ?? 0) + 1);
  });
  const errors: Record<string, string> = {};
  grid.items.forEach((row, index) => {
    const criterion = criterionOf(grid, row, index);
    const left = expected.get(criterion) ?? 0;
    if (left === 0) {
      errors[`items.${index}`] = evaluationMessages.criterionNotInRubric(criterion);
    } else {
      expected.set(criterion, left - 1);
    }
  });
  const missing = [...expected].flatMap(([criterion, count]) => Array<string>(count).fill(criterion));
  if (missing.length > 0) {
    errors.items = evaluationMessages.rubricCriteriaMissing(missing);
  }
  if (Object.keys(errors).length > 0) {
    throw validationError(errors);
  }
}

/**
 * Every criterion gets a level, unless the teacher confirmed leaving the ones named unmarked
 * (`incomplete`, after the form's dialog 'Falta evaluar: …'): a 400 on `items` names them.
 */
function checkComplete(grid: Grid, incomplete: boolean): void {
  const missing = missingCriteria(grid);
  if (missing.length > 0 && !incomplete) {
    throw validationError({ items: evaluationMessages.missing(missing) });
  }
}

/**
 * POST /evaluations: a teacher of the fic's grade evaluates a fic under review and becomes its
 * evaluator. The score is computed here from the checked cells. The fic's conditional UPDATE
 * (markStoryEvaluated, in modules/stories) runs first and locks the row, so of two teachers evaluating at once the
 * second waits and then finds the fic evaluated; the evaluation's unique fic settles the rest.
 */
export async function createEvaluation(options: {
  db: Db;
  actor: Actor;
  input: CreateEvaluationBody;
}): Promise<Evaluation> {
  const { db, actor, input } = options;
  const row = await loadForEvaluation(db, actor, input.storyId);
  if (input.userId !== undefined && input.userId !== row.authorId) {
    throw validationError({ userId: evaluationMessages.userMismatch });
  }
  const grid = { columns: input.columns, items: input.items };
  if (input.rubricId) {
    checkCriteria(grid, await checkRubric(db, actor, input.rubricId));
  }
  checkComplete(grid, input.incomplete);
  const allowed = allowedStatuses('evaluate', 'gradeTeacher');
  await db.transaction(async (tx) => {
    const score = gridScore(grid);
    const story = await markStoryEvaluated(tx, { storyId: row.id, allowed, actor, score, first: true });
    if (!story) {
      throw await raceError(() => loadForEvaluation(tx, actor, row.id), 'evaluate');
    }
    try {
      await tx.insert(evaluations).values({
        storyId: row.id,
        teacherId: actor.userId,
        rubricId: input.rubricId,
        ...grid,
        comment: input.comment,
        criterionComments: input.criterionComments,
        score,
        maxScore: gridMaxScore(grid),
        round: story.rounds,
      });
    } catch (error) {
      if (isUniqueViolation(error, 'evaluations_story_unique')) {
        throw conflict(evaluationMessages.evaluatedByOther);
      }
      if (isForeignKeyViolation(error) && input.rubricId) {
        // The rubric was deleted since it was checked.
        throw validationError({ rubricId: rubricMessages.notFound });
      }
      throw error;
    }
  });
  return (await loadEvaluationView(db, row.id))!;
}

/**
 * PATCH /evaluations/:id: the evaluator rewrites the grid or the comment while the fic is under
 * review; the score is recomputed and the round is the fic's current one. A resent fic is
 * evaluated again (modules/stories decides its status).
 */
export async function updateEvaluation(options: {
  db: Db;
  actor: Actor;
  evaluationId: string;
  input: UpdateEvaluationBody;
}): Promise<Evaluation> {
  const { db, actor, evaluationId, input } = options;
  const [current] = await db
    .select({
      storyId: evaluations.storyId,
      columns: evaluations.columns,
      items: evaluations.items,
      comment: evaluations.comment,
      criterionComments: evaluations.criterionComments,
    })
    .from(evaluations)
    .where(eq(evaluations.id, evaluationId))
    .limit(1);
  if (!current) {
    throw evaluationNotFound();
  }
  const { allowed } = await loadForUpdate(db, actor, current.storyId);
  const parsed = parseEvaluationGrid({
    columns: input.columns ?? current.columns,
    items: input.items ?? current.items,
  });
  if (!parsed.success) {
    throw validationError(fieldErrorsOf(parsed.error));
  }
  const grid = { columns: parsed.data.columns, items: parsed.data.items };
  // Comments sent replace the stored ones; kept ones are cut to the rows (the grid may be shorter).
  const criterionComments = alignCriterionComments(
    input.criterionComments ?? current.criterionComments.slice(0, grid.items.length),
    grid.items.length,
  );
  if (!criterionComments) {
    throw validationError({ criterionComments: evaluationMessages.criterionCommentsTooMany });
  }
  if (input.rubricId || input.items) {
    checkCriteria(
      grid,
      input.rubricId
        ? await checkRubric(db, actor, input.rubricId)
        : { columns: current.columns, items: current.items },
    );
  }
  if (input.items || input.columns) {
    // A new comment alone leaves the grid as the teacher confirmed it.
    checkComplete(grid, input.incomplete);
  }
  await db.transaction(async (tx) => {
    const now = new Date();
    const story = await markStoryEvaluated(tx, {
      storyId: current.storyId,
      allowed,
      actor,
      score: parsed.data.score,
      first: false,
    });
    if (!story) {
      throw await raceError(
        async () => (await loadForUpdate(tx, actor, current.storyId)).row,
        'updateEvaluation',
      );
    }
    let updated: { id: string } | undefined;
    try {
      [updated] = await tx
        .update(evaluations)
        .set({
          ...grid,
          ...(input.rubricId ? { rubricId: input.rubricId } : {}),
          comment: input.comment ?? current.comment,
          criterionComments,
          score: parsed.data.score,
          maxScore: gridMaxScore(grid),
          round: story.rounds,
          updatedAt: now,
        })
        .where(and(eq(evaluations.id, evaluationId), eq(evaluations.teacherId, actor.userId)))
        .returning({ id: evaluations.id });
    } catch (error) {
      if (isForeignKeyViolation(error) && input.rubricId) {
        // The rubric was deleted since it was checked.
        throw validationError({ rubricId: rubricMessages.notFound });
      }
      throw error;
    }
    if (!updated) {
      throw forbidden();
    }
  });
  return (await loadEvaluationView(db, current.storyId))!;
}
