import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { galleryMessages } from '@fics/contracts';
import { setTokens } from '../../../lib/session';
import { makeUser, renderApp, requestUrl } from '../../../test/utils';
import { routes } from '../../../app/router';
import { StoryTags } from '../../stories';
import { filterPanel } from '../filter-panel';
import { galleryCalls, makeCard, stubGallery } from '../home.fixtures';

const cardsOf = (count: number, from = 1) => Array.from({ length: count }, (_, i) => makeCard(from + i));

/** A first page as the server may send it with the HTML. */
const serverPage = {
  docs: [makeCard(9, { title: 'Del servidor' })],
  page: 1,
  limit: 12,
  totalDocs: 1,
  hasNextPage: false,
  nextPage: null,
};

/** The gallery list once its cards are in (the skeleton list has another name). */
const gallery = () => screen.findByRole('list', { name: 'Fics' });
const cardTitles = (list: HTMLElement) =>
  within(list)
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent);

describe('HomePage (/): the gallery', () => {
  afterEach(() => {
    act(() => filterPanel.close());
    delete window.__FICS_INITIAL_GALLERY__;
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows each card with its cover, title, author as the fic allows and likes, linking to the fic', async () => {
    stubGallery({
      cards: [
        makeCard(1, { title: 'La ballena', likesCount: 7 }),
        makeCard(2, { title: 'El faro', anonymity: true, writtenBy: null }),
        makeCard(3, { title: 'La isla', nickname: true, nicknameValue: 'Luna Azul', writtenBy: null }),
        makeCard(4, {
          title: 'El bosque',
          writtenBy: { _id: 'a4', name: 'Tomás Pérez', profilePicture: { url: '/media/tomas.png' } },
        }),
        makeCard(5, { title: 'Sin autor', writtenBy: null }),
      ],
    });
    renderApp('/');
    expect(screen.getByRole('heading', { level: 1, name: 'Fics publicados' })).toBeInTheDocument();
    const list = await gallery();
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(5);
    expect(cardTitles(list)).toEqual(['La ballena', 'El faro', 'La isla', 'El bosque', 'Sin autor']);

    const first = within(items[0]!);
    expect(first.getByRole('link', { name: 'La ballena' })).toHaveAttribute('href', '/fics/story-1');
    expect(first.getByText('Sofía E.')).toBeInTheDocument();
    expect(first.getByText('SE')).toBeInTheDocument();
    expect(items[0]).toHaveTextContent('7 me gusta');
    const cover = first.getByRole('img', { name: 'La ballena' });
    expect(cover).toHaveAttribute('width', '1080');
    expect(cover).toHaveAttribute('height', '1080');
    expect(cover).toHaveAttribute('loading', 'eager');
    expect(cover).toHaveAttribute('decoding', 'async');
    expect(items[0]!.querySelector('source')).toHaveAttribute(
      'srcset',
      '/media/covers/1-320.webp 320w, /media/covers/1-640.webp 640w',
    );

    expect(within(items[1]!).getByText('Anónimo')).toBeInTheDocument();
    expect(within(items[2]!).getByText('Luna Azul')).toBeInTheDocument();
    expect(within(items[2]!).queryByText('Sofía E.')).not.toBeInTheDocument();
    expect(items[3]!.querySelector('img[src="/media/tomas.png"]')).toHaveAttribute('alt', '');
    expect(within(items[3]!).getByText('Tomás Pérez')).toBeInTheDocument();
    expect(within(items[3]!).getByRole('img', { name: 'El bosque' })).toHaveAttribute('loading', 'lazy');
    expect(within(items[4]!).getByText('Anónimo')).toBeInTheDocument();
  });

  it('shows skeleton cards while the first page loads', async () => {
    stubGallery({ cards: cardsOf(3) });
    renderApp('/');
    const loading = screen.getByRole('list', { name: 'Cargando fics' });
    expect(loading).toHaveAttribute('aria-busy', 'true');
    expect(within(loading).getAllByRole('listitem')).toHaveLength(12);
    expect(await gallery()).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Cargando fics' })).not.toBeInTheDocument();
  });

  it("appends the next page with 'Ver más', then says there is no more", async () => {
    const fetchMock = stubGallery({ cards: cardsOf(30) });
    const user = userEvent.setup();
    renderApp('/');
    const list = await gallery();
    expect(within(list).getAllByRole('listitem')).toHaveLength(12);

    await user.click(screen.getByRole('button', { name: 'Ver más' }));
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(24));
    // The focus moves to the first new card.
    expect(screen.getByRole('link', { name: 'Fic número 13' })).toHaveFocus();
    expect(screen.queryByText(galleryMessages.noMore)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Ver más' }));
    expect(await screen.findByText(galleryMessages.noMore)).toBeInTheDocument();
    expect(within(list).getAllByRole('link')).toHaveLength(30);
    expect(screen.queryByRole('button', { name: 'Ver más' })).not.toBeInTheDocument();
    expect(galleryCalls(fetchMock).map((q) => q.get('page'))).toEqual(['1', '2', '3']);
  });

  it("says nothing at the end when everything fits on the first page, and offers no 'Ver más'", async () => {
    stubGallery({ cards: cardsOf(12) });
    renderApp('/');
    expect(within(await gallery()).getAllByRole('link')).toHaveLength(12);
    expect(screen.queryByRole('button', { name: 'Ver más' })).not.toBeInTheDocument();
    expect(screen.queryByText(galleryMessages.noMore)).not.toBeInTheDocument();
  });

  it('says so when no fic matches', async () => {
    stubGallery({ cards: [] });
    renderApp('/?searchTitle=zzz');
    expect(await screen.findByText(galleryMessages.empty)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Fics' })).not.toBeInTheDocument();
  });

  it('says so when the gallery cannot be loaded, and tries again with Reintentar', async () => {
    stubGallery({ cards: cardsOf(2), status: 500, failures: 2 });
    const user = userEvent.setup();
    renderApp('/');
    expect(await screen.findByText(galleryMessages.loadFailed)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(within(await gallery()).getAllByRole('link')).toHaveLength(2);
  });

  it("keeps the cards when 'Ver más' fails, and retries that page", async () => {
    const fetchMock = stubGallery({ cards: cardsOf(20), failPage: 2 });
    const user = userEvent.setup();
    renderApp('/');
    await gallery();
    await user.click(screen.getByRole('button', { name: 'Ver más' }));
    expect(await screen.findByText(galleryMessages.loadFailed)).toBeInTheDocument();
    expect(within(await gallery()).getAllByRole('link')).toHaveLength(12);
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(galleryCalls(fetchMock).filter((q) => q.get('page') === '2').length).toBe(4));
  });

  it('reads the filters from the URL, asks the API with them and shows them as chips', async () => {
    const fetchMock = stubGallery({ cards: cardsOf(3) });
    renderApp('/?searchTitle=mar&tags=terror,%20viaje,Terror&collegeId=college-1&gradeId=grade-2');
    await gallery();
    const [query] = galleryCalls(fetchMock);
    expect(Object.fromEntries(query!)).toEqual({
      page: '1',
      searchTitle: 'mar',
      tags: 'terror,viaje',
      collegeId: 'college-1',
      gradeId: 'grade-2',
    });
    const chips = await screen.findByRole('list', { name: 'Filtros activos' });
    await waitFor(() =>
      expect(
        within(chips)
          .getAllByRole('button')
          .map((chip) => chip.textContent),
      ).toEqual([
        'Título: mar',
        'Etiqueta: terror',
        'Etiqueta: viaje',
        'Escuela: Colegio Los Andes',
        'Curso: Sexto Básico B',
      ]),
    );
    expect(screen.getByText('3 fics encontrados')).toHaveAttribute('role', 'status');
  });

  it('reopens the panel on the chosen filter when a chip is clicked, and a chip’s delete removes it', async () => {
    const fetchMock = stubGallery({ cards: cardsOf(3) });
    const user = userEvent.setup();
    const { router } = renderApp('/?tags=terror,viaje');
    const chips = await screen.findByRole('list', { name: 'Filtros activos' });
    await user.click(within(chips).getByRole('button', { name: 'Etiqueta: viaje' }));
    const panel = await screen.findByRole('region', { name: 'Filtrar fics' });
    await waitFor(() => expect(within(panel).getByRole('combobox', { name: 'Etiquetas' })).toHaveFocus());
    expect(within(panel).getByRole('button', { name: 'terror' })).toBeInTheDocument();

    // Delete on a chip removes that filter.
    within(chips).getByRole('button', { name: 'Etiqueta: terror' }).focus();
    await user.keyboard('{Delete}');
    await waitFor(() => expect(router.state.location.search).toBe('?tags=viaje'));
    await waitFor(() => expect(galleryCalls(fetchMock).at(-1)?.get('tags')).toBe('viaje'));
  });

  it('searches with the panel by title and tags (a suggestion, a typed one), then closes it', async () => {
    const fetchMock = stubGallery({ cards: cardsOf(2) });
    const user = userEvent.setup();
    const { router } = renderApp('/');
    await gallery();
    act(() => filterPanel.open());
    const panel = await screen.findByRole('region', { name: 'Filtrar fics' });
    const title = within(panel).getByRole('textbox', { name: 'Buscar por título' });
    await waitFor(() => expect(title).toHaveFocus());
    await user.type(title, 'ola');

    const tags = within(panel).getByRole('combobox', { name: 'Etiquetas' });
    await user.type(tags, 'te');
    await user.click(await screen.findByRole('option', { name: 'terror' }, { timeout: 3000 }));
    await user.type(tags, 'mar{Enter}');
    expect(within(panel).getByRole('button', { name: 'mar' })).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(router.state.location.search).toBe('?searchTitle=ola&tags=terror%2Cmar'));
    expect(screen.queryByRole('region', { name: 'Filtrar fics' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
    await waitFor(() => expect(galleryCalls(fetchMock).at(-1)?.get('tags')).toBe('terror,mar'));
  });

  it('searches with the panel by school and one of its grades', async () => {
    stubGallery({ cards: cardsOf(2) });
    const user = userEvent.setup();
    const { router } = renderApp('/');
    await gallery();
    act(() => filterPanel.open('collegeId'));
    const panel = await screen.findByRole('region', { name: 'Filtrar fics' });
    const grade = within(panel).getByRole('combobox', { name: 'Curso' });
    expect(grade).toHaveAttribute('aria-disabled', 'true');
    await user.click(within(panel).getByRole('combobox', { name: 'Escuela' }));
    await user.click(await screen.findByRole('option', { name: 'Colegio Los Andes' }));
    await user.click(grade);
    await user.click(await screen.findByRole('option', { name: 'Quinto Básico A' }));
    await user.click(within(panel).getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(router.state.location.search).toBe('?collegeId=college-1&gradeId=grade-1'));
  });

  it('asks for tag suggestions only once the typing pauses', async () => {
    const fetchMock = stubGallery({ cards: cardsOf(1) });
    const user = userEvent.setup();
    renderApp('/');
    await gallery();
    act(() => filterPanel.open('tags'));
    const tags = await screen.findByRole('combobox', { name: 'Etiquetas' });
    await user.type(tags, 'terr');
    await screen.findByRole('option', { name: 'terror' }, { timeout: 3000 });
    const tagCalls = fetchMock.mock.calls
      .map(([input]) => requestUrl(input))
      .filter((url) => url.includes('/stories/tags'));
    expect(tagCalls).toEqual(['/api/v1/stories/tags?search=terr']);
  });

  it('Limpiar removes every filter and keeps the panel open; a new school drops the grade', async () => {
    stubGallery({ cards: cardsOf(2) });
    const user = userEvent.setup();
    const { router } = renderApp('/?tags=terror&collegeId=college-1&gradeId=grade-1');
    await gallery();
    act(() => filterPanel.open());
    const panel = await screen.findByRole('region', { name: 'Filtrar fics' });
    await waitFor(() =>
      expect(within(panel).getByRole('combobox', { name: 'Curso' })).toHaveTextContent('Quinto Básico A'),
    );
    await user.click(within(panel).getByRole('combobox', { name: 'Escuela' }));
    await user.click(await screen.findByRole('option', { name: 'Escuela del Mar' }));
    expect(within(panel).getByRole('combobox', { name: 'Curso' })).toHaveTextContent('Todos los cursos');

    await user.click(within(panel).getByRole('button', { name: 'Limpiar' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    const reopened = screen.getByRole('region', { name: 'Filtrar fics' });
    expect(within(reopened).getByRole('combobox', { name: 'Escuela' })).toHaveValue('');
    expect(within(reopened).queryByRole('button', { name: 'terror' })).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Filtros activos' })).not.toBeInTheDocument();
  });

  it('closes the panel with Escape', async () => {
    stubGallery({ cards: cardsOf(1) });
    const user = userEvent.setup();
    renderApp('/');
    await gallery();
    act(() => filterPanel.open());
    await screen.findByRole('region', { name: 'Filtrar fics' });
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Buscar por título' })).toHaveFocus());
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Filtrar fics' })).not.toBeInTheDocument();
  });

  it('paints the first page the server sent with the HTML without asking for it', async () => {
    const fetchMock = stubGallery({ cards: cardsOf(3) });
    window.__FICS_INITIAL_GALLERY__ = { query: '', stories: serverPage };
    renderApp('/');
    expect(cardTitles(screen.getByRole('list', { name: 'Fics' }))).toEqual(['Del servidor']);
    expect(galleryCalls(fetchMock)).toHaveLength(0);
    expect(window.__FICS_INITIAL_GALLERY__).toBeUndefined();
  });

  it('reads the server’s first page from a JSON element too (no inline script for the CSP to allow)', async () => {
    const fetchMock = stubGallery({ cards: cardsOf(3) });
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = 'fics-initial-gallery';
    element.textContent = JSON.stringify({ query: '?tags=mar', stories: serverPage });
    document.body.append(element);
    renderApp('/?tags=mar');
    expect(cardTitles(screen.getByRole('list', { name: 'Fics' }))).toEqual(['Del servidor']);
    expect(galleryCalls(fetchMock)).toHaveLength(0);
    expect(document.getElementById('fics-initial-gallery')).toBeNull();
  });

  it('ignores the server’s first page when it was made for other filters, or the reader is signed in', async () => {
    const fetchMock = stubGallery({ cards: cardsOf(2) });
    window.__FICS_INITIAL_GALLERY__ = { query: 'tags=mar', stories: serverPage };
    const first = renderApp('/?tags=terror');
    expect(cardTitles(await gallery())).toEqual(['Fic número 1', 'Fic número 2']);
    expect(galleryCalls(fetchMock)).toHaveLength(1);
    first.unmount();

    stubGallery({ cards: cardsOf(2), extra: { 'GET /auth/me': { body: { user: makeUser('STUDENT') } } } });
    setTokens({ accessToken: 'a', refreshToken: 'r' });
    window.__FICS_INITIAL_GALLERY__ = { query: '', stories: serverPage };
    renderApp('/');
    expect(cardTitles(await gallery())).toEqual(['Fic número 1', 'Fic número 2']);
  });

  it('a tag clicked on a fic opens the gallery filtered by it', async () => {
    const fetchMock = stubGallery({
      cards: (query) => (query.get('tags') === 'terror' ? [makeCard(5, { title: 'Miedo' })] : cardsOf(3)),
    });
    const user = userEvent.setup();
    // The fic page's tags (features/stories, StoryTags) beside the real route table.
    const { router } = renderApp('/fic', [
      { path: '/fic', element: <StoryTags tags={['terror']} /> },
      ...routes,
    ]);
    await user.click(await screen.findByRole('link', { name: 'Ver fics con la etiqueta terror' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tags=terror'));
    expect(cardTitles(await gallery())).toEqual(['Miedo']);
    expect(galleryCalls(fetchMock).at(-1)?.get('tags')).toBe('terror');
    expect(await screen.findByRole('button', { name: 'Etiqueta: terror' })).toBeInTheDocument();
  });
});
