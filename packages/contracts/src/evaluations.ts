/**
 * Evaluations (spec 001 §3 Evaluation, §4, §5 Evaluation, §7 evaluation calls): a teacher's rubric
 * grid with the checked cells, a comment, and the score the server computes from the checks.
 */
import { z } from 'zod';
import { idSchema } from './common';
import {
  cellField,
  gridScore,
  gridRowSchema,
  gridShape,
  normalizeGrid,
  rubricLimits,
  rubricMessages,
  rubricGridCellSchema,
  rubricGridColumnSchema,
  type RubricColumn,
  type RubricRow,
} from './rubrics';

export const evaluationLimits = {
  commentMax: 70,
  commentRows: 2,
  /** A criterion's own comment (issue 20.5), beside its row and score. */
  criterionCommentMax: 300,
} as const;

export const evaluationMessages = {
  commentMax: `El comentario debe tener máximo ${evaluationLimits.commentMax} caracteres`,
  criterionCommentMax: `El comentario del criterio debe tener máximo ${evaluationLimits.criterionCommentMax} caracteres`,
  criterionCommentsTooMany: 'Hay más comentarios de criterio que filas en la evaluación',
  rowsRequired: 'La evaluación necesita al menos una fila',
  oneCheckPerRow: 'Marca solo una casilla por fila',
  criterionNotCheckable: 'El criterio no tiene puntaje: marca una de las otras columnas',
  incompleteInvalid: 'La confirmación de criterios sin evaluar no es válida',
  storyRequired: 'La fic es requerida',
  userMismatch: 'El estudiante indicado no es el autor de esta fic',
  onlyTeachers: 'Solo los docentes pueden evaluar fics',
  notFound: 'La evaluación solicitada no existe',
  notSent: 'Esta fic aún no fue enviada a revisión',
  alreadyEvaluated: 'Esta fic ya tiene una evaluación: actualízala en vez de crear otra',
  evaluatedByOther: 'Otro docente ya evaluó esta fic',
  published: 'Esta fic ya fue publicada: su evaluación no se puede cambiar',
  /** A grid with rows left unmarked and no `incomplete: true` (the teacher's confirmation). */
  missing: (criteria: readonly string[]) => `Falta evaluar: ${criteria.join(', ')}`,
  /** With a rubric, the rows are its criteria: none added, none left out. */
  criterionNotInRubric: (criterion: string) => `El criterio «${criterion}» no está en la rúbrica`,
  rubricCriteriaMissing: (criteria: readonly string[]) =>
    `Faltan criterios de la rúbrica: ${criteria.join(', ')}`,
  sent: 'Evaluación enviada exitosamente',
  updated: 'Evaluación actualizada exitosamente',
} as const;

export const evaluationCommentField = z
  .string({ error: evaluationMessages.commentMax })
  .transform((value) => value.trim())
  .pipe(z.string().max(evaluationLimits.commentMax, evaluationMessages.commentMax));

/**
 * A criterion's comment: plain text (control characters other than line breaks and tabs removed;
 * never read as HTML: the web shows it as text), trimmed, then counted like the evaluation's comment.
 */
export const criterionCommentField = z
  .string({ error: evaluationMessages.criterionCommentMax })
  // eslint-disable-next-line no-control-regex -- the characters removed are exactly the control ones
  .transform((value) => value.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '').trim())
  .pipe(z.string().max(evaluationLimits.criterionCommentMax, evaluationMessages.criterionCommentMax));

/**
 * One comment per row of `items`, by index ('' for none); fewer entries than rows leave the last
 * rows without one. An error names its row: `criterionComments.<index>`.
 */
export const criterionCommentsField = z
  .array(criterionCommentField, { error: evaluationMessages.criterionCommentMax })
  .max(rubricLimits.rowsMax, evaluationMessages.criterionCommentsTooMany);

/** The comments aligned with `rows` rows: padded with '', or an issue when there are more. */
export function alignCriterionComments(comments: readonly string[], rows: number): string[] | undefined {
  if (comments.length > rows) {
    return undefined;
  }
  return [...comments, ...Array<string>(rows - comments.length).fill('')];
}

/** A row's criterion: the text of its first cell, or 'Fila N' when it has none. */
export function criterionOf(
  grid: { columns: readonly { key: string }[] },
  row: Readonly<Record<string, { value: string }>>,
  index: number,
): string {
  const first = grid.columns[0] ? row[cellField(grid.columns[0].key)]?.value.trim() : '';
  return first || `Fila ${index + 1}`;
}

/**
 * The criteria no level was marked for (rows without a checked cell), in the grid's order. An
 * evaluation with any is refused unless the teacher confirmed it (`incomplete: true`): the spec
 * lets a row go unmarked (its score counts the checked cells), issue 18 asks that it never happen
 * without a word.
 */
export function missingCriteria(grid: {
  columns: readonly { key: string }[];
  items: readonly Readonly<Record<string, { value: string; checked: boolean }>>[];
}): string[] {
  return grid.items.flatMap((row, index) =>
    Object.values(row).some((cell) => cell.checked) ? [] : [criterionOf(grid, row, index)],
  );
}

