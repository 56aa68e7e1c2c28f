import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../test/utils';
import { makeRubric } from '../rubrics.fixtures';
import { RubricGrid } from './RubricGrid';

const { columns, items } = makeRubric();
const checkedItems = items.map((row, index) =>
  index === 0 ? { ...row, col2: { value: row.col2?.value ?? '', checked: true } } : row,
);

describe('RubricGrid', () => {
  it('is a table by default: criteria down the side, levels with their points across', async () => {
    renderWithProviders(<RubricGrid columns={columns} items={items} label="Rúbrica: Lectura" />);
    const table = await screen.findByRole('table', { name: 'Rúbrica: Lectura' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Criterio', 'Logrado3 puntos', 'Medianamente logrado2 puntos', 'Por lograr1 punto']);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Ortografía', 'Estructura']);
  });

  it('stacks each criterion with its levels, and says which cell is checked', async () => {
    renderWithProviders(
      <RubricGrid columns={columns} items={checkedItems} label="Evaluación" layout="stacked" />,
    );
    const list = await screen.findByRole('list', { name: 'Evaluación' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const criteria = within(list)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === list);
    expect(criteria).toHaveLength(2);
    const levels = within(criteria[0]!).getAllByRole('listitem');
    expect(levels.map((level) => level.textContent)).toEqual([
      'Logrado · 3 puntosSin errores',
      'Medianamente logrado · 2 puntosPocos errores (marcada)',
      'Por lograr · 1 puntoMuchos errores',
    ]);
    expect(within(list).queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('stacked and checkable: each level is a checkbox that reports its row and column', async () => {
    const onToggle = vi.fn();
    renderWithProviders(
      <RubricGrid
        columns={columns}
        items={checkedItems}
        label="Evaluación"
        layout="stacked"
        onToggle={onToggle}
      />,
    );
    const checked = await screen.findByRole('checkbox', {
      name: 'Ortografía: Medianamente logrado (2 puntos)',
    });
    expect(checked).toHaveAttribute('aria-checked', 'true');
    const other = screen.getByRole('checkbox', { name: 'Estructura: Por lograr (1 punto)' });
    expect(other).toHaveAttribute('aria-checked', 'false');
    await userEvent.setup({ delay: null }).click(other);
    expect(onToggle).toHaveBeenCalledWith(1, '3');
    expect(screen.getAllByRole('checkbox')).toHaveLength(6);
  });
});
