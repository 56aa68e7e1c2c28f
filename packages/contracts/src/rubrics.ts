/**
 * Rubrics and the grid they share with evaluations (spec 001 §2 Mis Rúbricas and Rubric editor, §3
 * Rubric and Evaluation, §5 Rubric and Evaluation, §9): limits, Spanish messages, the default grid,
 * and one schema per endpoint, used by the API (validation, OpenAPI) and the web forms.
 *
 * The grid: `columns` `[{ key, name, pointValue }]`, column 0 the criterion (no points); `items` the
 * rows, each with a cell `col{key}` `{ value, checked }` for every column. In a rubric every
 * `checked` is false; in an evaluation at most one cell per row is checked, never the criterion.
 */
import { z } from 'zod';
import { idSchema, pagedSchema, pageQuerySchema } from './common';

export const rubricLimits = {
  titleMin: 2,
  titleMax: 30,
  descriptionMax: 100,
  columnNameMax: 30,
  cellMax: 250,
  /** The criterion and at least one level. */
  columnsMin: 2,
  columnsMax: 10,
  rowsMin: 1,
  rowsMax: 30,
  pointValueMax: 1000,
  keyMax: 20,
} as const;

export const rubricMessages = {
  titleRequired: 'El título es requerido',
  titleMin: `El título debe tener al menos ${rubricLimits.titleMin} caracteres`,
  titleMax: `El título debe tener máximo ${rubricLimits.titleMax} caracteres`,
  descriptionRequired: 'La descripción es requerida',
  descriptionMax: `La descripción debe tener máximo ${rubricLimits.descriptionMax} caracteres`,
  columnNameRequired: 'El nombre de la columna es requerido',
  columnNameMax: `El nombre de la columna debe tener máximo ${rubricLimits.columnNameMax} caracteres`,
  pointValueRequired: 'El puntaje es requerido',
  pointValueInteger: 'El puntaje no puede contener decimales',
  pointValueNegative: 'El puntaje no debe ser negativo',
  pointValueMax: `El puntaje debe ser como máximo ${rubricLimits.pointValueMax}`,
  cellRequired: 'El texto de la celda es requerido',
  cellMax: `El texto de la celda debe tener máximo ${rubricLimits.cellMax} caracteres`,
  columnsMin: 'La rúbrica debe tener el criterio y al menos una columna de puntaje',
  columnsMax: `La rúbrica puede tener hasta ${rubricLimits.columnsMax} columnas`,
  rowsMin: 'La rúbrica debe tener al menos una fila',
  rowsMax: `La rúbrica puede tener hasta ${rubricLimits.rowsMax} filas`,
  columnsInvalid: 'Las columnas de la rúbrica no son válidas',
  rowInvalid: 'La fila no coincide con las columnas de la rúbrica',
  controlCharacters: 'El texto contiene caracteres no permitidos',
  notFound: 'La rúbrica solicitada no existe',
  onlyTeachers: 'Solo docentes y administradores tienen rúbricas',
  onlyAdminsMarkTemplates: 'Solo los administradores marcan plantillas de colegios',
  templatesForbidden: 'Solo docentes y administradores ven las plantillas',
  templateNotFound: 'La plantilla solicitada no existe',
  collegeNotFound: 'El colegio solicitado no existe',
  copied: 'Rúbrica copiada a Mis Rúbricas exitosamente',
  created: 'Rúbrica creada exitosamente',
  updated: 'Rúbrica actualizada exitosamente',
  /** Spec 001 §8 writes this one in lower case. */
  deleted: 'rúbrica eliminada exitosamente',
  empty: 'No tienes rúbricas creadas',
} as const;

/** The criterion column's key in a new grid; any key works as long as it is the first column. */
export const CRITERION_KEY = '0';

/** The field of a row that holds column `key`'s cell: `col0`, `col1`, … */
export const cellField = (key: string) => `col${key}`;

/** Control characters other than tab and line breaks (a cell may hold several lines). */
// eslint-disable-next-line no-control-regex
const noControl = (value: string) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(value);

const requiredText = (required: string, max: number, maxMessage: string, min?: [number, string]) =>
  z
    .string({ error: required })
    .transform((value) => value.trim())
    .pipe(
      (min ? z.string().min(1, required).min(min[0], min[1]) : z.string().min(1, required))
        .max(max, maxMessage)
        .refine(noControl, rubricMessages.controlCharacters),
    );

export const rubricTitleField = requiredText(
  rubricMessages.titleRequired,
  rubricLimits.titleMax,
  rubricMessages.titleMax,
  [rubricLimits.titleMin, rubricMessages.titleMin],
);
export const rubricDescriptionField = requiredText(
  rubricMessages.descriptionRequired,
  rubricLimits.descriptionMax,
  rubricMessages.descriptionMax,
);

