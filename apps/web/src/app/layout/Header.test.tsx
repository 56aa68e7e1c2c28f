import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@fics/contracts';
import { LoginDialogProvider } from '../../features/auth';
import { filterPanel } from '../../features/home';
import { setTokens } from '../../lib/session';
import { makeUser, mockApi, renderApp, requestUrl, renderWithProviders } from '../../test/utils';
import { menuEntries, type MenuEntry } from '../menu';
import { Header } from './Header';

// Every entry flipped on, as it will be once all pages exist; the flag itself is tested below.
const allAvailable: MenuEntry[] = menuEntries.map((entry) => ({ ...entry, available: true }));

function renderHeader(user: User | null, entries: readonly MenuEntry[] = allAvailable, path = '/') {
  const fetchMock = mockApi({
    'GET /auth/me': user ? { body: { user } } : { status: 401, body: { type: 'UNAUTHORIZED', message: 'x' } },
    'POST /auth/logout': { body: { ok: true } },
  });
  if (user) {
    setTokens({ accessToken: 'access', refreshToken: 'refresh' });
  }
  renderWithProviders(
    <LoginDialogProvider>
      <Header entries={entries} />
    </LoginDialogProvider>,
    path,
  );
  return { fetchMock, user: userEvent.setup() };
}

async function openMenu(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Menú de la cuenta' }));
  return screen.findByRole('menu');
}

const linkNames = (menu: HTMLElement) =>
  within(menu)
    .queryAllByRole('menuitem')
    .map((item) => item.textContent);

