import type { z } from 'zod';
import type { Control } from 'react-hook-form';
import {
  cellField,
  defaultRubricGrid,
  emptyRow,
  rubricBodySchema,
  type Rubric,
  type RubricBody,
} from '@fics/contracts';

/** A column as the editor holds it: the points as typed (a number input's text). */
export interface RubricFormColumn {
  key: string;
  name: string;
  pointValue: string;
}
export type RubricFormRow = Record<string, { value: string; checked: boolean }>;

/** The editor's values (react-hook-form); `items.{row}.col{key}.value` is a cell's text. */
export interface RubricFormValues {
  title: string;
  description: string;
  columns: RubricFormColumn[];
  items: RubricFormRow[];
}

/** The editor's form control: its values, and the API's body once they are valid. */
export type RubricFormControl = Control<RubricFormValues, unknown, RubricBody>;

/**
 * Spec 001 §5 Rubric: the API's own schema (every field's message at once, the criterion stored
 * with 0 points, every `checked` false), read from the form's values, whose points are the input's
 * text (the schema takes numeric strings).
 */
export const rubricFormSchema = rubricBodySchema as unknown as z.ZodType<RubricBody, RubricFormValues>;

/** The form's start: a saved rubric as it is, or the default grid of spec 001 §9 with no title. */
export function initialRubricValues(rubric?: Rubric): RubricFormValues {
  const grid = rubric ?? defaultRubricGrid();
  const columns = grid.columns.map((column) => ({
    key: column.key,
    name: column.name,
    pointValue: String(column.pointValue),
  }));
  // Every row holds a cell under every column (the API guarantees it; an odd row would lose nothing).
  const items = grid.items.map((row) => ({
    ...emptyRow(columns),
    ...Object.fromEntries(
      columns.map((column) => {
        const cell = row[cellField(column.key)];
        return [cellField(column.key), { value: cell?.value ?? '', checked: false }];
      }),
    ),
  }));
  return { title: rubric?.title ?? '', description: rubric?.description ?? '', columns, items };
}

/**
 * The form fields a VALIDATION_ERROR may name for these values: the API's paths are the form's
 * (`columns.3.pointValue`, `items.0.col1.value`); a row or the whole grid goes to its list's root.
 */
export function serverFieldsFor(values: RubricFormValues): Record<string, string> {
  const fields: Record<string, string> = {
    title: 'title',
    description: 'description',
    columns: 'columns.root',
    items: 'items.root',
  };
  values.columns.forEach((_column, index) => {
    fields[`columns.${index}`] = `columns.${index}.name`;
    fields[`columns.${index}.key`] = `columns.${index}.name`;
    fields[`columns.${index}.name`] = `columns.${index}.name`;
    fields[`columns.${index}.pointValue`] = `columns.${index}.pointValue`;
  });
  values.items.forEach((_row, index) => {
    fields[`items.${index}`] = `items.${index}.root`;
    for (const column of values.columns) {
      const cell = `items.${index}.${cellField(column.key)}`;
      fields[cell] = `${cell}.value`;
      fields[`${cell}.value`] = `${cell}.value`;
    }
  });
  return fields;
}
