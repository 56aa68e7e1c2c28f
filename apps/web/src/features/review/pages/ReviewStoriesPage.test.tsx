import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setTokens } from '../../../lib/session';
import { makeUser, mockApi, renderApp, stubPhoneWidth } from '../../../test/utils';
import { deleteCalls, listQueries, makeRow, stubReviewApi } from '../review.fixtures';

const user = () => userEvent.setup({ delay: null });

/** The text of every body row's cells but the actions. */
async function tableCells(name: string) {
  const table = await screen.findByRole('table', { name });
  // The skeleton's rows until the page has loaded.
  await waitFor(() => expect(table).toHaveAttribute('aria-busy', 'false'));
  const rows = within(table).getAllByRole('row');
  return rows.slice(1).map((row) =>
    within(row)
      .getAllByRole('cell')
      .slice(0, -1)
      .map((cell) => cell.textContent),
  );
}

describe('ReviewStoriesPage (/fics/revision)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("lists the grades' fics to review: Alumno, Colegio / Curso, Fic, Estado (spec 001 §4 labels), date, and Corregir fic", async () => {
    const fetchMock = stubReviewApi('review', [
      makeRow(1, { student: 'Sofía Espinoza', storyTitle: 'El faro' }),
      makeRow(2, {
        personal: true,
        student: 'Tomás Rojas',
        storyTitle: 'La ballena',
        publicationStatus: 'EVALUATED',
        college: 'Colegio Pacífico',
        grade: 'Sexto Básico B',
        date: '2025-12-24T12:00:00.000Z',
      }),
    ]);
    renderApp('/fics/revision');
    expect(await screen.findByRole('heading', { level: 1, name: 'Fics para Revisión' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Fics para revisión' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Alumno', 'Colegio / Curso', 'Fic', 'Estado', 'Fecha', 'Acciones']);
    expect(await tableCells('Fics para revisión')).toEqual([
      ['Sofía Espinoza', 'Colegio Los AndesQuinto Básico A', 'El faro', 'Por revisar', 'ene 05, 2025'],
      [
        'Tomás Rojas',
        'Colegio PacíficoSexto Básico B',
        // The author's 'Contiene información personal' (issue 22.7).
        'La ballenaInformación personal',
        'Evaluada con correcciones',
        'dic 24, 2025',
      ],
    ]);
    expect(screen.getByRole('link', { name: 'Corregir fic: La ballena' })).toHaveAttribute(
      'href',
      '/fics/story-2/revision',
    );
    expect(screen.getByText('2 fics')).toBeInTheDocument();
    expect(listQueries(fetchMock, 'review')).toEqual(['?page=1&limit=20']);
  });

  it("shows in 'Fecha' the date the list is sorted by (sent for review), newest first as the API sends it", async () => {
    stubReviewApi('review', [
      makeRow(1, { date: '2025-11-26T15:00:00.000Z' }),
      makeRow(2, { date: '2025-11-26T12:00:00.000Z', publicationStatus: 'EVALUATED' }),
      makeRow(3, { date: '2025-11-25T12:00:00.000Z' }),
      makeRow(4, { date: '2025-11-24T12:00:00.000Z', publicationStatus: 'EVALUATED' }),
    ]);
    renderApp('/fics/revision');
    const rows = await tableCells('Fics para revisión');
    expect(rows.map((cells) => cells[2])).toEqual([
      'Fic número 1',
      'Fic número 2',
      'Fic número 3',
      'Fic número 4',
    ]);
    expect(rows.map((cells) => cells[4])).toEqual([
      'nov 26, 2025',
      'nov 26, 2025',
      'nov 25, 2025',
      'nov 24, 2025',
    ]);
  });

  it('shows a hidden author by pseudonym or as Anónimo, and marks the real name the evaluator sees', async () => {
    stubReviewApi('review', [
      makeRow(1, { student: null, nicknameValue: 'Luna' }),
      makeRow(2, { student: null, anonymity: true }),
      makeRow(3, { student: 'Sofía Espinoza', anonymity: true }),
      makeRow(4, { student: 'Tomás Rojas', nicknameValue: 'Sol' }),
    ]);
    renderApp('/fics/revision');
    const students = (await tableCells('Fics para revisión')).map((cells) => cells[0]);
    expect(students).toEqual([
      'Seudónimo: Luna',
      'Anónimo',
      'Sofía EspinozaAnónima',
      'Tomás RojasSeudónimo: Sol',
    ]);
  });

  it('deletes a fic its evaluator may delete, after the spec’s confirmation', async () => {
    const fetchMock = stubReviewApi('review', [
      makeRow(1, { storyTitle: 'El faro', canDelete: true, publicationStatus: 'EVALUATED' }),
      makeRow(2, { storyTitle: 'La ballena' }),
    ]);
    renderApp('/fics/revision');
    await user().click(await screen.findByRole('button', { name: 'Eliminar El faro' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Eliminar «El faro»?' });
    expect(dialog).toHaveTextContent('Esta acción no puede ser reversada, asegurese antes de continuar.');
    await user().click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Fic eliminada exitosamente')).toBeInTheDocument();
    expect(deleteCalls(fetchMock)).toEqual(['/api/v1/stories/story-1']);
    await waitFor(() => expect(screen.queryByText('El faro')).not.toBeInTheDocument());
    expect(screen.getByText('La ballena')).toBeInTheDocument();
    expect(screen.getByText('1 fic')).toBeInTheDocument();
  });

  it('keeps delete greyed for a fic the teacher did not evaluate, and says who may delete it', async () => {
    const fetchMock = stubReviewApi('review', [makeRow(1, { storyTitle: 'El faro', canDelete: false })]);
    renderApp('/fics/revision');
    const button = await screen.findByRole('button', { name: 'Eliminar El faro' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await user().click(button);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Solo el docente que evaluó esta fic puede eliminarla',
    );
    expect(button).toHaveAccessibleDescription('Solo el docente que evaluó esta fic puede eliminarla');
    expect(deleteCalls(fetchMock)).toEqual([]);
  });

  it('says why a delete was refused', async () => {
    stubReviewApi('review', [makeRow(1, { storyTitle: 'El faro', canDelete: true })], {
      deleteStatus: 404,
      deleteMessage: 'La fic solicitada no existe',
    });
    renderApp('/fics/revision');
    await user().click(await screen.findByRole('button', { name: 'Eliminar El faro' }));
    await user().click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Eliminar' }));
    // The error toast (the app is aria-hidden while the dialog fades out: found by its text).
    const toast = await screen.findByText('La fic solicitada no existe');
    expect(toast.closest('[role="alert"]')).not.toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('filters by status through the URL, back on the first page', async () => {
    const fetchMock = stubReviewApi('review', [
      ...Array.from({ length: 25 }, (_, index) => makeRow(index + 1)),
      makeRow(26, { storyTitle: 'La evaluada', publicationStatus: 'EVALUATED' }),
    ]);
    const { router } = renderApp('/fics/revision?page=2');
    expect(await screen.findByText('Fic número 21')).toBeInTheDocument();
    await user().click(screen.getByRole('combobox', { name: 'Estado' }));
    await user().click(await screen.findByRole('option', { name: 'Evaluada con correcciones' }));
    expect(await screen.findByText('La evaluada')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?status=EVALUATED');
    expect(await tableCells('Fics para revisión')).toHaveLength(1);
    expect(listQueries(fetchMock, 'review')).toEqual([
      '?page=2&limit=20',
      '?page=1&limit=20&status=EVALUATED',
    ]);
  });

  it('pages through the list with the page and size in the URL', async () => {
    const fetchMock = stubReviewApi(
      'review',
      Array.from({ length: 45 }, (_, index) => makeRow(index + 1)),
    );
    const { router } = renderApp('/fics/revision');
    const controls = await screen.findByRole('navigation', { name: 'Páginas de fics para revisión' });
    expect(await within(controls).findByText('1–20 de 45')).toBeInTheDocument();
    await user().click(within(controls).getByRole('button', { name: 'Página siguiente' }));
    expect(await screen.findByText('Fic número 21')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    await user().click(within(controls).getByRole('combobox', { name: /Filas por página/ }));
    await user().click(await screen.findByRole('option', { name: '50' }));
    expect(await screen.findByText('Fic número 45')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?limit=50');
    expect(listQueries(fetchMock, 'review')).toEqual([
      '?page=1&limit=20',
      '?page=2&limit=20',
      '?page=1&limit=50',
    ]);
  });

  it('goes back a page after deleting the last row of the last page', async () => {
    stubReviewApi('review', [
      ...Array.from({ length: 20 }, (_, index) => makeRow(index + 1)),
      makeRow(21, { storyTitle: 'La última', canDelete: true }),
    ]);
    const { router } = renderApp('/fics/revision?page=2');
    await user().click(await screen.findByRole('button', { name: 'Eliminar La última' }));
    await user().click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Fic número 1')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('shows cards on phones', async () => {
    stubPhoneWidth();
    stubReviewApi('review', [
      makeRow(1, {
        student: null,
        nicknameValue: 'Luna',
        storyTitle: 'El faro',
        publicationStatus: 'EVALUATED',
        personal: true,
      }),
    ]);
    renderApp('/fics/revision');
    const list = await screen.findByRole('list', { name: 'Fics para revisión' });
    const card = await within(list).findByRole('listitem');
    expect(card).toHaveTextContent('El faro');
    expect(card).toHaveTextContent('Seudónimo: Luna');
    expect(card).toHaveTextContent('Colegio Los Andes · Quinto Básico A');
    expect(card).toHaveTextContent('Evaluada con correcciones');
    expect(card).toHaveTextContent('Información personal');
    expect(card).toHaveTextContent('ene 05, 2025');
    expect(within(card).getByRole('link', { name: 'Corregir fic: El faro' })).toHaveAttribute(
      'href',
      '/fics/story-1/revision',
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says there is nothing to show, and offers every status when a filter is on', async () => {
    stubReviewApi('review', [makeRow(1, { storyTitle: 'El faro' })]);
    const { router } = renderApp('/fics/revision?status=EVALUATED');
    expect(await screen.findByText('Nada que mostrar...')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await user().click(screen.getByRole('button', { name: 'Ver todas' }));
    expect(await screen.findByText('El faro')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('says the list could not load, and tries again on request', async () => {
    const fetchMock = stubReviewApi('review', [], { listStatus: 500 });
    renderApp('/fics/revision');
    expect(
      await screen.findByText(
        'Ha ocurrido un problema, por favor intenta de nuevo más tarde.',
        {},
        { timeout: 8000 },
      ),
    ).toBeInTheDocument();
    const before = listQueries(fetchMock, 'review').length;
    await user().click(screen.getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(listQueries(fetchMock, 'review').length).toBeGreaterThan(before));
  });

  it('is for teachers only: anyone else goes home', async () => {
    mockApi({ 'GET /auth/me': { body: { user: makeUser('STUDENT') } } });
    setTokens({ accessToken: 'access', refreshToken: 'refresh' });
    const { router } = renderApp('/fics/revision');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
