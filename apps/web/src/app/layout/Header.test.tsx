import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@fics/contracts';
import { LoginDialogProvider } from '../../features/auth';
import { setTokens } from '../../lib/session';
import { makeUser, mockApi, requestUrl, renderWithProviders } from '../../test/utils';
import { menuEntries, type MenuEntry } from '../menu';
import { Header } from './Header';

// Every entry flipped on, as it will be once all pages exist; the flag itself is tested below.
const allAvailable: MenuEntry[] = menuEntries.map((entry) => ({ ...entry, available: true }));

function renderHeader(user: User | null, entries: readonly MenuEntry[] = allAvailable) {
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
    vi.unstubAllGlobals();
  });

  it("offers 'Ingresar' to visitors and opens the login dialog", async () => {
    const { user } = renderHeader(null);
    expect(screen.getByRole('link', { name: 'Fics' })).toHaveAttribute('href', '/');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByRole('dialog', { name: 'Ingresar' })).toBeInTheDocument();
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
});
