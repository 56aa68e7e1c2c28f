import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Rubric } from '@fics/contracts';
import { renderApp, type Handler } from '../../../test/utils';
import { makeRubric, rubricId, sentBodies, stubRubricsApi } from '../rubrics.fixtures';

const path = `/rubricas/${rubricId}/actualizar`;
const notFound = { type: 'NOT_FOUND', message: 'La rúbrica solicitada no existe' };

type Handlers = Record<string, Handler | { status?: number; body?: unknown }>;

function renderEdit(rubric: Rubric | null, handlers: Handlers = {}) {
  const fetchMock = stubRubricsApi([], {
    handlers: {
      [`GET /rubrics/${rubricId}`]: rubric ? { body: { rubric } } : { status: 404, body: notFound },
      ...handlers,
    },
  });
  const rendered = renderApp(path);
  return { ...rendered, fetchMock, user: userEvent.setup({ delay: null }) };
}

const field = (name: string) => screen.getByRole('textbox', { name });

describe('EditRubricPage (/rubricas/:id/actualizar)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('loads the rubric into the editor and saves the whole of it with PATCH', async () => {
    const { user, fetchMock, router } = renderEdit(makeRubric(), {
      [`PATCH /rubrics/${rubricId}`]: ({ body }) => ({
        body: { rubric: { ...makeRubric(), ...(body as object) } },
      }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Actualizar rúbrica' })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Título' })).toHaveValue('Comprensión lectora');
    expect(field('Descripción')).toHaveValue('Para fics de quinto básico');
    expect(field('Fila 2, Logrado')).toHaveValue('Inicio, nudo y desenlace');
    expect(screen.getByRole('spinbutton', { name: 'Puntaje de Por lograr' })).toHaveValue(1);

    await user.clear(field('Título'));
    await user.type(field('Título'), 'Lectura');
    await user.click(screen.getByRole('button', { name: 'Eliminar fila 1' }));
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Rúbrica actualizada exitosamente')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/rubricas'));

    const cell = (value: string) => ({ value, checked: false });
    expect(sentBodies(fetchMock, 'PATCH', `/rubrics/${rubricId}`)).toEqual([
      {
        title: 'Lectura',
        description: 'Para fics de quinto básico',
        columns: makeRubric().columns,
        items: [
          {
            col0: cell('Estructura'),
            col1: cell('Inicio, nudo y desenlace'),
            col2: cell('Falta una parte'),
            col3: cell('Sin estructura'),
          },
        ],
      },
    ]);
  });

  it('asks nothing when leaving an untouched rubric', async () => {
    const { user, router } = renderEdit(makeRubric());
    await screen.findByRole('textbox', { name: 'Título' });
    await user.click(screen.getByRole('link', { name: 'Cancelar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/rubricas'));
  });

  it("says clearly when the rubric does not exist (or is another teacher's)", async () => {
    renderEdit(null);
    expect(await screen.findByText('La rúbrica solicitada no existe')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a Mis Rúbricas' })).toHaveAttribute('href', '/rubricas');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('says the rubric could not load, and tries again on request', async () => {
    const { user, fetchMock } = renderEdit(null, {
      [`GET /rubrics/${rubricId}`]: { status: 500, body: { type: 'INTERNAL', message: 'Error' } },
    });
    expect(
      await screen.findByText('Ha ocurrido un problema, por favor intenta de nuevo más tarde.'),
    ).toBeInTheDocument();
    const before = fetchMock.mock.calls.length;
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(fetchMock.mock.calls.length).toBeGreaterThan(before));
  });
});
