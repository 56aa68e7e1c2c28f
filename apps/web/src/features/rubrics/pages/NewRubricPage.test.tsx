import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, stubPhoneWidth } from '../../../test/utils';
import { makeRubric, sentBodies, stubRubricsApi } from '../rubrics.fixtures';

type User = ReturnType<typeof userEvent.setup>;

function renderNew(handlers: Parameters<typeof stubRubricsApi>[1] = {}) {
  const fetchMock = stubRubricsApi([], handlers);
  const rendered = renderApp('/rubricas/nuevo');
  return { ...rendered, fetchMock, user: userEvent.setup({ delay: null }) };
}

const field = (name: string) => screen.getByRole('textbox', { name });
const points = (name: string) => screen.getByRole('spinbutton', { name });

async function replace(user: User, input: HTMLElement, text: string) {
  await user.clear(input);
  if (text) {
    await user.click(input);
    await user.paste(text);
  }
}

/** Title, description and the default row's four cells, all valid. */
async function fillValid(user: User) {
  await replace(user, field('Título'), 'Comprensión lectora');
  await replace(user, field('Descripción'), 'Para fics de quinto básico');
  await replace(user, field('Fila 1, Criterio'), 'Ortografía');
  await replace(user, field('Fila 1, Logrado'), 'Sin errores');
  await replace(user, field('Fila 1, Medianamente logrado'), 'Pocos errores');
  await replace(user, field('Fila 1, Por lograr'), 'Muchos errores');
}

const submit = (user: User) => user.click(screen.getByRole('button', { name: 'Crear rúbrica' }));

