import { cellField } from '@fics/contracts';

/** A grid as the evaluation form holds it (a rubric's or an evaluation's columns and rows). */
export interface EvaluationGrid {
  columns: { key: string; name: string; pointValue: number }[];
  items: Record<string, { value: string; checked: boolean }>[];
}

/**
 * Spec 001 §4: at most one checked cell per row. Checking a cell unchecks the others of its row;
 * clicking a checked cell unchecks it. The criterion (column 0) is never checked.
 */
export function toggleCell(grid: EvaluationGrid, rowIndex: number, columnKey: string): EvaluationGrid {
  const field = cellField(columnKey);
  const criterion = grid.columns[0] ? cellField(grid.columns[0].key) : undefined;
  if (field === criterion) {
    return grid;
  }
  const items = grid.items.map((row, index) => {
    const cell = row[field];
    if (index !== rowIndex || !cell) {
      return row;
    }
    const check = !cell.checked;
    return Object.fromEntries(
      Object.entries(row).map(([key, value]) => [
        key,
        { ...value, checked: key === field ? check : check ? false : value.checked },
      ]),
    );
  });
  return { ...grid, items };
}

/** A rubric's grid copied into a new evaluation: every cell unchecked. */
export function copyGrid(grid: EvaluationGrid): EvaluationGrid {
  return {
    columns: grid.columns.map((column) => ({ ...column })),
    items: grid.items.map((row) =>
      Object.fromEntries(
        Object.entries(row).map(([key, cell]) => [key, { value: cell.value, checked: false }]),
      ),
    ),
  };
}

/** Whether two grids have the same columns (an update sends `columns` only when they changed). */
export function sameColumns(a: EvaluationGrid['columns'], b: EvaluationGrid['columns']): boolean {
  return (
    a.length === b.length &&
    a.every(
      (column, index) =>
        column.key === b[index]!.key &&
        column.name === b[index]!.name &&
        column.pointValue === b[index]!.pointValue,
    )
  );
}
