import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, stubPhoneWidth } from '../../../test/utils';
import { deleteCalls, listQueries, makeRow, stubReviewApi } from '../review.fixtures';

const user = () => userEvent.setup({ delay: null });
const published = (n: number, overrides: Parameters<typeof makeRow>[1] = {}) =>
  makeRow(n, { publicationStatus: 'PUBLISHED', ...overrides });

describe('PublishedStoriesPage (/fics/publicadas)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("lists the grades' published fics: Alumno, Colegio / Curso, Fic, date, and a view link", async () => {
    const fetchMock = stubReviewApi('published', [
      published(1, { student: 'Sofía Espinoza', storyTitle: 'El faro' }),
      published(2, { student: null, anonymity: true, storyTitle: 'La ballena' }),
    ]);
    renderApp('/fics/publicadas');
    expect(await screen.findByRole('heading', { level: 1, name: 'Fics Publicados' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Fics publicados' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Alumno', 'Colegio / Curso', 'Fic', 'Fecha', 'Acciones']);
    // The skeleton rows come first: read the rows once the fics are in.
    await within(table).findByText('El faro');
    const rows = (await within(table).findAllByRole('row')).slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(0, -1)
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Sofía Espinoza', 'Colegio Los AndesQuinto Básico A', 'El faro', 'ene 05, 2025'],
      ['Anónimo', 'Colegio Los AndesQuinto Básico A', 'La ballena', 'ene 05, 2025'],
    ]);
    expect(within(table).queryByText('Público')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver La ballena' })).toHaveAttribute('href', '/fics/story-2');
    expect(listQueries(fetchMock, 'published')).toEqual(['?page=1&limit=20']);
  });

  it('deletes a fic its evaluator may delete, and greys delete for the others', async () => {
    const fetchMock = stubReviewApi('published', [
      published(1, { storyTitle: 'El faro', canDelete: true }),
      published(2, { storyTitle: 'La ballena', canDelete: false }),
    ]);
    renderApp('/fics/publicadas');
    expect(await screen.findByRole('button', { name: 'Eliminar La ballena' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await user().click(screen.getByRole('button', { name: 'Eliminar El faro' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Eliminar «El faro»?' });
    expect(dialog).toHaveTextContent('Esta acción no puede ser reversada, asegurese antes de continuar.');
    await user().click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Fic eliminada exitosamente')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('El faro')).not.toBeInTheDocument());
    expect(deleteCalls(fetchMock)).toEqual(['/api/v1/stories/story-1']);
  });

  it('cancelling the confirmation deletes nothing', async () => {
    const fetchMock = stubReviewApi('published', [published(1, { storyTitle: 'El faro', canDelete: true })]);
    renderApp('/fics/publicadas');
    await user().click(await screen.findByRole('button', { name: 'Eliminar El faro' }));
    await user().click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('El faro')).toBeInTheDocument();
    expect(deleteCalls(fetchMock)).toEqual([]);
  });

  it('pages through the list with the page in the URL, and corrects a page past the end', async () => {
    const fetchMock = stubReviewApi(
      'published',
      Array.from({ length: 25 }, (_, index) => published(index + 1)),
    );
    const { router } = renderApp('/fics/publicadas?page=7');
    expect(await screen.findByText('Fic número 25')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    const controls = screen.getByRole('navigation', { name: 'Páginas de fics publicados' });
    expect(within(controls).getByText('21–25 de 25')).toBeInTheDocument();
    await user().click(within(controls).getByRole('button', { name: 'Página anterior' }));
    expect(await screen.findByText('Fic número 1')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(listQueries(fetchMock, 'published')).toEqual([
      '?page=7&limit=20',
      '?page=2&limit=20',
      '?page=1&limit=20',
    ]);
  });

  it('shows cards on phones', async () => {
    stubPhoneWidth();
    stubReviewApi('published', [published(1, { storyTitle: 'El faro', student: 'Sofía Espinoza' })]);
    renderApp('/fics/publicadas');
    const card = await within(await screen.findByRole('list', { name: 'Fics publicados' })).findByRole(
      'listitem',
    );
    expect(card).toHaveTextContent('El faro');
    expect(card).toHaveTextContent('Sofía Espinoza');
    expect(card).toHaveTextContent('Colegio Los Andes · Quinto Básico A');
    expect(card).not.toHaveTextContent('Público');
    expect(within(card).getByRole('link', { name: 'Ver El faro' })).toHaveAttribute('href', '/fics/story-1');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says there is nothing to show', async () => {
    stubReviewApi('published', []);
    renderApp('/fics/publicadas');
    expect(await screen.findByText('Nada que mostrar...')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says the list could not load, and tries again on request', async () => {
    const fetchMock = stubReviewApi('published', [], { listStatus: 500 });
    renderApp('/fics/publicadas');
    expect(
      await screen.findByText(
        'Ha ocurrido un problema, por favor intenta de nuevo más tarde.',
        {},
        { timeout: 8000 },
      ),
    ).toBeInTheDocument();
    const before = listQueries(fetchMock, 'published').length;
    await user().click(screen.getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(listQueries(fetchMock, 'published').length).toBeGreaterThan(before));
  });
});