/** A number or a numeric string (the form's input); '' and nothing are "required". */
export const pointValueField = z.preprocess(
  (value) => (typeof value === 'string' ? (value.trim() === '' ? undefined : Number(value)) : value),
  z
    .number({ error: rubricMessages.pointValueRequired })
    .refine((n) => Number.isFinite(n), rubricMessages.pointValueRequired)
    .refine((n) => Number.isInteger(n), rubricMessages.pointValueInteger)
    .refine((n) => n >= 0, rubricMessages.pointValueNegative)
    .refine((n) => n <= rubricLimits.pointValueMax, rubricMessages.pointValueMax),
);

export const rubricColumnSchema = z.object({
  key: z
    .string({ error: rubricMessages.columnsInvalid })
    .regex(/^[A-Za-z0-9_-]+$/, rubricMessages.columnsInvalid)
    .max(rubricLimits.keyMax, rubricMessages.columnsInvalid),
  name: requiredText(
    rubricMessages.columnNameRequired,
    rubricLimits.columnNameMax,
    rubricMessages.columnNameMax,
  ),
  pointValue: pointValueField,
});
export type RubricColumn = z.infer<typeof rubricColumnSchema>;

export const rubricCellSchema = z.object({
  value: requiredText(rubricMessages.cellRequired, rubricLimits.cellMax, rubricMessages.cellMax),
  checked: z.boolean({ error: rubricMessages.rowInvalid }).default(false),
});
export type RubricCell = z.infer<typeof rubricCellSchema>;
/** One row: `col{key}` → cell, for every column. */
export type RubricRow = Record<string, RubricCell>;

/**
 * One row: `col{key}` → cell. Each cell is checked here, so its errors (`items.{row}.col{key}.value`)
 * come together with the other fields' errors; whether the row's cells match the columns is checked
 * with the whole grid (`normalizeGrid`).
 */
export const gridRowSchema = z.record(
  z.string().regex(/^col[A-Za-z0-9_-]+$/, rubricMessages.rowInvalid),
  rubricCellSchema,
  { error: rubricMessages.rowInvalid },
);

/**
 * Columns and rows checked together: keys unique, every row holding exactly one cell per column.
 * The criterion (column 0) never carries points: its pointValue is stored as 0.
 */
export const gridShape = {
  columns: z
    .array(rubricColumnSchema, { error: rubricMessages.columnsInvalid })
    .min(rubricLimits.columnsMin, rubricMessages.columnsMin)
    .max(rubricLimits.columnsMax, rubricMessages.columnsMax),
  items: z
    .array(gridRowSchema, { error: rubricMessages.rowsMin })
    .min(rubricLimits.rowsMin, rubricMessages.rowsMin)
    .max(rubricLimits.rowsMax, rubricMessages.rowsMax),
};

/** Checks the rows against the columns; adds issues at the right paths and returns the rows in column order. */
function parseRows(columns: RubricColumn[], items: RubricRow[], ctx: z.RefinementCtx): RubricRow[] {
  const keys = columns.map((c) => c.key);
  if (new Set(keys).size !== keys.length) {
    ctx.addIssue({ code: 'custom', path: ['columns'], message: rubricMessages.columnsInvalid });
    return [];
  }
  const fields = new Set(keys.map(cellField));
  return items.map((row, index) => {
    const out: RubricRow = {};
    if (Object.keys(row).some((field) => !fields.has(field))) {
      ctx.addIssue({ code: 'custom', path: ['items', index], message: rubricMessages.rowInvalid });
    }
    for (const key of keys) {
      const field = cellField(key);
      const cell = row[field];
      if (!cell) {
        ctx.addIssue({
          code: 'custom',
          path: ['items', index, field, 'value'],
          message: rubricMessages.cellRequired,
        });
        continue;
      }
      out[field] = cell;
    }
    return out;
  });
}

/** The grid as stored: criterion worth 0, rows cleaned; `keepChecks` for evaluations. */
export function normalizeGrid(
  grid: { columns: RubricColumn[]; items: RubricRow[] },
  ctx: z.RefinementCtx,
  keepChecks: boolean,
): { columns: RubricColumn[]; items: RubricRow[] } {
  const columns = grid.columns.map((column, index) => (index === 0 ? { ...column, pointValue: 0 } : column));
  const items = parseRows(columns, grid.items, ctx).map((row) => {
    if (keepChecks) {
      return row;
    }
    return Object.fromEntries(
      Object.entries(row).map(([field, cell]) => [field, { ...cell, checked: false }]),
    );
  });
  return { columns, items };
}

/** POST /rubrics and PATCH /rubrics/:id (the whole rubric, as the editor sends it). */
export const rubricBodySchema = z
  .object({ title: rubricTitleField, description: rubricDescriptionField, ...gridShape })
  .transform((value, ctx) => ({
    title: value.title,
    description: value.description,
    ...normalizeGrid(value, ctx, false),
  }));
export type RubricBody = z.infer<typeof rubricBodySchema>;
/** The editor's values before parsing (what react-hook-form holds). */
export type RubricBodyInput = z.input<typeof rubricBodySchema>;

export const rubricGridColumnSchema = z.object({
  key: z.string(),
  name: z.string(),
  pointValue: z.number().int(),
});
export const rubricGridCellSchema = z.object({ value: z.string(), checked: z.boolean() });