/** Adds an issue for each row with two checked cells or a checked criterion. */
function checkMarks(grid: { columns: RubricColumn[]; items: RubricRow[] }, ctx: z.RefinementCtx): void {
  const criterion = grid.columns[0] ? cellField(grid.columns[0].key) : undefined;
  grid.items.forEach((row, index) => {
    if (criterion && row[criterion]?.checked) {
      ctx.addIssue({
        code: 'custom',
        path: ['items', index],
        message: evaluationMessages.criterionNotCheckable,
      });
      return;
    }
    const checked = Object.values(row).filter((cell) => cell.checked).length;
    if (checked > 1) {
      ctx.addIssue({ code: 'custom', path: ['items', index], message: evaluationMessages.oneCheckPerRow });
    }
  });
}

const evaluationGridShape = {
  columns: gridShape.columns,
  items: z
    .array(gridRowSchema, { error: evaluationMessages.rowsRequired })
    .min(1, evaluationMessages.rowsRequired)
    .max(rubricLimits.rowsMax, rubricMessages.rowsMax),
};

/**
 * POST /evaluations. `userId` is the fic's author, as the spec's client sends it; it is checked, and
 * may be left out (a teacher does not see the author of an anonymous fic before evaluating it).
 * `score` is never read: the server sums the checked cells' points.
 */
export const createEvaluationBodySchema = z
  .object({
    storyId: idSchema,
    userId: idSchema.optional(),
    /** The rubric the grid was copied from, if any (kept for reference). */
    rubricId: idSchema.nullable().optional(),
    ...evaluationGridShape,
    comment: evaluationCommentField.default(''),
    criterionComments: criterionCommentsField.default([]),
    /** The teacher confirmed leaving the criteria without a level (missingCriteria) unmarked. */
    incomplete: z.boolean({ error: evaluationMessages.incompleteInvalid }).default(false),
  })
  .transform((value, ctx) => {
    const grid = normalizeGrid(value, ctx, true);
    checkMarks(grid, ctx);
    const criterionComments = alignCriterionComments(value.criterionComments, grid.items.length);
    if (!criterionComments) {
      ctx.addIssue({
        code: 'custom',
        path: ['criterionComments'],
        message: evaluationMessages.criterionCommentsTooMany,
      });
    }
    return {
      storyId: value.storyId,
      userId: value.userId,
      rubricId: value.rubricId ?? null,
      comment: value.comment,
      criterionComments: criterionComments ?? [],
      incomplete: value.incomplete,
      ...grid,
    };
  });
export type CreateEvaluationBody = z.infer<typeof createEvaluationBodySchema>;
export type CreateEvaluationInput = z.input<typeof createEvaluationBodySchema>;

/**
 * PATCH /evaluations/:id: `items` and `comment` (spec 001 §7), and `columns` when the grid's
 * columns change too; the rows are checked against the columns that result. The score is recomputed.
 * `rubricId`: the rubric a new grid was copied from (its criteria are then the rows'); without it
 * the rows keep the evaluation's criteria. `incomplete` as in POST.
 */
export const updateEvaluationBodySchema = z.object({
  rubricId: idSchema.optional(),
  columns: gridShape.columns.optional(),
  items: evaluationGridShape.items.optional(),
  comment: evaluationCommentField.optional(),
  /** Replaces every criterion's comment; left out, they stay (cut to the rows if there are fewer). */
  criterionComments: criterionCommentsField.optional(),
  incomplete: z.boolean({ error: evaluationMessages.incompleteInvalid }).default(false),
});
export type UpdateEvaluationBody = z.infer<typeof updateEvaluationBodySchema>;

/** Checks an update's grid (the stored columns when the update brings none). */
export function parseEvaluationGrid(grid: {
  columns: RubricColumn[];
  items: Record<string, unknown>[];
}):
  | { success: true; data: { columns: RubricColumn[]; items: RubricRow[]; score: number } }
  | { success: false; error: z.ZodError } {
  const schema = z.object(evaluationGridShape).transform((value, ctx) => {
    const clean = normalizeGrid(value, ctx, true);
    checkMarks(clean, ctx);
    return { ...clean, score: gridScore(clean) };
  });
  return schema.safeParse(grid);
}

export const evaluationSchema = z
  .object({
    _id: z.string(),
    storyId: z.string(),
    /** The evaluating teacher; null if that account was deleted. */
    teacherId: z.string().nullable(),
    teacher: z.object({ _id: z.string(), name: z.string() }).nullable(),
    rubricId: z.string().nullable(),
    columns: z.array(rubricGridColumnSchema),
    items: z.array(z.record(z.string(), rubricGridCellSchema)),
    comment: z.string(),
    /** Each row's comment, by index, as many as `items` ('' for none). */
    criterionComments: z.array(z.string()),
    /** The sum of the checked cells' points, computed by the server. */
    score: z.number().int(),
    /** The best possible score (each row's highest level). */
    maxScore: z.number().int(),
    /** The round (sending) of the fic the evaluation was last written for. */
    round: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Evaluation' });
export type Evaluation = z.infer<typeof evaluationSchema>;

export const evaluationResponseSchema = z.object({ evaluation: evaluationSchema });