describe('Header', () => {
  afterEach(() => {
    act(() => filterPanel.close());
    vi.unstubAllGlobals();
  });

  it("offers 'Ingresar' to visitors and opens the login dialog", async () => {
    const { user } = renderHeader(null);
    expect(screen.getByRole('link', { name: 'Fics' })).toHaveAttribute('href', '/');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByRole('dialog', { name: 'Ingresar' })).toBeInTheDocument();
  });

  it("opens the login as the app starts when the server-painted 'Ingresar' was tapped before (boot.ts)", async () => {
    document.documentElement.setAttribute('data-login-wanted', '');
    renderHeader(null);
    expect(await screen.findByRole('dialog', { name: 'Ingresar' })).toBeInTheDocument();
    // Taken once: the mark is gone.
    expect(document.documentElement.hasAttribute('data-login-wanted')).toBe(false);
  });

  it('opens no login for an early tap when a session is stored: the account menu shows instead', async () => {
    document.documentElement.setAttribute('data-login-wanted', '');
    renderHeader(makeUser('STUDENT'));
    expect(await screen.findByRole('button', { name: 'Menú de la cuenta' })).toBeInTheDocument();
    expect(document.documentElement.hasAttribute('data-login-wanted')).toBe(false);
    // The dialog's code loads lazily: give it the time it takes elsewhere in this file to show.
    await expect(screen.findByRole('dialog', undefined, { timeout: 1500 })).rejects.toThrow();
  });

  it('shows an administrator their name, role and admin links', async () => {
    const { user } = renderHeader(makeUser('ADMIN'));
    const menu = await openMenu(user);
    expect(within(menu).getByText('Ana María Rojas')).toBeInTheDocument();
    expect(within(menu).getByText('Administrador')).toBeInTheDocument();
    expect(within(menu).getByText('AM')).toBeInTheDocument();
    expect(linkNames(menu)).toEqual([
      'Perfil',
      'Usuarios',
      'Escuelas',
      'Solicitudes de cambio',
      'Solicitudes de creación de cuentas',
      // Their rubrics are the schools' templates (issue 20.4).
      'Mis rúbricas',
      // The moderation queue (issue 21.3).
      'Reportes',
      // Requests under Ley 21.719 (issue 22.3).
      'Solicitudes de datos',
      // The register of security incidents (issue 22.6).
      'Incidentes de seguridad',
      'Log out',
    ]);
    expect(within(menu).getByRole('menuitem', { name: 'Escuelas' })).toHaveAttribute('href', '/escuelas');
  });

  it('shows a teacher the teacher links and no school line', async () => {
    const { user } = renderHeader(makeUser('TEACHER'));
    const menu = await openMenu(user);
    expect(within(menu).getByText('Docente')).toBeInTheDocument();
    expect(within(menu).queryByText(/Colegio Los Andes/)).not.toBeInTheDocument();
    expect(linkNames(menu)).toEqual([
      'Perfil',
      'Usuarios',
      'Corregir fic',
      'Fics publicados',
      'Mis rúbricas',
      'Reportes',
      'Log out',
    ]);
  });

  it('shows a student their school and grade and the student links', async () => {
    const { user } = renderHeader(makeUser('STUDENT'));
    const menu = await openMenu(user);
    expect(within(menu).getByText('Estudiante')).toBeInTheDocument();
    expect(within(menu).getByText('Colegio Los Andes')).toBeInTheDocument();
    expect(within(menu).getByText('Quinto Básico A')).toBeInTheDocument();
    expect(linkNames(menu)).toEqual(['Perfil', 'Crear Fic', 'Mis fics', 'Log out']);
  });

  it('lists only entries whose page exists', async () => {
    const onlyProfile = menuEntries.map((entry) => ({ ...entry, available: entry.path === '/perfil' }));
    const { user } = renderHeader(makeUser('ADMIN'), onlyProfile);
    const menu = await openMenu(user);
    expect(linkNames(menu)).toEqual(['Perfil', 'Log out']);
  });

  it('shows the profile picture when there is one', async () => {
    const { user } = renderHeader(makeUser('TEACHER', { profilePicture: { url: '/media/ana.png' } }));
    const menu = await openMenu(user);
    expect(menu.querySelector('img')).toHaveAttribute('src', '/media/ana.png');
  });

  it("logs out: calls the server, clears storage, toasts and shows 'Ingresar' again", async () => {
    const { user, fetchMock } = renderHeader(makeUser('STUDENT'));
    const menu = await openMenu(user);
    await user.click(within(menu).getByRole('menuitem', { name: 'Log out' }));
    expect(await screen.findByText('Se ha desconectado con éxito!')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    const logoutCall = fetchMock.mock.calls.find(([url]) => requestUrl(url) === '/api/v1/auth/logout');
    expect(new Headers(logoutCall![1]!.headers).get('authorization')).toBe('Bearer access');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Ingresar' })).toBeInTheDocument());
  });

  it('offers the gallery filter toggle on the home only, opening and closing the panel', async () => {
    const { user } = renderHeader(null);
    const toggle = screen.getByRole('button', { name: 'Filtrar fics' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).not.toHaveAttribute('aria-controls');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAttribute('aria-controls', 'gallery-filters');
    expect(filterPanel.get().open).toBe(true);
    await user.click(toggle);
    expect(filterPanel.get().open).toBe(false);
  });

  it('counts the filters in use on the toggle', () => {
    renderHeader(null, allAvailable, '/?tags=terror,mar&collegeId=c1');
    expect(screen.getByRole('button', { name: 'Filtrar fics (3 filtros activos)' })).toBeInTheDocument();
  });

  it('shows no filter toggle away from the home', () => {
    renderHeader(null, allAvailable, '/fics/abc');
    expect(screen.queryByRole('button', { name: /Filtrar fics/ })).not.toBeInTheDocument();
  });

  it('goes home with no filters and the panel shut when the logo is clicked', async () => {
    const fetchMock = mockApi({
      'GET /stories': {
        body: { stories: { docs: [], page: 1, limit: 12, totalDocs: 0, hasNextPage: false, nextPage: null } },
      },
      'GET /colleges/list': { body: { colleges: [] } },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/?tags=terror&searchTitle=mar');
    await user.click(await screen.findByRole('button', { name: 'Filtrar fics (2 filtros activos)' }));
    expect(await screen.findByRole('region', { name: 'Filtrar fics' })).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Fics' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByRole('region', { name: 'Filtrar fics' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Filtrar fics' })).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => {
      const last = fetchMock.mock.calls
        .map(([input]) => requestUrl(input))
        .filter((url) => url.startsWith('/api/v1/stories?'))
        .at(-1);
      expect(last).toBe('/api/v1/stories?page=1');
    });
  });
});