export const rubricSchema = z
  .object({
    _id: z.string(),
    title: z.string(),
    description: z.string(),
    columns: z.array(rubricGridColumnSchema),
    items: z.array(z.record(z.string(), rubricGridCellSchema)),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Rubric' });
export type Rubric = z.infer<typeof rubricSchema>;

export const rubricResponseSchema = z.object({ rubric: rubricSchema });

/** GET /rubrics/my-rubrics: the teacher's rubrics, newest first (the drawer reads up to 100). */
export const myRubricsPaging = { defaultLimit: 20, maxLimit: 100 } as const;
export const myRubricsQuerySchema = z.object(pageQuerySchema(myRubricsPaging).shape);
export type MyRubricsQuery = z.infer<typeof myRubricsQuerySchema>;
export const myRubricsResponseSchema = z.object({ rubrics: pagedSchema(rubricSchema) });

export const rubricDeletedResponseSchema = z.object({ message: z.string() });

/*
 * School rubric templates (issue 20.4, docs/decisions/rubrics.md): an administrator marks one of their
 * rubrics as a template of a school; the school's teachers list it and copy it into their own rubrics.
 */

/** PUT and DELETE /rubrics/:id/templates/:collegeId. */
export const rubricTemplateParamsSchema = z.object({ id: idSchema, collegeId: idSchema });

/** A school a rubric is a template of, and when it was marked. */
export const rubricTemplateCollegeSchema = z
  .object({ _id: z.string(), name: z.string(), markedAt: z.string() })
  .meta({ id: 'RubricTemplateCollege' });
export type RubricTemplateCollege = z.infer<typeof rubricTemplateCollegeSchema>;

/** GET, PUT and DELETE /rubrics/:id/templates…: the schools the rubric is a template of, by name. */
export const rubricTemplateCollegesResponseSchema = z.object({
  colleges: z.array(rubricTemplateCollegeSchema),
});

/** GET /rubric-templates: a teacher's schools' templates (an administrator's: all, or one school's). */
export const rubricTemplatesPaging = { defaultLimit: 10, maxLimit: 50 } as const;
export const rubricTemplatesQuerySchema = z.object({
  ...pageQuerySchema(rubricTemplatesPaging).shape,
  collegeId: z.preprocess((value) => (value === '' ? undefined : value), idSchema.optional()),
});
export type RubricTemplatesQuery = z.infer<typeof rubricTemplatesQuerySchema>;

export const rubricTemplateSchema = z
  .object({
    rubric: rubricSchema,
    college: z.object({ _id: z.string(), name: z.string() }),
    markedAt: z.string(),
  })
  .meta({ id: 'RubricTemplate' });
export type RubricTemplate = z.infer<typeof rubricTemplateSchema>;
export const rubricTemplatesResponseSchema = z.object({ templates: pagedSchema(rubricTemplateSchema) });

/** POST /rubric-templates/:rubricId/copy → 201 { rubric, message }: the caller's own new rubric. */
export const rubricTemplateCopyParamsSchema = z.object({ rubricId: idSchema });
export const rubricCopiedResponseSchema = z.object({ rubric: rubricSchema, message: z.string() });

/** Spec 001 §9: a new rubric's grid. */
export function defaultRubricGrid(): { columns: RubricColumn[]; items: RubricRow[] } {
  const columns: RubricColumn[] = [
    { key: '0', name: 'Criterio', pointValue: 0 },
    { key: '1', name: 'Logrado', pointValue: 3 },
    { key: '2', name: 'Medianamente logrado', pointValue: 2 },
    { key: '3', name: 'Por lograr', pointValue: 1 },
  ];
  return { columns, items: [emptyRow(columns)] };
}

/** A row with an empty cell under every column. */
export function emptyRow(columns: readonly { key: string }[]): RubricRow {
  return Object.fromEntries(columns.map((c) => [cellField(c.key), { value: '', checked: false }]));
}

/** A key not used by any column (for a column added in the editor). */
export function nextColumnKey(columns: readonly { key: string }[]): string {
  const used = new Set(columns.map((c) => c.key));
  let n = columns.length;
  while (used.has(String(n))) {
    n += 1;
  }
  return String(n);
}

/** The score of a grid: the sum of the checked cells' points (the criterion is worth 0). */
export function gridScore(grid: {
  columns: readonly { key: string; pointValue: number }[];
  items: readonly Record<string, { checked: boolean }>[];
}): number {
  let score = 0;
  for (const row of grid.items) {
    for (const [index, column] of grid.columns.entries()) {
      if (index > 0 && row[cellField(column.key)]?.checked) {
        score += column.pointValue;
      }
    }
  }
  return score;
}

/** The best possible score: each row's highest level. */
export function gridMaxScore(grid: {
  columns: readonly { pointValue: number }[];
  items: readonly unknown[];
}): number {
  const best = Math.max(0, ...grid.columns.slice(1).map((c) => c.pointValue));
  return best * grid.items.length;
}