describe('NewRubricPage (/rubricas/nuevo)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('starts with the default grid of spec 001 §9: Criterio, Logrado 3, Medianamente logrado 2, Por lograr 1, one empty row', async () => {
    renderNew();
    expect(await screen.findByRole('heading', { level: 1, name: 'Nueva rúbrica' })).toBeInTheDocument();
    expect(field('Título')).toHaveValue('');
    expect(field('Descripción')).toHaveValue('');
    expect(field('Nombre de la columna 1')).toHaveValue('Criterio');
    expect(field('Nombre de la columna 2')).toHaveValue('Logrado');
    expect(field('Nombre de la columna 3')).toHaveValue('Medianamente logrado');
    expect(field('Nombre de la columna 4')).toHaveValue('Por lograr');
    expect(points('Puntaje de Logrado')).toHaveValue(3);
    expect(points('Puntaje de Medianamente logrado')).toHaveValue(2);
    expect(points('Puntaje de Por lograr')).toHaveValue(1);
    // The criterion has no points, and cannot be removed.
    expect(screen.queryByRole('spinbutton', { name: 'Puntaje de Criterio' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Eliminar columna Criterio/ })).not.toBeInTheDocument();
    for (const column of ['Criterio', 'Logrado', 'Medianamente logrado', 'Por lograr']) {
      expect(field(`Fila 1, ${column}`)).toHaveValue('');
    }
    expect(screen.queryByRole('textbox', { name: /^Fila 2/ })).not.toBeInTheDocument();
    expect(document.title).toBe('Nueva rúbrica · Fics');
  });

  it('adds rows and columns, focusing the new one, and removes them while more than one remains', async () => {
    const { user } = renderNew();
    await screen.findByRole('heading', { level: 1, name: 'Nueva rúbrica' });

    // One row: its remove button is there, disabled, and says why.
    const removeOnlyRow = screen.getByRole('button', { name: /^Eliminar fila 1/ });
    expect(removeOnlyRow).toBeDisabled();
    expect(removeOnlyRow).toHaveAccessibleName(
      'Eliminar fila 1. No se puede eliminar: la rúbrica necesita al menos una fila',
    );

    await user.click(screen.getByRole('button', { name: 'Añadir fila' }));
    await waitFor(() => expect(field('Fila 2, Criterio')).toHaveFocus());
    expect(field('Fila 2, Por lograr')).toHaveValue('');
    await user.type(field('Fila 2, Criterio'), 'Estructura');
    await user.type(field('Fila 1, Criterio'), 'Ortografía');

    await user.click(screen.getByRole('button', { name: 'Añadir columna' }));
    const newName = field('Nombre de la columna 5');
    await waitFor(() => expect(newName).toHaveFocus());
    expect(newName).toHaveValue('');
    expect(field('Fila 1, columna 5')).toHaveValue('');
    await user.type(newName, 'Destacado');
    await user.type(points('Puntaje de Destacado'), '4');
    expect(field('Fila 2, Destacado')).toHaveValue('');
    // Cells written before keep their text.
    expect(field('Fila 1, Criterio')).toHaveValue('Ortografía');

    // Removing the first row keeps the second, now first, and focuses it.
    await user.click(screen.getByRole('button', { name: 'Eliminar fila 1' }));
    expect(field('Fila 1, Criterio')).toHaveValue('Estructura');
    expect(screen.queryByRole('textbox', { name: 'Fila 2, Criterio' })).not.toBeInTheDocument();
    await waitFor(() => expect(field('Fila 1, Criterio')).toHaveFocus());
    expect(screen.getByRole('button', { name: /^Eliminar fila 1/ })).toBeDisabled();

    // Levels go while more than one remains; the last one stays, its button disabled.
    for (const level of ['Logrado', 'Medianamente logrado', 'Por lograr']) {
      await user.click(screen.getByRole('button', { name: `Eliminar columna ${level}` }));
      expect(screen.queryByRole('textbox', { name: `Fila 1, ${level}` })).not.toBeInTheDocument();
    }
    expect(field('Nombre de la columna 2')).toHaveValue('Destacado');
    const lastLevel = screen.getByRole('button', { name: /^Eliminar columna Destacado/ });
    expect(lastLevel).toBeDisabled();
    expect(lastLevel).toHaveAccessibleName(
      'Eliminar columna Destacado. No se puede eliminar: la rúbrica necesita al menos una columna de puntaje',
    );
  });

  it('shows every message of spec 001 §5 on its field', async () => {
    const { user, fetchMock } = renderNew();
    await screen.findByRole('heading', { level: 1, name: 'Nueva rúbrica' });
    await submit(user);
    // Everything at once, the first wrong field focused.
    expect(await screen.findByText('El título es requerido')).toBeInTheDocument();
    expect(screen.getByText('La descripción es requerida')).toBeInTheDocument();
    expect(screen.getAllByText('El texto de la celda es requerido')).toHaveLength(4);
    expect(field('Título')).toHaveFocus();
    expect(field('Título')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Fila 1, Logrado')).toHaveAccessibleDescription('El texto de la celda es requerido');

    await replace(user, field('Título'), 'A');
    expect(await screen.findByText('El título debe tener al menos 2 caracteres')).toBeInTheDocument();
    await replace(user, field('Título'), 'x'.repeat(31));
    expect(await screen.findByText('El título debe tener máximo 30 caracteres')).toBeInTheDocument();
    await replace(user, field('Descripción'), 'x'.repeat(101));
    expect(await screen.findByText('La descripción debe tener máximo 100 caracteres')).toBeInTheDocument();

    await replace(user, field('Nombre de la columna 2'), '');
    expect(await screen.findByText('El nombre de la columna es requerido')).toBeInTheDocument();
    await replace(user, field('Nombre de la columna 3'), 'x'.repeat(31));
    expect(
      await screen.findByText('El nombre de la columna debe tener máximo 30 caracteres'),
    ).toBeInTheDocument();

    await replace(user, points('Puntaje de Por lograr'), '');
    expect(await screen.findByText('El puntaje es requerido')).toBeInTheDocument();
    await replace(user, points('Puntaje de Por lograr'), '2.5');
    expect(await screen.findByText('El puntaje no puede contener decimales')).toBeInTheDocument();
    await replace(user, points('Puntaje de Por lograr'), '-1');
    expect(await screen.findByText('El puntaje no debe ser negativo')).toBeInTheDocument();
    expect(points('Puntaje de Por lograr')).toHaveAccessibleDescription('El puntaje no debe ser negativo');

    await replace(user, field('Fila 1, Criterio'), 'x'.repeat(251));
    expect(
      await screen.findByText('El texto de la celda debe tener máximo 250 caracteres'),
    ).toBeInTheDocument();

    expect(sentBodies(fetchMock, 'POST', '/rubrics')).toEqual([]);
  });

  it('creates the rubric with the grid as typed, says so, and goes back to the list', async () => {
    const { user, fetchMock, router } = renderNew({
      handlers: { 'POST /rubrics': { status: 201, body: { rubric: makeRubric() } } },
    });
    await screen.findByRole('heading', { level: 1, name: 'Nueva rúbrica' });
    await fillValid(user);
    await replace(user, points('Puntaje de Logrado'), '4');
    await replace(user, field('Nombre de la columna 4'), '  Inicial  ');
    await submit(user);
    expect(await screen.findByText('Rúbrica creada exitosamente')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/rubricas'));
    const cell = (value: string) => ({ value, checked: false });
    expect(sentBodies(fetchMock, 'POST', '/rubrics')).toEqual([
      {
        title: 'Comprensión lectora',
        description: 'Para fics de quinto básico',
        columns: [
          { key: '0', name: 'Criterio', pointValue: 0 },
          { key: '1', name: 'Logrado', pointValue: 4 },
          { key: '2', name: 'Medianamente logrado', pointValue: 2 },
          { key: '3', name: 'Inicial', pointValue: 1 },
        ],
        items: [
          {
            col0: cell('Ortografía'),
            col1: cell('Sin errores'),
            col2: cell('Pocos errores'),
            col3: cell('Muchos errores'),
          },
        ],
      },
    ]);
    // Saved: leaving asked nothing.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('sends an added column under a new key, with its cell in every row', async () => {
    const { user, fetchMock } = renderNew({
      handlers: { 'POST /rubrics': { status: 201, body: { rubric: makeRubric() } } },
    });
    await screen.findByRole('heading', { level: 1, name: 'Nueva rúbrica' });
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Eliminar columna Medianamente logrado' }));
    await user.click(screen.getByRole('button', { name: 'Añadir columna' }));
    await user.type(field('Nombre de la columna 4'), 'Destacado');
    await user.type(points('Puntaje de Destacado'), '5');
    await user.type(field('Fila 1, Destacado'), 'Sobresale');
    await submit(user);
    expect(await screen.findByText('Rúbrica creada exitosamente')).toBeInTheDocument();
    const [body] = sentBodies(fetchMock, 'POST', '/rubrics') as {
      columns: unknown[];
      items: Record<string, { value: string }>[];
    }[];
    expect(body?.columns).toEqual([
      { key: '0', name: 'Criterio', pointValue: 0 },
      { key: '1', name: 'Logrado', pointValue: 3 },
      { key: '3', name: 'Por lograr', pointValue: 1 },
      { key: '4', name: 'Destacado', pointValue: 5 },
    ]);
    expect(Object.keys(body?.items[0] ?? {})).toEqual(['col0', 'col1', 'col3', 'col4']);
    expect(body?.items[0]?.col4?.value).toBe('Sobresale');
  });

  it("shows the server's field messages on their fields", async () => {
    const { user } = renderNew({
      handlers: {
        'POST /rubrics': {
          status: 400,
          body: {
            type: 'VALIDATION_ERROR',
            message: 'Datos inválidos',
            errors: {
              title: 'El texto contiene caracteres no permitidos',
              'columns.2.pointValue': 'El puntaje debe ser como máximo 1000',
              'items.0.col3.value': 'El texto de la celda debe tener máximo 250 caracteres',
            },
          },
        },
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Nueva rúbrica' });
    await fillValid(user);
    await submit(user);
    expect(await screen.findByText('El texto contiene caracteres no permitidos')).toBeInTheDocument();
    expect(field('Título')).toHaveAccessibleDescription('El texto contiene caracteres no permitidos');
    expect(points('Puntaje de Medianamente logrado')).toHaveAccessibleDescription(
      'El puntaje debe ser como máximo 1000',
    );
    expect(field('Fila 1, Por lograr')).toHaveAccessibleDescription(
      'El texto de la celda debe tener máximo 250 caracteres',
    );
    expect(field('Título')).toHaveFocus();
    expect(screen.queryByText('Ha ocurrido un problema')).not.toBeInTheDocument();
  });

  it('says when saving fails and keeps what was typed', async () => {
    const { user, router } = renderNew({
      handlers: { 'POST /rubrics': { status: 500, body: { type: 'INTERNAL', message: 'Error' } } },
    });
    await screen.findByRole('heading', { level: 1, name: 'Nueva rúbrica' });
    await fillValid(user);
    await submit(user);
    expect(await screen.findByText('Ha ocurrido un problema')).toBeInTheDocument();
    expect(screen.getByText('Algo ha salido mal. Intente de nuevo más tarde.')).toBeInTheDocument();
    expect(field('Título')).toHaveValue('Comprensión lectora');
    expect(router.state.location.pathname).toBe('/rubricas/nuevo');
  });

  it('asks before leaving with unsaved changes', async () => {
    const { user, router } = renderNew();
    await screen.findByRole('heading', { level: 1, name: 'Nueva rúbrica' });
    // Untouched: Cancelar just leaves.
    await user.click(screen.getByRole('link', { name: 'Cancelar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/rubricas'));
    await router.navigate('/rubricas/nuevo');

    await user.type(await screen.findByRole('textbox', { name: 'Título' }), 'Borrador');
    await user.click(screen.getByRole('link', { name: 'Cancelar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Seguro que quieres salir de esta pagina?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/rubricas/nuevo');
    expect(field('Título')).toHaveValue('Borrador');

    await user.click(screen.getByRole('link', { name: 'Cancelar' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Salir' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/rubricas'));
  });

  it('edits the grid as cards on phones, one labelled field per column', async () => {
    stubPhoneWidth();
    const { user } = renderNew();
    await screen.findByRole('heading', { level: 1, name: 'Nueva rúbrica' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const columns = screen.getByRole('region', { name: 'Columnas' });
    expect(within(columns).getAllByRole('listitem')).toHaveLength(4);
    const rows = screen.getByRole('region', { name: 'Filas' });
    const row = within(rows).getByRole('listitem');
    expect(within(row).getByRole('textbox', { name: 'Fila 1, Logrado · 3 puntos' })).toHaveValue('');
    expect(within(row).getByRole('textbox', { name: 'Fila 1, Criterio' })).toBeInTheDocument();
    await user.click(within(rows).getByRole('button', { name: 'Añadir fila' }));
    await waitFor(() => expect(field('Fila 2, Criterio')).toHaveFocus());
    expect(within(rows).getAllByRole('listitem')).toHaveLength(2);
  });
});
