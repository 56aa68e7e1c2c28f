import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StorySummary } from '@fics/contracts';
import { setTokens } from '../../../lib/session';
import { makeUser, mockApi, renderApp, requestUrl, stubPhoneWidth } from '../../../test/utils';
import { makeSummary } from './story-page.fixtures';

/**
 * Signs a student in and serves GET /stories/student-stories from `stories` with the page and limit
 * asked (or `status` with an error). Returns the fetch mock.
 */
function stubApi(stories: StorySummary[], options: { status?: number } = {}) {
  const others = mockApi({ 'GET /auth/me': { body: { user: makeUser('STUDENT') } } });
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(requestUrl(input), 'http://localhost');
    if (url.pathname !== '/api/v1/stories/student-stories') {
      return others(input, init);
    }
    if (options.status) {
      return new Response(JSON.stringify({ type: 'INTERNAL', message: 'Error interno' }), {
        status: options.status,
        headers: { 'content-type': 'application/json' },
      });
    }
    const page = Number(url.searchParams.get('page') ?? 1);
    const limit = Number(url.searchParams.get('limit') ?? 20);
    const docs = stories.slice((page - 1) * limit, page * limit);
    const hasNextPage = page * limit < stories.length;
    const body = {
      stories: {
        docs,
        page,
        limit,
        totalDocs: stories.length,
        hasNextPage,
        nextPage: hasNextPage ? page + 1 : null,
      },
    };
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  setTokens({ accessToken: 'access', refreshToken: 'refresh' });
  return fetchMock;
}

