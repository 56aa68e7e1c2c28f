import { describe, expect, it } from 'vitest';
import { gridScore } from '@fics/contracts';
import { copyGrid, sameColumns, toggleCell, type EvaluationGrid } from './grid';

const cell = (value: string, checked = false) => ({ value, checked });
const grid: EvaluationGrid = {
  columns: [
    { key: '0', name: 'Criterio', pointValue: 0 },
    { key: '1', name: 'Logrado', pointValue: 3 },
    { key: '2', name: 'Medianamente logrado', pointValue: 2 },
  ],
  items: [
    { col0: cell('Ortografía'), col1: cell('Sin errores'), col2: cell('Pocos errores') },
    { col0: cell('Trama'), col1: cell('Clara'), col2: cell('Confusa') },
  ],
};

const checks = (g: EvaluationGrid) =>
  g.items.map((row) =>
    Object.entries(row)
      .filter(([, c]) => c.checked)
      .map(([key]) => key),
  );

describe('evaluation grid', () => {
  it('checks one cell per row: checking another unchecks the first, clicking a checked cell unchecks it', () => {
    let g = toggleCell(grid, 0, '1');
    expect(checks(g)).toEqual([['col1'], []]);
    g = toggleCell(g, 0, '2');
    expect(checks(g)).toEqual([['col2'], []]);
    g = toggleCell(g, 1, '1');
    expect(checks(g)).toEqual([['col2'], ['col1']]);
    expect(gridScore(g)).toBe(5);
    g = toggleCell(g, 0, '2');
    expect(checks(g)).toEqual([[], ['col1']]);
    expect(gridScore(g)).toBe(3);
  });

  it('never checks the criterion, and leaves the original grid untouched', () => {
    expect(checks(toggleCell(grid, 0, '0'))).toEqual([[], []]);
    toggleCell(grid, 0, '1');
    expect(checks(grid)).toEqual([[], []]);
  });

  it('copies a grid without its checks, and compares columns', () => {
    const copy = copyGrid(toggleCell(grid, 1, '2'));
    expect(checks(copy)).toEqual([[], []]);
    expect(copy.items[1]!.col2).toEqual({ value: 'Confusa', checked: false });
    expect(sameColumns(copy.columns, grid.columns)).toBe(true);
    expect(
      sameColumns(copy.columns, [...grid.columns.slice(0, 2), { key: '2', name: 'Otra', pointValue: 2 }]),
    ).toBe(false);
  });
});
