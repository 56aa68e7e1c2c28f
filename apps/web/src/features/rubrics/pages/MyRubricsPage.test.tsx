import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setTokens } from '../../../lib/session';
import { makeUser, mockApi, renderApp, stubPhoneWidth } from '../../../test/utils';
import { listQueries, makeRubric, makeRubrics, rubricId, stubRubricsApi } from '../rubrics.fixtures';

const user = () => userEvent.setup({ delay: null });

describe('MyRubricsPage (/rubricas)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("lists the teacher's rubrics with their title and description, and edit and add links", async () => {
    stubRubricsApi([
      makeRubric(),
      makeRubric({ _id: 'rubric-2', title: 'Creatividad', description: 'Ideas propias' }),
    ]);
    renderApp('/rubricas');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mis Rúbricas' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Mis rúbricas' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Ver rúbrica', 'Título', 'Descripción', 'Acciones']);
    expect(await within(table).findByText('Comprensión lectora')).toBeInTheDocument();
    expect(within(table).getByText('Para fics de quinto básico')).toBeInTheDocument();
    expect(within(table).getByText('Ideas propias')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Editar Comprensión lectora' })).toHaveAttribute(
      'href',
      `/rubricas/${rubricId}/actualizar`,
    );
    expect(screen.getByRole('link', { name: 'Añadir' })).toHaveAttribute('href', '/rubricas/nuevo');
    expect(screen.getByText('2 rúbricas')).toBeInTheDocument();
    expect(document.title).toBe('Mis Rúbricas · Fics');
  });

  it('opens a row to a read-only preview of its grid, and closes it again', async () => {
    stubRubricsApi([makeRubric()]);
    renderApp('/rubricas');
    const toggle = await screen.findByRole('button', { name: 'Ver rúbrica Comprensión lectora' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('table', { name: 'Rúbrica: Comprensión lectora' })).not.toBeInTheDocument();

    await user().click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Ocultar rúbrica Comprensión lectora');
    const grid = await screen.findByRole('table', { name: 'Rúbrica: Comprensión lectora' });
    expect(document.getElementById(toggle.getAttribute('aria-controls') ?? '')).toContainElement(grid);
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Criterio', 'Logrado3 puntos', 'Medianamente logrado2 puntos', 'Por lograr1 punto']);
    expect(within(grid).getByRole('rowheader', { name: 'Ortografía' })).toBeInTheDocument();
    expect(within(grid).getByText('Inicio, nudo y desenlace')).toBeInTheDocument();
    // Read-only: nothing to check.
    expect(within(grid).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.getByText('2 criterios · puntaje máximo 6')).toBeInTheDocument();

    await user().click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() =>
      expect(screen.queryByRole('table', { name: 'Rúbrica: Comprensión lectora' })).not.toBeInTheDocument(),
    );
  });

  it('says the teacher has no rubrics yet, and offers to create one', async () => {
    stubRubricsApi([]);
    renderApp('/rubricas');
    expect(await screen.findByText('No tienes rúbricas creadas')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Crear una rúbrica' })).toHaveAttribute(
      'href',
      '/rubricas/nuevo',
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('deletes a rubric after the confirmation, says so, and the row goes', async () => {
    const rubrics = [makeRubric(), makeRubric({ _id: 'rubric-2', title: 'Creatividad' })];
    const fetchMock = stubRubricsApi(rubrics, {
      handlers: {
        [`DELETE /rubrics/${rubricId}`]: () => {
          rubrics.splice(0, 1);
          return { body: { message: 'rúbrica eliminada exitosamente' } };
        },
      },
    });
    renderApp('/rubricas');
    await user().click(await screen.findByRole('button', { name: 'Eliminar Comprensión lectora' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Eliminar la rúbrica «Comprensión lectora»?' });
    expect(dialog).toHaveTextContent('Esta acción no puede ser reversada, asegurese antes de continuar.');

    // Cancelling deletes nothing.
    await user().click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    await user().click(screen.getByRole('button', { name: 'Eliminar Comprensión lectora' }));
    await user().click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('rúbrica eliminada exitosamente')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Comprensión lectora')).not.toBeInTheDocument());
    expect(screen.getByText('Creatividad')).toBeInTheDocument();
    expect(screen.getByText('1 rúbrica')).toBeInTheDocument();
  });

  it('says when a delete fails, and keeps the row', async () => {
    stubRubricsApi([makeRubric()], {
      handlers: {
        [`DELETE /rubrics/${rubricId}`]: { status: 500, body: { type: 'INTERNAL', message: 'Error' } },
      },
    });
    renderApp('/rubricas');
    await user().click(await screen.findByRole('button', { name: 'Eliminar Comprensión lectora' }));
    await user().click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Ha ocurrido un problema')).toBeInTheDocument();
    expect(screen.getByText('Comprensión lectora')).toBeInTheDocument();
  });

  it('pages through the list with the page and size in the URL', async () => {
    const fetchMock = stubRubricsApi(makeRubrics(45));
    const { router } = renderApp('/rubricas');
    const controls = await screen.findByRole('navigation', { name: 'Páginas de mis rúbricas' });
    expect(await within(controls).findByText('1–20 de 45')).toBeInTheDocument();
    expect(screen.getByText('Rúbrica número 1')).toBeInTheDocument();

    await user().click(within(controls).getByRole('button', { name: 'Página siguiente' }));
    expect(await screen.findByText('Rúbrica número 21')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');

    await user().click(within(controls).getByRole('combobox', { name: /Filas por página/ }));
    await user().click(await screen.findByRole('option', { name: '50' }));
    expect(await screen.findByText('Rúbrica número 45')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?limit=50');
    expect(listQueries(fetchMock)).toEqual(['?page=1&limit=20', '?page=2&limit=20', '?page=1&limit=50']);
  });

  it('goes to the previous page after deleting the last rubric of the last page', async () => {
    const rubrics = makeRubrics(21);
    const fetchMock = stubRubricsApi(rubrics, {
      handlers: {
        'DELETE /rubrics/rubric-21': () => {
          rubrics.splice(20, 1);
          return { body: { message: 'rúbrica eliminada exitosamente' } };
        },
      },
    });
    const { router } = renderApp('/rubricas?page=2');
    await user().click(await screen.findByRole('button', { name: 'Eliminar Rúbrica número 21' }));
    await user().click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Rúbrica número 20')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(listQueries(fetchMock)).toEqual(['?page=2&limit=20', '?page=2&limit=20', '?page=1&limit=20']);
  });

  it('shows cards on phones, each opening to its grid', async () => {
    stubPhoneWidth();
    stubRubricsApi([makeRubric()]);
    renderApp('/rubricas');
    const list = await screen.findByRole('list', { name: 'Mis rúbricas' });
    const card = await within(list).findByRole('listitem');
    expect(card).toHaveTextContent('Comprensión lectora');
    expect(card).toHaveTextContent('Para fics de quinto básico');
    expect(within(card).getByRole('link', { name: 'Editar Comprensión lectora' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Eliminar Comprensión lectora' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await user().click(within(card).getByRole('button', { name: 'Ver rúbrica Comprensión lectora' }));
    // Stacked on a phone: each criterion with its levels, no sideways scroll.
    const grid = await within(card).findByRole('list', { name: 'Rúbrica: Comprensión lectora' });
    const [first] = within(grid)
      .getAllByRole('listitem', { name: '' })
      .filter((item) => item.parentElement === grid);
    expect(first).toHaveTextContent('Ortografía');
    expect(first).toHaveTextContent('Logrado · 3 puntosSin errores');
    expect(within(grid).getByText('Inicio, nudo y desenlace')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says the list could not load, and tries again on request', async () => {
    const fetchMock = stubRubricsApi([], { listStatus: 500 });
    renderApp('/rubricas');
    expect(
      await screen.findByText('Ha ocurrido un problema, por favor intenta de nuevo más tarde.'),
    ).toBeInTheDocument();
    const before = listQueries(fetchMock).length;
    await user().click(screen.getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(listQueries(fetchMock).length).toBeGreaterThan(before));
  });

  it('is for teachers only: anyone else goes home', async () => {
    mockApi({ 'GET /auth/me': { body: { user: makeUser('STUDENT') } } });
    setTokens({ accessToken: 'access', refreshToken: 'refresh' });
    const { router } = renderApp('/rubricas');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