/** The page and limit of each GET /stories/student-stories, in order. */
function listQueries(fetchMock: ReturnType<typeof stubApi>): string[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(requestUrl(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/v1/stories/student-stories')
    .map((url) => url.search);
}

describe('MyStoriesPage (/mis-fics)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("lists the student's fics with the status labels of spec 001 §4, the date in Spanish and a view link", async () => {
    stubApi([
      makeSummary(1, { title: 'El faro', publicationStatus: 'EDITING' }),
      makeSummary(2, {
        title: 'La ballena',
        publicationStatus: 'REVIEWING',
        date: '2025-12-24T12:00:00.000Z',
      }),
      makeSummary(3, { title: 'El bosque', publicationStatus: 'EVALUATED' }),
      makeSummary(4, { title: 'La isla', publicationStatus: 'PUBLISHED', draft: false }),
    ]);
    renderApp('/mis-fics');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mis fics' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Mis fics' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Título', 'Estado', 'Fecha', 'Acciones']);
    // The skeleton rows come first: read the rows once the fics are in.
    await within(table).findByText('El faro');
    const rows = await within(table).findAllByRole('row');
    const cells = rows.slice(1).map((row) =>
      within(row)
        .getAllByRole('cell')
        .slice(0, 3)
        .map((cell) => cell.textContent),
    );
    expect(cells).toEqual([
      ['El faro', 'Borrador', 'ene 05, 2025'],
      ['La ballena', 'Por revisar', 'dic 24, 2025'],
      ['El bosque', 'Evaluada con correcciones', 'ene 05, 2025'],
      ['La isla', 'Público', 'ene 05, 2025'],
    ]);
    expect(screen.getByRole('link', { name: 'Ver La ballena' })).toHaveAttribute('href', '/fics/story-2');
    expect(screen.getByRole('link', { name: 'Añadir' })).toHaveAttribute('href', '/fics/nuevo');
    expect(screen.getByText('4 fics')).toBeInTheDocument();
  });

  it('shows the date the list is sorted by (the fic’s date), newest first as the API sends it', async () => {
    // The API sorts by `date` (published, else created); the last edit (`updatedAt`) is another
    // date, in another order, which the list must not show.
    stubApi([
      makeSummary(1, {
        title: 'Publicada ayer',
        publicationStatus: 'PUBLISHED',
        draft: false,
        date: '2025-11-26T12:00:00.000Z',
        updatedAt: '2025-11-20T12:00:00.000Z',
      }),
      makeSummary(2, { date: '2025-11-25T12:00:00.000Z', updatedAt: '2025-11-25T12:00:00.000Z' }),
      makeSummary(3, { date: '2025-11-22T12:00:00.000Z', updatedAt: '2025-11-27T12:00:00.000Z' }),
    ]);
    renderApp('/mis-fics');
    const table = await screen.findByRole('table', { name: 'Mis fics' });
    await within(table).findByText('Publicada ayer');
    const dates = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[2]!.textContent);
    expect(dates).toEqual(['nov 26, 2025', 'nov 25, 2025', 'nov 22, 2025']);
  });

  it('pages through the list with the page and size in the URL', async () => {
    const fetchMock = stubApi(Array.from({ length: 45 }, (_, index) => makeSummary(index + 1)));
    const { router } = renderApp('/mis-fics');
    const controls = await screen.findByRole('navigation', { name: 'Páginas de mis fics' });
    expect(await within(controls).findByText('1–20 de 45')).toBeInTheDocument();
    expect(screen.getByText('Fic número 1')).toBeInTheDocument();

    const user = userEvent.setup({ delay: null });
    await user.click(within(controls).getByRole('button', { name: 'Página siguiente' }));
    expect(await screen.findByText('Fic número 21')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    expect(within(controls).getByText('21–40 de 45')).toBeInTheDocument();

    await user.click(within(controls).getByRole('combobox', { name: /Filas por página/ }));
    await user.click(await screen.findByRole('option', { name: '50' }));
    expect(await screen.findByText('Fic número 45')).toBeInTheDocument();
    // A new size starts again on the first page.
    expect(router.state.location.search).toBe('?limit=50');
    expect(listQueries(fetchMock)).toEqual(['?page=1&limit=20', '?page=2&limit=20', '?page=1&limit=50']);
  });

  it('opens on the page a link names, and goes to the last page when that one is past the end', async () => {
    const fetchMock = stubApi(Array.from({ length: 25 }, (_, index) => makeSummary(index + 1)));
    const { router } = renderApp('/mis-fics?page=5');
    expect(await screen.findByText('Fic número 25')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    expect(listQueries(fetchMock)).toEqual(['?page=5&limit=20', '?page=2&limit=20']);
  });

  it('shows cards on phones', async () => {
    stubPhoneWidth();
    stubApi([makeSummary(1, { title: 'El faro', publicationStatus: 'PUBLISHED' })]);
    renderApp('/mis-fics');
    const list = await screen.findByRole('list', { name: 'Mis fics' });
    const card = await within(list).findByRole('listitem');
    expect(card).toHaveTextContent('El faro');
    expect(card).toHaveTextContent('Público');
    expect(card).toHaveTextContent('ene 05, 2025');
    expect(within(card).getByRole('link', { name: 'Ver El faro' })).toHaveAttribute('href', '/fics/story-1');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says there is nothing yet and offers to write one', async () => {
    stubApi([]);
    renderApp('/mis-fics');
    expect(await screen.findByText('Nada que mostrar...')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Escribir una fic' })).toHaveAttribute('href', '/fics/nuevo');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says the list could not load, and tries again on request', async () => {
    const fetchMock = stubApi([], { status: 500 });
    renderApp('/mis-fics');
    expect(
      await screen.findByText(
        'Ha ocurrido un problema, por favor intenta de nuevo más tarde.',
        {},
        { timeout: 8000 },
      ),
    ).toBeInTheDocument();
    const before = listQueries(fetchMock).length;
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(listQueries(fetchMock).length).toBeGreaterThan(before));
  });

  it('is for students only: anyone else goes home', async () => {
    mockApi({ 'GET /auth/me': { body: { user: makeUser('TEACHER') } } });
    setTokens({ accessToken: 'access', refreshToken: 'refresh' });
    const { router } = renderApp('/mis-fics');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
